import { Alert, Button, Group, List, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  eventDetailEndpoints,
  eventFormEndpoints,
  plural,
  type StatusMeaning,
  signOffEndpoints,
  statusMeaningLabels,
  statusMeanings,
  userEndpoints,
} from '@portal/contract';
import { type FormEvent, useState } from 'react';
import { InspectorFields } from '../../../components/InspectorFields.tsx';
import { useDialogLayout } from '../../../components/useNarrow.ts';
import { isApiError } from '../../../lib/api/ApiError.ts';
import { useEndpoint } from '../../../lib/api/endpointQuery.ts';
import { useEndpointMutation } from '../../../lib/api/mutation.ts';
import { showSuccessToast } from '../../../lib/notify.tsx';
import { signedOffText } from './SignedOffNote.tsx';

type Counts = Record<StatusMeaning | 'none', number>;

/** The event's items per status meaning, from its summary (amount per status) and its type's statuses (meaning per status). */
function useMeaningCounts(eventId: number) {
  const summary = useEndpoint(eventDetailEndpoints.summary, { params: { id: eventId } });
  const statuses = useEndpoint(eventFormEndpoints.statuses, { params: { id: eventId } });
  if (!summary.data || !statuses.data) return { loading: !summary.isError && !statuses.isError, data: null };
  const meaningOf = new Map(statuses.data.map((s) => [s.id, s.meaning]));
  const counts: Counts = { fit: 0, monitor: 0, condemned: 0, notInspected: 0, none: 0 };
  const condemned: string[] = [];
  for (const s of summary.data.statuses) {
    const meaning = s.id === null ? 'none' : (meaningOf.get(s.id) ?? 'none');
    counts[meaning] += s.amount;
    if (meaning === 'condemned') condemned.push(`${s.name}: ${plural(s.amount, 'item')}`);
  }
  return { loading: false, data: { counts, condemned, notifications: summary.data.notifications, total: summary.data.totalAmount } };
}

/**
 * Sign off (issue 25, docs/sign-off.md): the summary first (items per status meaning, condemned items,
 * open notifications), then the inspector, prefilled from the user's inspector profile, and a confirmation.
 */
export function SignOffDialog({ eventId, onClose }: { eventId: number; onClose: () => void }) {
  const layout = useDialogLayout();
  const info = useEndpoint(userEndpoints.userInfo);
  const { loading, data: summary } = useMeaningCounts(eventId);
  const [typed, setTyped] = useState<{ inspector?: string; qualification?: string; company?: string }>({});
  const values = {
    inspector: typed.inspector ?? info.data?.inspectorName ?? '',
    qualification: typed.qualification ?? info.data?.inspectorQualification ?? '',
    company: typed.company ?? info.data?.inspectorCompany ?? '',
  };
  const signOff = useEndpointMutation(signOffEndpoints.signOff, {
    meta: { toastErrors: false },
    onSuccess: (seal) => {
      showSuccessToast(signedOffText(seal));
      onClose();
    },
  });
  const fieldErrors = isApiError(signOff.error) ? signOff.error.fieldErrors : {};
  const unset = summary?.counts.none ?? 0;
  const ready = !!summary && summary.total > 0 && unset === 0 && Object.values(values).every((v) => v.trim() !== '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready) signOff.mutate({ params: { id: eventId }, body: values });
  };

  return (
    <Modal opened onClose={onClose} title="Sign off this event" size="lg" {...layout}>
      <form onSubmit={submit} noValidate aria-label="Sign off">
        <Stack gap="md">
          <section aria-label="Summary">
            <Title order={3} size="h5" mb="xs">
              Summary
            </Title>
            {!summary ? (
              <Text size="sm">{loading ? 'Loading the summary…' : 'The summary could not be loaded.'}</Text>
            ) : (
              <Stack gap="xs">
                <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
                  {statusMeanings.map((meaning) => (
                    <Text size="sm" key={meaning}>
                      {statusMeaningLabels[meaning]}: <b>{summary.counts[meaning]}</b>
                    </Text>
                  ))}
                  <Text size="sm">
                    Open notifications: <b>{summary.notifications}</b>
                  </Text>
                </SimpleGrid>
                {summary.condemned.length > 0 && (
                  <Alert color="red" variant="light" title="Condemned items">
                    <List size="sm">
                      {summary.condemned.map((line) => (
                        <List.Item key={line}>{line}</List.Item>
                      ))}
                    </List>
                  </Alert>
                )}
                {unset > 0 && (
                  <Alert color="yellow" variant="light" role="alert">
                    {plural(unset, 'item')} without a status: give every item a status (not inspected is allowed) before signing off.
                  </Alert>
                )}
                {summary.total === 0 && <Text size="sm">This event has no items: there is nothing to sign off.</Text>}
                {summary.notifications > 0 && (
                  <Text size="sm" c="dimmed">
                    Open notifications stay open after sign-off and can still be closed.
                  </Text>
                )}
              </Stack>
            )}
          </section>
          <InspectorFields
            fields={[
              { key: 'inspector', label: 'Inspector', autoComplete: 'name' },
              { key: 'qualification', label: 'Qualification', autoComplete: 'off' },
              { key: 'company', label: 'Company', autoComplete: 'organization' },
            ]}
            values={values}
            errors={fieldErrors}
            required
            onChange={(key, value) => setTyped((t) => ({ ...t, [key]: value }))}
          />
          <Text size="sm">
            Once signed off, the event and its items can no longer be changed or deleted: corrections are recorded as amendments.
          </Text>
          {signOff.isError && (
            <Text c="red" size="sm" role="alert">
              {signOff.error.message}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!ready} loading={signOff.isPending}>
              Sign off
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
