import { ActionIcon, Group, NativeSelect, Stack, Switch, Text } from '@mantine/core';
import {
  type EventItemEditorRow,
  eventItemMessages,
  type IdName,
  type ItemStatus,
  type TypeStatus,
  verdictMessages,
} from '@portal/contract';
import { IconHistory, IconPencil, IconPhoto, IconTrash } from '@tabler/icons-react';
import { type DragEvent, type KeyboardEvent, useMemo, useRef } from 'react';
import { type AppColumn, AppDataTable, type RowAction } from '../../../components/AppDataTable.tsx';
import type { ListStatus } from '../../../components/listStatus.ts';
import { IconGripVertical } from '../../../components/rowIcons.ts';
import { StampedIdLink } from '../../../components/StampedIdLink.tsx';
import { useLatest } from '../../../lib/useLatest.ts';
import { dueColumn, useDueDates } from '../../due-dates/index.ts';

export const ITEMS_PAGE_SIZE = 50;

interface ItemsTableProps {
  items: EventItemEditorRow[] | undefined;
  /** The owners and statuses the items name (GetChipsForEdit sends each once). */
  owners: IdName[] | undefined;
  itemStatuses: ItemStatus[] | undefined;
  status: ListStatus;
  /** The event type's enabled statuses, in their order: the choices of each row's select. */
  statuses: TypeStatus[];
  page: number;
  onPageChange: (page: number) => void;
  onStatus: (item: EventItemEditorRow, statusId: number | null) => void;
  onNotification: (item: EventItemEditorRow, on: boolean) => void;
  /** Moves the item to a zero-based place in the whole list. */
  onMove: (item: EventItemEditorRow, to: number) => void;
  onEdit: (item: EventItemEditorRow) => void;
  onHistory: (item: EventItemEditorRow) => void;
  onDelete: (item: EventItemEditorRow) => void;
  /** A signed-off event: statuses show but do not change, rows neither move nor go; the flag still switches. */
  sealed?: boolean;
  /** Offline (decisions 078, 083): the rows show as last seen; statuses change (kept on the device), nothing else changes, moves or opens. */
  readOnly?: boolean;
  /** With `readOnly` (no network): the item dialog and the notification flag still work, kept on the device (decision 086). */
  editOffline?: boolean;
}

type Option = { value: string; label: string };

/**
 * Each row's status choices: the type's enabled statuses, plus the row's own when it has since been
 * disabled (so the select never shows a wrong one). Built once per answer, not per row and render.
 */
function useStatusOptions(statuses: TypeStatus[], itemStatuses: ItemStatus[] | undefined) {
  // The enabled choices stay the same list while the type's statuses do: a row showing them is kept
  // when a refresh brings items of another status (rowsDependOn).
  const enabled = useMemo<Option[]>(
    () => [{ value: '', label: 'No status' }, ...statuses.map((s) => ({ value: String(s.id), label: s.name }))],
    [statuses],
  );
  return useMemo(() => {
    const disabled = new Map<number, Option[]>();
    for (const s of itemStatuses ?? [])
      if (!statuses.some((t) => t.id === s.id)) disabled.set(s.id, [...enabled, { value: String(s.id), label: `${s.name} (disabled)` }]);
    return (row: EventItemEditorRow) => (row.statusId === null ? undefined : disabled.get(row.statusId)) ?? enabled;
  }, [statuses, itemStatuses, enabled]);
}

/**
 * The event's items, 50 to a page on screen (the editor loads all rows at once: adding, moving and the
 * "already in the event" check need the whole list). Rows are dragged by their handle to another place;
 * the handle also moves its row with the arrow keys (Up, Down, and Home/End for first/last).
 * An item of an owner outside the user's list shows its place and stamped id and "Another owner"
 * only: it can be moved, nothing else (docs/security.md rule 17).
 */
