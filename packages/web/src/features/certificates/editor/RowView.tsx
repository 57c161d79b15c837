import { ActionIcon, Badge, Group, Switch, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { VALIDATION_DEBOUNCE_MS } from '@portal/contract';
import { IconArrowBackUp, IconArrowRightBar, IconTrash, IconX } from '@tabler/icons-react';
import { memo } from 'react';
import type { DraftAction } from './draft.ts';
import classes from './EquipmentRows.module.css';
import { type EditorRow, type RowState, rowErrors, rowRules, rowState } from './rows.ts';

const stateBadge: Record<RowState, { label: string; color: string } | null> = {
  new: { label: 'New', color: 'blue' },
  changed: { label: 'Changed', color: 'yellow' },
  deleted: { label: 'Delete', color: 'red' },
  move: { label: 'Move', color: 'grape' },
  unchanged: null,
};

export interface RowViewProps {
  row: EditorRow;
  isAdmin: boolean;
  hasChildInDraft: boolean;
  dispatch: (action: DraftAction) => void;
  onMove: (stampedId: string) => void;
}

/** An action with its reason when refused: the tooltip says why the button is disabled. */
function RowAction({
  label,
  reason,
  color,
  onClick,
  children,
}: {
  label: string;
  reason: string | null;
  color?: string;
  onClick: () => void;
  children: React.ReactNode;
}) {
  const button = (
    <ActionIcon variant="subtle" color={color} aria-label={label} disabled={reason !== null} onClick={onClick}>
      {children}
    </ActionIcon>
  );
  return reason ? (
    <Tooltip label={reason} multiline w={260} withinPortal>
      <span>{button}</span>
    </Tooltip>
  ) : (
    button
  );
}

/**
 * One row of the editor. Memoised: a keystroke changes one row object in the draft, so only that row
 * renders again. Errors show VALIDATION_DEBOUNCE_MS after typing stops.
 */
export const RowView = memo(function RowView({ row, isAdmin, hasChildInDraft, dispatch, onMove }: RowViewProps) {
  const state = rowState(row);
  const rules = rowRules(row, { isAdmin, hasChildInDraft });
  const [settledRow] = useDebouncedValue(row, VALIDATION_DEBOUNCE_MS);
  const errors = rowErrors(settledRow);
  const locked = row.deleted || row.moveTo !== null;
  const id = row.stampedId;
  const badge = stateBadge[state];

  return (
    <Table.Tr data-state={state} bg={row.deleted ? 'var(--mantine-color-red-0)' : row.moveTo ? 'var(--mantine-color-grape-0)' : undefined}>
      <Table.Td data-card="id" data-label="Stamped id" className={classes.sticky}>
        <Text size="sm" fw={500} td={row.deleted ? 'line-through' : undefined} style={{ whiteSpace: 'nowrap' }}>
          {id}
        </Text>
      </Table.Td>
      <Table.Td data-card="status" data-label="State">
        {badge && (
          <Badge color={badge.color} variant="light" radius="sm" tt="none" size="sm">
            {state === 'move' && row.moveTo ? `Move to ${row.moveTo.certificateNumber}` : badge.label}
          </Badge>
        )}
      </Table.Td>
      <Table.Td data-card="fact" data-label="Part of">
        {/* Nothing at all when neither: a phone's card then leaves the line out. */}
        {(row.parentStampedId || row.hasChildren || hasChildInDraft) && (
          <Text size="sm" c={row.parentStampedId ? undefined : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
            {row.parentStampedId ?? 'Has parts'}
          </Text>
        )}
      </Table.Td>
      <Table.Td data-card="fact" data-label="Length (m)">
        <TextInput
          size="xs"
          aria-label={`Length of ${id}`}
          value={row.length}
          disabled={locked}
          inputMode="decimal"
          error={errors.length}
          onChange={(event) => dispatch({ type: 'edit', stampedId: id, edit: { length: event.currentTarget.value } })}
          w={96}
          styles={{ input: { textAlign: 'right' } }}
        />
      </Table.Td>
      <Table.Td data-card="fact" data-label="Comment">
        <TextInput
          size="xs"
          aria-label={`Comment of ${id}`}
          value={row.comment}
          disabled={locked}
          error={errors.comment}
          onChange={(event) => dispatch({ type: 'edit', stampedId: id, edit: { comment: event.currentTarget.value } })}
          miw={200}
        />
      </Table.Td>
      <Table.Td data-card="fact" data-label="Inactive">
        <Switch
          size="xs"
          aria-label={`${id} inactive`}
          checked={row.hidden}
          disabled={locked}
          onChange={(event) => dispatch({ type: 'edit', stampedId: id, edit: { hidden: event.currentTarget.checked } })}
        />
      </Table.Td>
      <Table.Td data-card="action" data-label="Actions">
        <Group gap={2} wrap="nowrap" justify="flex-end">
          {row.isNew && (
            <RowAction label={`Remove ${id}`} reason={rules.remove} color="red" onClick={() => dispatch({ type: 'remove', stampedId: id })}>
              <IconX size={16} />
            </RowAction>
          )}
          {!row.isNew && isAdmin && row.deleted && (
            <RowAction label={`Undo delete of ${id}`} reason={null} onClick={() => dispatch({ type: 'undoDelete', stampedId: id })}>
              <IconArrowBackUp size={16} />
            </RowAction>
          )}
          {!row.isNew && isAdmin && !row.deleted && (
            <RowAction label={`Delete ${id}`} reason={rules.delete} color="red" onClick={() => dispatch({ type: 'delete', stampedId: id })}>
              <IconTrash size={16} />
            </RowAction>
          )}
          {!row.isNew && isAdmin && row.moveTo && (
            <RowAction label={`Undo move of ${id}`} reason={null} onClick={() => dispatch({ type: 'undoMove', stampedId: id })}>
              <IconArrowBackUp size={16} />
            </RowAction>
          )}
          {!row.isNew && isAdmin && !row.moveTo && (
            <RowAction label={`Move ${id}`} reason={rules.move} onClick={() => onMove(id)}>
              <IconArrowRightBar size={16} />
            </RowAction>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
});
