import { ActionIcon, Anchor, Button, CloseButton, Group, Menu, Paper, TextInput, Title, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  type EventChipFilter,
  type EventDetailChipRow,
  eventDetailEndpoints,
  eventFormEndpoints,
  eventItemMessages,
  TEXT_CHANGE_DEBOUNCE_MS,
} from '@portal/contract';
import { IconBell, IconFilter, IconPhoto, IconSearch } from '@tabler/icons-react';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { type AppColumn, AppDataTable } from '../../../components/AppDataTable.tsx';
import { ColorBadge } from '../../../components/ColorBadge.tsx';
import { listStatus } from '../../../components/listStatus.ts';
import { equipmentPath } from '../../../components/StampedIdLink.tsx';
import { useEndpoint } from '../../../lib/api/endpointQuery.ts';
import { dueColumn, useDueDates } from '../../due-dates/index.ts';
import { PictureViewer } from './PictureViewer.tsx';

export const EQUIPMENT_PAGE_SIZE = 50;

type Filter = { kind: 'status'; id: number; name: string } | { kind: EventChipFilter; name: string } | null;
const filterNames: Record<EventChipFilter, string> = { notifications: 'With notification', inactive: 'Inactive', unlinked: 'Unlinked' };

/**
 * The event's items (event chip rows), paged on the server by sequence: a filter menu (a status,
 * items with a notification, inactive, unlinked), a stamped id search, and the picture viewer for an
 * item's images. The stamped id opens the equipment page.
 */
