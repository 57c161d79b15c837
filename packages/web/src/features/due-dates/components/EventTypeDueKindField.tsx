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
const LABEL = 'Counts for due dates as';
const MEANING = 'an inspection restarts the inspection clock, a renewal both clocks.';

/** On the Add event type dialog: what the new type counts as, saved with it (useSaveNewEventTypeKind). */
export function NewEventTypeDueKindField({ value, onChange }: { value: EventTypeDueKind; onChange: (kind: EventTypeDueKind) => void }) {
  return (
    <Select
      label={LABEL}
      description={`Saved with the event type: ${MEANING}`}
      data={OPTIONS}
      value={value}
      allowDeselect={false}
      onChange={(chosen) => chosen && onChange(chosen as EventTypeDueKind)}
    />
  );
}

/** After the Add dialog created the type: records its kind ('none' is no row, nothing to save). */
export function useSaveNewEventTypeKind() {
  const save = useSetEventTypeKind();
  return async (eventTypeId: number, kind: EventTypeDueKind) => {
    if (kind !== 'none') await save.mutateAsync({ params: { id: eventTypeId }, body: { kind } });
  };
}

/** On the Edit event type dialog (Admin): what the type counts as for due dates; saved when chosen. */
export function EventTypeDueKindField({ eventTypeId }: { eventTypeId: number }) {
  const list = useEndpoint(dueDateEndpoints.eventTypes);
  const save = useSetEventTypeKind();
  const current = list.data?.find((row) => row.id === eventTypeId)?.kind;
  return (
    <Select
      label={LABEL}
      description={`Saved when chosen: ${MEANING}`}
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
