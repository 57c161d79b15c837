import { Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  DEFAULT_PAGE_SIZE,
  eventItemEndpoints,
  eventItemMessages,
  type NotificationRow,
  notificationEndpoints,
  VALIDATION_DEBOUNCE_MS,
} from '@portal/contract';
import { IconBellOff, IconExternalLink, IconSearch } from '@tabler/icons-react';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { type AppColumn, AppDataTable } from '../../../components/AppDataTable.tsx';
import { ColorBadge } from '../../../components/ColorBadge.tsx';
import { listStatus } from '../../../components/listStatus.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { StampedIdLink } from '../../../components/StampedIdLink.tsx';
import { useEndpoint } from '../../../lib/api/endpointQuery.ts';
import { useEndpointMutation } from '../../../lib/api/mutation.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { showSuccessToast } from '../../../lib/notify.tsx';

const itemPath = (row: NotificationRow) => `/Events/Edit/${row.eventId}/Equipment/${row.eventComponentId}`;

/** /Admin/Notifications (Events level, internal): event items with the notification flag on (decision 014). */
export function NotificationsRoute() {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [debounced] = useDebouncedValue(search.trim(), VALIDATION_DEBOUNCE_MS);
  const list = useEndpoint(
    notificationEndpoints.list,
    { query: { page: page - 1, pageSize: DEFAULT_PAGE_SIZE, search: debounced || undefined } },
    { placeholderData: keepPreviousData },
  );
  const clear = useEndpointMutation(eventItemEndpoints.update);

  const columns: AppColumn<NotificationRow>[] = [
    {
      accessor: 'stampedId',
      title: 'Stamped id',
      noWrap: true,
      render: (row) => <StampedIdLink stampedId={row.stampedId} />,
    },
    {
      accessor: 'description',
      title: 'Description',
      render: (row) =>
        row.description ?? (
          <Text size="sm" c="dimmed">
            Unlinked
          </Text>
        ),
    },
    { accessor: 'comment', title: 'Comment', priority: 3 },
    { accessor: 'eventBy', title: 'Event by', priority: 4, noWrap: true },
    { accessor: 'eventDate', title: 'Event date', noWrap: true, render: (row) => formatDate(row.eventDate) },
    { accessor: 'active', title: 'Active', render: (row) => (row.active ? 'Yes' : 'No') },
    {
      accessor: 'status',
      title: 'Status',
      priority: 1,
      card: 'status',
      render: (row) => row.status && <ColorBadge color={row.status.color}>{row.status.name}</ColorBadge>,
    },
    {
      accessor: 'updatedDate',
      title: 'Audit',
      priority: 5,
      card: 'none',
      render: (row) => (
        <Stack gap={0}>
          <Text size="xs">
            Created {formatDateTime(row.createdDate)} by {row.createdBy}
          </Text>
          <Text size="xs" c="dimmed">
            Updated {formatDateTime(row.updatedDate)} by {row.updatedBy}
          </Text>
        </Stack>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Notifications"
        crumbs={[{ label: 'Admin', to: '/Admin' }, { label: 'Notifications' }]}
        description="Event items flagged for follow-up. Open the item to see its finding; turn the notification off once it is dealt with."
      />
      <TextInput
        type="search"
        aria-label="Search notifications"
        placeholder="Search by stamped id or comment"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
        w={{ base: '100%', sm: 360 }}
        mb="sm"
      />
      <AppDataTable<NotificationRow>
        aria-label="Notifications"
        what="notifications"
        status={listStatus(list)}
        emptyText={debounced ? 'No notification matches the search.' : 'No notifications: no event item is flagged.'}
        columns={columns}
        records={list.data?.items.map((row) => ({ ...row, id: row.eventComponentId }))}
        rowName={(row) => row.stampedId}
        rowActions={[
          { label: 'Open item', icon: <IconExternalLink size={18} />, onClick: (row) => navigate(itemPath(row)) },
          {
            label: 'Turn notification off',
            icon: <IconBellOff size={18} />,
            onClick: (row) =>
              clear.mutate(
                { params: { eventId: row.eventId, id: row.eventComponentId }, body: { notifications: false } },
                { onSuccess: () => showSuccessToast(eventItemMessages.notificationCleared(row.stampedId)) },
              ),
          },
        ]}
        onRowClick={({ record }) => navigate(itemPath(record))}
        page={page}
        onPageChange={setPage}
        totalRecords={list.data?.total ?? 0}
        recordsPerPage={DEFAULT_PAGE_SIZE}
      />
    </>
  );
}