export function EventItems({ eventId }: { eventId: number }) {
  const [page, setPage] = useState(0);
  const [filter, setFilter] = useState<Filter>(null);
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), TEXT_CHANGE_DEBOUNCE_MS);
  const [viewing, setViewing] = useState<EventDetailChipRow | null>(null);
  const statuses = useEndpoint(eventFormEndpoints.statuses, { params: { id: eventId } });
  const query = {
    page,
    pageSize: EQUIPMENT_PAGE_SIZE,
    status: filter?.kind === 'status' ? filter.id : undefined,
    filter: filter && filter.kind !== 'status' ? filter.kind : undefined,
    search: term || undefined,
  };
  const chips = useEndpoint(eventDetailEndpoints.chips, { params: { id: eventId }, query }, { placeholderData: keepPreviousData });
  const choose = (next: Filter) => {
    setFilter(next);
    setPage(0);
  };
  const due = useDueDates(chips.data?.items.map((row) => row.stampedId) ?? []);

  // Kept at any width: #, stamped id, status, flags and due; a card shows the due light beside the stamped id.
  const columns: AppColumn<EventDetailChipRow>[] = [
    { accessor: 'sequence', title: '#', priority: 1, card: 'none', textAlign: 'right', width: 56 },
    {
      accessor: 'stampedId',
      title: 'Stamped id',
      priority: 1,
      card: 'id',
      noWrap: true,
      // Another owner's item has no page for this user (docs/security.md rule 17).
      render: (row) =>
        row.anotherOwner ? (
          row.stampedId
        ) : (
          <Anchor component={Link} to={equipmentPath(row.stampedId)} size="sm" fw={500}>
            {row.stampedId}
          </Anchor>
        ),
    },
    {
      accessor: 'status',
      title: 'Status',
      priority: 1,
      width: 150,
      noWrap: true,
      render: (row) => (row.status ? <ColorBadge color={row.status.color}>{row.status.name}</ColorBadge> : null),
    },
    {
      accessor: 'type',
      title: 'Type',
      priority: 2,
      noWrap: true,
      render: (row) => (row.anotherOwner ? <i>{eventItemMessages.anotherOwner}</i> : (row.type ?? <i>Unlinked</i>)),
    },
    { accessor: 'subType', title: 'Sub-type', priority: 4, noWrap: true },
    { accessor: 'dimension', title: 'Dimension', priority: 2, noWrap: true },
    { accessor: 'quality', title: 'Quality', priority: 5, noWrap: true },
    {
      accessor: 'length',
      title: 'Length',
      priority: 3,
      textAlign: 'right',
      noWrap: true,
      render: (row) => (row.length === null ? '' : `${row.length} m`),
    },
    {
      accessor: 'effectiveAge',
      title: 'Age',
      priority: 4,
      textAlign: 'right',
      noWrap: true,
      render: (row) => (row.effectiveAge === null ? '' : `${row.effectiveAge} y`),
    },
    { accessor: 'owner', title: 'Owner', priority: 3, noWrap: true },
    { accessor: 'comment', title: 'Comment', priority: 5, ellipsis: true, width: 220 },
    {
      accessor: 'notifications',
      title: 'Flags',
      priority: 1,
      noWrap: true,
      // Nothing when there is no flag: a phone's card then leaves the line out.
      render: (row) =>
        (row.notifications || !row.active || row.files.length > 0) && (
          <Group gap={4} wrap="nowrap">
            {row.notifications && (
              <Tooltip label={`Notification (${row.notificationsAmount} open for this item)`}>
                <IconBell size={16} color="var(--mantine-color-red-7)" aria-label="Notification" />
              </Tooltip>
            )}
            {!row.active && <ColorBadge color="light">Inactive</ColorBadge>}
            {row.files.length > 0 && (
              <ActionIcon
                variant="subtle"
                size="sm"
                aria-label={`Pictures of ${row.stampedId} (${row.files.length})`}
                onClick={() => setViewing(row)}
              >
                <IconPhoto size={16} />
              </ActionIcon>
            )}
          </Group>
        ),
    },
    dueColumn(due, (row: EventDetailChipRow) => row.stampedId),
  ];

  return (
    <Paper withBorder radius="sm" p="md" component="section" aria-label="Equipment">
      <Group justify="space-between" mb="sm" gap="sm">
        <Title order={2} size="h4">
          Equipment
        </Title>
        <Group gap="xs">
          <TextInput
            aria-label="Search stamped id"
            placeholder="Stamped id"
            size="xs"
            leftSection={<IconSearch size={14} aria-hidden />}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(0);
            }}
            rightSection={search ? <CloseButton size="xs" aria-label="Clear the search" onClick={() => setSearch('')} /> : null}
            w={180}
            maxLength={100}
          />
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button size="xs" variant={filter ? 'light' : 'default'} leftSection={<IconFilter size={14} aria-hidden />}>
                {filter ? `Filter: ${filter.name}` : 'Filter'}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => choose(null)}>All items</Menu.Item>
              <Menu.Label>Status</Menu.Label>
              {(statuses.data ?? []).map((status) => (
                <Menu.Item key={status.id} onClick={() => choose({ kind: 'status', id: status.id, name: status.name })}>
                  <ColorBadge color={status.color}>{status.name}</ColorBadge>
                </Menu.Item>
              ))}
              <Menu.Divider />
              {(Object.keys(filterNames) as EventChipFilter[]).map((kind) => (
                <Menu.Item key={kind} onClick={() => choose({ kind, name: filterNames[kind] })}>
                  {filterNames[kind]}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>
      <AppDataTable<EventDetailChipRow>
        aria-label="Event equipment"
        height="max(360px, calc(100dvh - 300px))"
        columns={columns}
        what="items"
        records={chips.data?.items}
        totalRecords={chips.data?.total ?? 0}
        recordsPerPage={EQUIPMENT_PAGE_SIZE}
        page={page + 1}
        onPageChange={(next) => setPage(next - 1)}
        status={listStatus(chips)}
        emptyText={filter || term ? 'No items match this filter.' : 'This event has no equipment yet.'}
      />
      {viewing && <PictureViewer title={viewing.stampedId} pictures={viewing.files} onClose={() => setViewing(null)} />}
    </Paper>
  );
}
