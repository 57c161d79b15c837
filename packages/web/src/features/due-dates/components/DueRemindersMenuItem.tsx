import { Menu, Switch } from '@mantine/core';
import { dueDateEndpoints } from '@portal/contract';
import { IconBell } from '@tabler/icons-react';
import { useEndpoint } from '../../../lib/api/endpointQuery.ts';
import { showErrorToast, showSuccessToast } from '../../../lib/notify.tsx';
import { useSetDueSubscription } from '../api.ts';

const LABEL = 'Due-date reminders';

/** The user's digest subscription (docs/due-dates.md): its state and a toggle that toasts the outcome. */
function useDueReminders() {
  const current = useEndpoint(dueDateEndpoints.subscription);
  const save = useSetDueSubscription();
  const subscribed = save.isPending ? Boolean(save.variables?.body.subscribed) : Boolean(current.data?.subscribed);
  const toggle = () =>
    save.mutate(
      { body: { subscribed: !subscribed } },
      {
        onSuccess: (result) => showSuccessToast(result.subscribed ? 'You will get the daily due-date mail' : 'Due-date mails are off'),
        onError: (error) => showErrorToast(error, 'The reminder setting could not be saved'),
        onSettled: () => current.refetch(),
      },
    );
  return { subscribed, toggle, loading: current.isPending };
}

/** The user menu's switch for the daily digest of items newly due soon or overdue. */
export function DueRemindersMenuItem() {
  const { subscribed, toggle, loading } = useDueReminders();
  return (
    <Menu.Item leftSection={<IconBell size={16} />} closeMenuOnClick={false} onClick={toggle} disabled={loading}>
      <Switch
        label={LABEL}
        checked={subscribed}
        readOnly
        size="xs"
        labelPosition="left"
        aria-label="Due-date reminder mails"
        styles={{ body: { justifyContent: 'space-between' }, track: { cursor: 'pointer' } }}
      />
    </Menu.Item>
  );
}

/** The same switch on /Reports/Due, where the digest's "switch off" link points (#reminders). */
export function DueRemindersSwitch() {
  const { subscribed, toggle, loading } = useDueReminders();
  return (
    <Switch
      id="reminders"
      label={LABEL}
      description="A daily mail of the items newly due soon or overdue"
      checked={subscribed}
      disabled={loading}
      onChange={toggle}
    />
  );
}
