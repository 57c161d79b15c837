import { Select } from '@mantine/core';
import { dueDateEndpoints, type EventTypeDueKind } from '@portal/contract';
import { useEndpoint } from '../../../lib/api/endpointQuery.ts';
import { showErrorToast, showSuccessToast } from '../../../lib/notify.tsx';
import { useSetEventTypeKind } from '../api.ts';

const OPTIONS: { value: EventTypeDueKind; label: string }[] = [
  { value: 'none', label: 'Neither' },
  { value: 'inspection', label: 'An inspection' },
  { value: 'renewal', label: 'A renewal' },
];

/** On the event type dialog (Admin): what the type counts as for due dates; saved when chosen. */
export function EventTypeDueKindField({ eventTypeId }: { eventTypeId: number }) {
  const list = useEndpoint(dueDateEndpoints.eventTypes);
  const save = useSetEventTypeKind();
  const current = list.data?.find((row) => row.id === eventTypeId)?.kind;
  return (
    <Select
      label="Counts for due dates as"
      description="Saved when chosen: an inspection restarts the inspection clock, a renewal both clocks."
      data={OPTIONS}
      value={save.isPending ? (save.variables?.body.kind ?? current) : (current ?? null)}
      disabled={!list.data}
      allowDeselect={false}
      onChange={(value) =>
        value &&
        save.mutate(
          { params: { id: eventTypeId }, body: { kind: value as EventTypeDueKind } },
          {
            onSuccess: () => showSuccessToast('What the event type counts as was saved'),
            onError: (error) => showErrorToast(error, 'It could not be saved'),
          },
        )
      }
    />
  );
}