export function ItemsTable(props: ItemsTableProps) {
  const { items, statuses, page } = props;
  // Rows are kept while unchanged (rowsDependOn below): their handlers act through the latest props.
  const latest = useLatest(props);
  // The dragged row's id: a ref, not state, so that a drop arriving before React has rendered the
  // dragstart (a busy phone) still knows what was dragged.
  const dragged = useRef<number | null>(null);
  const locked = props.sealed || props.readOnly;
  const total = items?.length ?? 0;
  const pageRows = items?.slice((page - 1) * ITEMS_PAGE_SIZE, page * ITEMS_PAGE_SIZE);
  const indexOf = (row: EventItemEditorRow) => row.sequence - 1;
  const statusOptions = useStatusOptions(statuses, props.itemStatuses);
  const ownerNames = useMemo(() => new Map((props.owners ?? []).map((o) => [o.id, o.name])), [props.owners]);
  const due = useDueDates(pageRows?.map((row) => row.stampedId) ?? []);

  const onHandleKey = (row: EventItemEditorRow, event: KeyboardEvent) => {
    const { items, onMove } = latest.current;
    const last = (items?.length ?? 0) - 1;
    const at = indexOf(row);
    const to = { ArrowUp: at - 1, ArrowDown: at + 1, Home: 0, End: last }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    if (to >= 0 && to <= last && to !== at) onMove(row, to);
  };

  const statusSelect = (row: EventItemEditorRow) => (
    <NativeSelect
      size="xs"
      aria-label={`Status of ${row.stampedId}`}
      disabled={props.sealed}
      value={row.statusId === null ? '' : String(row.statusId)}
      data={statusOptions(row)}
      onClick={(event) => event.stopPropagation()}
      onChange={(event) => latest.current.onStatus(row, event.currentTarget.value ? Number(event.currentTarget.value) : null)}
    />
  );

  // Kept at any width: the move handle, stamped id, description, status and due. On a phone's card the
  // due light sits beside the stamped id and the handle, status and notification are facts below it.
  const columns: AppColumn<EventItemEditorRow>[] = [
    {
      accessor: 'sequence',
      title: '#',
      priority: 1,
      card: 'fact',
      width: 72,
      render: (row) => (
        <Group gap={2} wrap="nowrap">
          {!locked && (
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label={`Move ${row.stampedId} (arrow keys)`}
              aria-keyshortcuts="ArrowUp ArrowDown Home End"
              style={{ cursor: 'grab' }}
              onKeyDown={(event) => onHandleKey(row, event)}
              onClick={(event) => event.stopPropagation()}
            >
              <IconGripVertical size={14} />
            </ActionIcon>
          )}
          <Text size="sm">{row.sequence}</Text>
        </Group>
      ),
    },
    {
      accessor: 'stampedId',
      title: 'Stamped id',
      priority: 1,
      card: 'id',
      noWrap: true,
      render: (row) => (row.anotherOwner ? <Text size="sm">{row.stampedId}</Text> : <StampedIdLink stampedId={row.stampedId} />),
    },
    {
      accessor: 'description',
      title: 'Description',
      priority: 1,
      noWrap: true,
      render: (row) =>
        row.anotherOwner ? (
          <Text size="sm" c="dimmed" fs="italic">
            {eventItemMessages.anotherOwner}
          </Text>
        ) : row.description !== null ? (
          <Text size="sm">{row.description}</Text>
        ) : (
          <Text size="sm" c="dimmed" fs="italic">
            Unlinked
          </Text>
        ),
    },
    {
      accessor: 'ownerId',
      title: 'Owner',
      priority: 3,
      card: 'none',
      noWrap: true,
      render: (row) => (row.ownerId === null ? '' : ownerNames.get(row.ownerId)),
    },
    {
      accessor: 'statusId',
      title: 'Status',
      priority: 1,
      width: 170,
      render: (row) =>
        !row.anotherOwner &&
        (row.reasonNeeded ? (
          // The measurements propose another status and no reason is given (docs/measurements.md "Recording").
          <Stack gap={4}>
            {statusSelect(row)}
            <Text size="xs" c="orange.9" fw={500}>
              {verdictMessages.differs}
            </Text>
          </Stack>
        ) : (
          // No wrapper around the select alone: one element less on each of a page's 50 cards.
          statusSelect(row)
        )),
    },
    {
      accessor: 'notifications',
      title: 'Notification',
      priority: 2,
      width: 110,
      render: (row) =>
        !row.anotherOwner && (
          <Switch
            size="sm"
            aria-label={`Notification on ${row.stampedId}`}
            checked={row.notifications}
            disabled={props.readOnly && !props.editOffline}
            onClick={(event) => event.stopPropagation()}
            onChange={(event) => latest.current.onNotification(row, event.currentTarget.checked)}
          />
        ),
    },
    {
      accessor: 'imageCount',
      title: <IconPhoto size={16} aria-label="Images" />,
      label: 'Images',
      priority: 3,
      card: 'none',
      width: 48,
      textAlign: 'right',
      render: (row) => (row.imageCount ? row.imageCount : ''),
    },
    dueColumn(due, (row: EventItemEditorRow) => row.stampedId),
  ];

  const rowActions: RowAction<EventItemEditorRow>[] = [
    {
      label: 'Edit',
      icon: <IconPencil size={18} />,
      onClick: (row) => latest.current.onEdit(row),
      hidden: (row) => row.anotherOwner || (!!props.readOnly && !props.editOffline),
    },
    {
      label: 'History',
      icon: <IconHistory size={18} />,
      onClick: (row) => latest.current.onHistory(row),
      hidden: (row) => row.anotherOwner || !!props.readOnly,
    },
    {
      label: 'Delete',
      icon: <IconTrash size={18} />,
      color: 'red',
      onClick: (row) => latest.current.onDelete(row),
      hidden: (row) => row.anotherOwner || !!locked,
    },
  ];

  return (
    <AppDataTable<EventItemEditorRow>
      aria-label="Event equipment"
      what="event items"
      status={props.status}
      emptyText="No equipment in this event yet. Add items by stamped id, series, import file or chip scan above."
      columns={columns}
      records={pageRows}
      rowName={(row) => row.stampedId}
      rowActions={props.readOnly && !props.editOffline ? undefined : rowActions}
      onRowClick={({ record }) => {
        const { readOnly, editOffline, onEdit } = latest.current;
        if (!record.anotherOwner && (!readOnly || editOffline)) onEdit(record);
      }}
      page={page}
      onPageChange={props.onPageChange}
      totalRecords={total}
      recordsPerPage={ITEMS_PAGE_SIZE}
      // What a row shows besides its item; its handlers read `latest`.
      rowsDependOn={(row) => [
        locked,
        props.sealed,
        props.readOnly,
        props.editOffline,
        statusOptions(row),
        row.ownerId === null ? null : ownerNames.get(row.ownerId),
        due.get(row.stampedId),
      ]}
      customRowAttributes={(row: EventItemEditorRow) => ({
        draggable: !locked,
        'data-sequence': row.sequence,
        onDragStart: (event: DragEvent) => {
          dragged.current = row.id;
          event.dataTransfer.effectAllowed = 'move';
          event.dataTransfer.setData('text/plain', row.stampedId);
        },
        onDragOver: (event: DragEvent) => event.preventDefault(),
        onDrop: (event: DragEvent) => {
          event.preventDefault();
          const { items, onMove } = latest.current;
          const fromRow = items?.find((item) => item.id === dragged.current);
          dragged.current = null;
          if (fromRow && fromRow.id !== row.id) onMove(fromRow, indexOf(row));
        },
        onDragEnd: () => {
          dragged.current = null;
        },
      })}
    />
  );
}
