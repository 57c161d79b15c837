import type { EventListItem, EventPage, EventSortKey } from '@portal/contract';
import { IconListCheck, IconPencil } from '@tabler/icons-react';
import type { DataTableSortStatus } from 'mantine-datatable';
import { useNavigate } from 'react-router';
import { type AppColumn, AppDataTable, type RowAction } from '../../../components/AppDataTable.tsx';
import { CellLink } from '../../../components/CellLink.tsx';
import type { ListStatus } from '../../../components/listStatus.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { useCanOpen } from '../../../lib/pageAccess.tsx';
import { EVENTS_PAGE_SIZE, type EventSort } from '../api.ts';
import { eventEditPath, eventItemsPath, eventPath } from '../paths.ts';
import { signedOffText } from '../sign-off/SignedOffNote.tsx';

/** Kept at any width: date, type, rig, items (and on a card the project); location folds first (docs/ui.md). */
const columns: AppColumn<EventListItem>[] = [
  {
    accessor: 'eventDate',
    title: 'Date',
    priority: 1,
    sortable: true,
    noWrap: true,
    // A real link, so the keyboard and "open in new tab" work; the row click does the same.
    render: (event) => <CellLink to={eventPath(event.id)}>{formatDate(event.eventDate)}</CellLink>,
  },
  { accessor: 'type.name', title: 'Type', priority: 1, noWrap: true },
  { accessor: 'rig.name', title: 'Rig', priority: 1, noWrap: true },
  { accessor: 'referenceNo.name', title: 'Project', priority: 2, noWrap: true },
  { accessor: 'documentNo', title: 'Document No', priority: 3, sortable: true, noWrap: true },
  { accessor: 'eventLocation', title: 'Location', priority: 5, sortable: true, ellipsis: true, width: 180 },
  { accessor: 'responsible', title: 'Responsible', priority: 4, sortable: true, noWrap: true },
  { accessor: 'company', title: 'Company', priority: 4, sortable: true, noWrap: true },
  { accessor: 'itemCount', title: 'Items', priority: 1, textAlign: 'right', noWrap: true },
  {
    accessor: 'signOff',
    title: 'Signed off by',
    // Folds before Document No where both do not fit (the same priority, further right).
    priority: 3,
    noWrap: true,
    // The inspector's name; the whole line (qualification, company, when) on hover (docs/sign-off.md).
    render: (event) => event.signOff && <span title={signedOffText(event.signOff)}>{event.signOff.signedBy}</span>,
  },
  {
    accessor: 'createdBy',
    title: 'Created by',
    priority: 2,
    noWrap: true,
    render: (event) => <span title={formatDateTime(event.createdDate)}>{event.createdBy}</span>,
  },
];

interface EventsTableProps {
  data: EventPage | undefined;
  /** Zero-based, as the server pages. */
  page: number;
  onPageChange: (page: number) => void;
  sort: EventSort;
  onSortChange: (sort: EventSort) => void;
  status: ListStatus;
  emptyText: string;
}

const rowName = (event: EventListItem) => `${event.type.name} ${formatDate(event.eventDate)}`;

/**
 * Server-paged and server-sorted events; a row opens the event detail, and for Events level the row's
 * Edit and Edit equipment buttons open the event form and the equipment editor directly.
 */
export function EventsTable({ data, page, onPageChange, sort, onSortChange, status, emptyText }: EventsTableProps) {
  const navigate = useNavigate();
  const canOpen = useCanOpen();
  const sortStatus: DataTableSortStatus<EventListItem> = { columnAccessor: sort.sort, direction: sort.direction };
  const rowActions: RowAction<EventListItem>[] = [
    {
      label: 'Edit',
      icon: <IconPencil size={16} aria-hidden />,
      onClick: (event) => navigate(eventEditPath(event.id)),
      hidden: (event) => !canOpen(eventEditPath(event.id)),
    },
    {
      label: 'Edit equipment',
      icon: <IconListCheck size={16} aria-hidden />,
      onClick: (event) => navigate(eventItemsPath(event.id)),
      hidden: (event) => !canOpen(eventItemsPath(event.id)),
    },
  ];
  return (
    <AppDataTable<EventListItem>
      aria-label="Events"
      height="max(360px, calc(100dvh - 260px))"
      columns={columns}
      what="events"
      records={data?.items}
      // A search's count stops at 1,000 ('1,000+'); a full page past it keeps the next page open.
      totalRecords={data?.totalCapped ? Math.max(data.total, page * EVENTS_PAGE_SIZE + data.items.length + 1) : (data?.total ?? 0)}
      totalCapped={data?.totalCapped}
      recordsPerPage={EVENTS_PAGE_SIZE}
      page={page + 1}
      onPageChange={(next) => onPageChange(next - 1)}
      sortStatus={sortStatus}
      onSortStatusChange={(next) => {
        const column = next.columnAccessor as EventSortKey;
        // Another column starts going up; the same column turns around.
        onSortChange({ sort: column, direction: column === sort.sort ? next.direction : 'asc' });
      }}
      onRowClick={({ record }) => navigate(eventPath(record.id))}
      rowName={rowName}
      rowActions={canOpen(eventEditPath(0)) ? rowActions : undefined}
      status={status}
      emptyText={emptyText}
    />
  );
}
