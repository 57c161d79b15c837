import { Button, Group, Loader, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  normalizeStampedId,
  STAMPED_ID_AVAILABILITY_DEBOUNCE_MS,
  STAMPED_ID_MAX,
  STAMPED_ID_SEARCH_MIN_LENGTH,
  searchEndpoints,
  stampedIdProblem,
} from '@portal/contract';
import { IconCircleCheck, IconCircleX, IconPlus } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useEndpoint } from '../../../lib/api/endpointQuery.ts';
import { isListed } from './draft.ts';
import { type DraftStore, useDraft } from './store.ts';

/**
 * Add one stamped id (spec section 5): from 2 characters, the availability check runs 400 ms after
 * typing stops (GET /Equipment/Available/{id}); an icon says available or in use, and Add works only
 * for a free id that is not in the list yet. Enter adds too. Ids are compared without case and
 * normalised as the server does (contract primitives).
 */
export function AddByStampedId({ store }: { store: DraftStore }) {
  const [value, setValue] = useState('');
  const input = useRef<HTMLInputElement>(null);
  // As the server stores it; an id with invisible or mixed-script characters gets the server's message here.
  const typed = normalizeStampedId(value);
  const problem = typed ? stampedIdProblem(typed) : undefined;
  const [term] = useDebouncedValue(typed, STAMPED_ID_AVAILABILITY_DEBOUNCE_MS);
  const listed = useDraft(store, (draft) => typed.length > 0 && isListed(draft.rows, typed));
  const enabled = term.length >= STAMPED_ID_SEARCH_MIN_LENGTH && !listed && !problem;
  const availability = useEndpoint(searchEndpoints.availability, { params: { id: term } }, { enabled, staleTime: 0 });
  const settled = enabled && term === typed && !availability.isFetching && availability.data !== undefined;
  const available = settled && availability.data?.available === true;

  const add = () => {
    if (!available) return;
    store.dispatch({ type: 'add', items: [{ stampedId: typed, available: true, length: null, comment: null, parentStampedId: null }] });
    setValue('');
    input.current?.focus();
  };

  let status: React.ReactNode = null;
  let hint =
    typed.length > 0 && typed.length < STAMPED_ID_SEARCH_MIN_LENGTH ? `Type ${STAMPED_ID_SEARCH_MIN_LENGTH} or more characters` : '';
  if (listed) hint = 'Already in the list';
  else if (enabled && !settled && typed.length >= STAMPED_ID_SEARCH_MIN_LENGTH) status = <Loader size={16} aria-label="Checking" />;
  else if (settled && available) {
    status = (
      <Tooltip label="Available">
        <IconCircleCheck size={20} color="var(--mantine-color-green-7)" aria-label="Available" role="img" />
      </Tooltip>
    );
  } else if (settled) {
    status = (
      <Tooltip label="In use">
        <IconCircleX size={20} color="var(--mantine-color-red-7)" aria-label="Unavailable" role="img" />
      </Tooltip>
    );
    hint = 'Another item has this stamped id';
  }
  if (availability.isError && enabled) hint = 'The availability could not be checked';

  return (
    <Group align="flex-start" gap="xs" wrap="nowrap">
      <TextInput
        ref={input}
        label="Stamped id"
        placeholder="e.g. NSD-KL-084-5321"
        value={value}
        maxLength={STAMPED_ID_MAX}
        autoComplete="off"
        onChange={(event) => setValue(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            add();
          }
        }}
        rightSection={status}
        description={hint || undefined}
        error={problem}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        style={{ flex: 1, maxWidth: 360 }}
      />
      <Button mt={25} leftSection={<IconPlus size={16} aria-hidden />} disabled={!available} onClick={add}>
        Add
      </Button>
    </Group>
  );
}
