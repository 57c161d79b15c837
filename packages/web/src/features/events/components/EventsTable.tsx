import type { EventListItem, EventPage } from '@portal/contract';
import type { DataTableColumn } from 'mantine-datatable';
import { AppDataTable } from '../../../components/AppDataTable.tsx';
import type { ListStatus } from '../../../components/listStatus.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { EVENTS_PAGE_SIZE } from '../api.ts';

const columns: DataTableColumn<EventListItem>[] = [
  { accessor: 'eventDate', title: 'Date', noWrap: true, render: (event) => formatDate(event.eventDate) },
  { accessor: 'type.name', title: 'Type', noWrap: true },
  { accessor: 'rig.name', title: 'Rig', noWrap: true },
  { accessor: 'referenceNo.name', title: 'Project', noWrap: true },
  { accessor: 'eventLocation', title: 'Location', ellipsis: true, width: 200 },
  { accessor: 'responsible', title: 'Responsible', noWrap: true },
  { accessor: 'itemCount', title: 'Items', textAlign: 'right', noWrap: true },
  {
    accessor: 'createdBy',
    title: 'Created by',
    noWrap: true,
    render: (event) => <span title={formatDateTime(event.createdDate)}>{event.createdBy}</span>,
  },
];

interface EventsTableProps {
  data: EventPage | undefined;
  /** Zero-based, as the server pages. */
  page: number;
  onPageChange: (page: number) => void;
  status: ListStatus;
  emptyText: string;
}

/** Server-paged events table with a sticky header; wide content scrolls inside its own box. */
export function EventsTable({ data, page, onPageChange, status, emptyText }: EventsTableProps) {
  return (
    <AppDataTable<EventListItem>
      aria-label="Events"
      height="max(360px, calc(100dvh - 260px))"
      columns={columns}
      what="events"
      records={data?.items}
      totalRecords={data?.total ?? 0}
      recordsPerPage={EVENTS_PAGE_SIZE}
      page={page + 1}
      onPageChange={(next) => onPageChange(next - 1)}
      status={status}
      emptyText={emptyText}
    />
  );
}
