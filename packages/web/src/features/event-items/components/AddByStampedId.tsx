import { Button, Group, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  eventItemEndpoints,
  eventItemMessages,
  normalizeStampedId,
  STAMPED_ID_AVAILABILITY_DEBOUNCE_MS,
  STAMPED_ID_SEARCH_MIN_LENGTH,
  stampedIdProblem,
} from '@portal/contract';
import { IconAlertCircle, IconCircleCheck, IconCirclePlus, IconLoader2 } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useEndpoint } from '../../../lib/api/endpointQuery.ts';

interface Props {
  eventId: number;
  adding: boolean;
  /** The "Status" select (AddStatusSelect): what the item gets. */
  status: ReactNode;
  onAdd: (stampedId: string) => Promise<unknown>;
}

/**
 * Add by stamped id (spec section 5): from 2 characters the id is checked 400 ms after typing stops;
 * the icon says whether it is a known item or will be created as a new unlinked item, and Add is
 * enabled only when the event does not have it yet and it is not another owner's item. The id is
 * compared without case ('nsd-1' is item NSD-1) and normalised as the server does; a look-alike id
 * shows the server's message.
 */
export function AddByStampedId({ eventId, adding, status, onAdd }: Props) {
  const [value, setValue] = useState('');
  // As the server stores it; an id with invisible or mixed-script characters gets the server's message here.
  const trimmed = normalizeStampedId(value);
  const problem = trimmed ? stampedIdProblem(trimmed) : undefined;
  const [debounced] = useDebouncedValue(trimmed, STAMPED_ID_AVAILABILITY_DEBOUNCE_MS);
  const long = debounced.length >= STAMPED_ID_SEARCH_MIN_LENGTH && !problem;
  const check = useEndpoint(
    eventItemEndpoints.checkStampedId,
    { params: { eventId, stampedId: debounced || '-' } },
    { enabled: long, meta: { toastErrors: false } },
  );
  const current = long && debounced === trimmed && check.data?.stampedId === trimmed ? check.data : undefined;
  const canAdd = current !== undefined && !current.inEvent && current.available && !adding;

  const state = problem
    ? null
    : !current
      ? trimmed.length >= STAMPED_ID_SEARCH_MIN_LENGTH
        ? { icon: <IconLoader2 size={18} />, label: 'Checking' }
        : null
      : current.inEvent
        ? { icon: <IconAlertCircle size={18} color="var(--mantine-color-red-7)" />, label: eventItemMessages.alreadyInEvent(trimmed) }
        : !current.available
          ? { icon: <IconAlertCircle size={18} color="var(--mantine-color-red-7)" />, label: eventItemMessages.notAvailable }
          : current.known
            ? { icon: <IconCircleCheck size={18} color="var(--mantine-color-green-7)" />, label: 'Known item: it is added to the event' }
            : { icon: <IconCirclePlus size={18} color="var(--mantine-color-blue-7)" />, label: 'Unknown: a new unlinked item is created' };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canAdd) return;
    await onAdd(trimmed);
    setValue('');
  };

  return (
    <form onSubmit={submit} aria-label="Add by stamped id">
      <Group align="flex-start" gap="xs">
        <TextInput
          label="Stamped id"
          placeholder="At least 2 characters"
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          description={state?.label ?? ' '}
          error={problem}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          rightSection={
            state && (
              <Tooltip label={state.label}>
                <span role="img" aria-label={state.label} style={{ display: 'flex' }}>
                  {state.icon}
                </span>
              </Tooltip>
            )
          }
          maxLength={100}
          style={{ flex: 1, minWidth: 220, maxWidth: 420 }}
        />
        {status}
        <Button type="submit" disabled={!canAdd} loading={adding} mt={25}>
          Add
        </Button>
      </Group>
    </form>
  );
}
