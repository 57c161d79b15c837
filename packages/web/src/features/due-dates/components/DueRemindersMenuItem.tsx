import { Menu, Switch } from '@mantine/core';
import { dueDateEndpoints } from '@portal/contract';
import { IconBell } from '@tabler/icons-react';
import { useEndpoint } from '../../../lib/api/endpointQuery.ts';
import { showErrorToast, showSuccessToast } from '../../../lib/notify.tsx';
import { useSetDueSubscription } from '../api.ts';

/** The user menu's switch for the daily digest of items turned yellow or red (docs/due-dates.md). */
export function DueRemindersMenuItem() {
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
  return (
    <Menu.Item leftSection={<IconBell size={16} />} closeMenuOnClick={false} onClick={toggle} disabled={current.isPending}>
      <Switch
        label="Due-date reminders"
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
