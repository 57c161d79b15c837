import { Anchor, Text } from '@mantine/core';
import type { CertificateLookupItem, EquipmentLookupItem, EventLookupItem } from '@portal/contract';
import { IconListCheck } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { Link, useNavigate } from 'react-router';
import { AppDataTable } from '../../../components/AppDataTable.tsx';
import type { ListStatus } from '../../../components/listStatus.ts';
import { formatDate } from '../../../lib/format.ts';
import { useCanOpen } from '../../../lib/pageAccess.tsx';
import { dueColumn, useDueDates } from '../../due-dates/index.ts';
import { eventItemsPath, eventPath } from '../../events/index.ts';

/** A result's link, or its plain text when the page behind it needs a higher level (search works from level None). */
function ResultLink({ to, children, strong }: { to: string; children: string; strong?: boolean }) {
  const canOpen = useCanOpen();
  if (!canOpen(to)) return <Text size="sm">{children}</Text>;
  return (
    <Anchor component={Link} to={to} size="sm" fw={strong ? 500 : undefined}>
      {children}
    </Anchor>
  );
}

// Cells keep to one line: on a phone the table scrolls inside its box instead of wrapping words letter by letter.
const certificateLabel = (certificate: Pick<CertificateLookupItem, 'type' | 'subType' | 'dimension'>) =>
  [certificate.type, certificate.subType, certificate.dimension].filter(Boolean).join(' / ');

export function EquipmentResults({ items, status }: { items: EquipmentLookupItem[] | undefined; status: ListStatus }) {
  const due = useDueDates(items?.map((item) => item.stampedId) ?? []);
  const columns: DataTableColumn<EquipmentLookupItem>[] = [
    {
      accessor: 'stampedId',
      title: 'Stamped id',
      noWrap: true,
      render: (item) => (
        <ResultLink to={`/Equipment/${encodeURIComponent(item.stampedId)}`} strong>
          {item.stampedId}
        </ResultLink>
      ),
    },
    {
      accessor: 'certificate',
      title: 'Certificate',
      noWrap: true,
      render: (item) =>
        item.certificate ? (
          <ResultLink to={`/Certificates/${item.certificate.id}`}>{item.certificate.certificateNumber}</ResultLink>
        ) : (
          <Text size="sm" c="dimmed">
            Unlinked
          </Text>
        ),
    },
    { accessor: 'owner', title: 'Owner', noWrap: true, render: (item) => item.certificate?.owner.name ?? '' },
    { accessor: 'type', title: 'Type', noWrap: true, render: (item) => (item.certificate ? certificateLabel(item.certificate) : '') },
    { accessor: 'hidden', title: 'Active', noWrap: true, width: 80, render: (item) => (item.hidden ? 'No' : 'Yes') },
    dueColumn(due, (item) => item.stampedId),
  ];
  return (
    <AppDataTable
      aria-label="Equipment results"
      what="equipment"
      columns={columns}
      records={items}
      status={status}
      emptyText="No equipment matches."
    />
  );
}

/** Event hits open the event; for Events level the row's Edit equipment button opens the equipment editor. */
export function EventResults({ items, status }: { items: EventLookupItem[] | undefined; status: ListStatus }) {
  const navigate = useNavigate();
  const canOpen = useCanOpen();
  const columns: DataTableColumn<EventLookupItem>[] = [
    {
      accessor: 'eventDate',
      title: 'Date',
      noWrap: true,
      render: (event) => (
        <ResultLink to={eventPath(event.id)} strong>
          {formatDate(event.eventDate)}
        </ResultLink>
      ),
    },
    { accessor: 'type', title: 'Type', noWrap: true, render: (event) => event.type.name },
    { accessor: 'rig', title: 'Rig', noWrap: true, render: (event) => event.rig.name },
    { accessor: 'referenceNo', title: 'Project', noWrap: true, render: (event) => event.referenceNo.name },
    { accessor: 'documentNo', title: 'Document no', noWrap: true },
    { accessor: 'eventLocation', title: 'Location', ellipsis: true, width: 180 },
  ];
  return (
    <AppDataTable
      aria-label="Event results"
      what="events"
      columns={columns}
      records={items}
      status={status}
      emptyText="No events match."
      rowName={(event) => `${event.type.name} ${formatDate(event.eventDate)}`}
      rowActions={
        canOpen(eventItemsPath(0))
          ? [
              {
                label: 'Edit equipment',
                icon: <IconListCheck size={16} aria-hidden />,
                onClick: (event) => navigate(eventItemsPath(event.id)),
              },
            ]
          : undefined
      }
    />
  );
}

export function CertificateResults({ items, status }: { items: CertificateLookupItem[] | undefined; status: ListStatus }) {
  const columns: DataTableColumn<CertificateLookupItem>[] = [
    {
      accessor: 'certificateNumber',
      title: 'Certificate no',
      noWrap: true,
      render: (certificate) => (
        <ResultLink to={`/Certificates/${certificate.id}`} strong>
          {certificate.certificateNumber}
        </ResultLink>
      ),
    },
    { accessor: 'owner', title: 'Owner', noWrap: true, render: (certificate) => certificate.owner.name },
    { accessor: 'type', title: 'Type', noWrap: true, render: (certificate) => certificateLabel(certificate) },
    { accessor: 'itemCount', title: 'Items', textAlign: 'right', width: 80 },
    { accessor: 'dateSigned', title: 'Signed', noWrap: true, render: (certificate) => formatDate(certificate.dateSigned) },
  ];
  return (
    <AppDataTable
      aria-label="Certificate results"
      what="certificates"
      columns={columns}
      records={items}
      status={status}
      emptyText="No certificates match."
    />
  );
}
