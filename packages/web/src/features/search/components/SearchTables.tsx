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
import { eventEquipmentPath, eventPath } from '../../events/index.ts';

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
        <Anchor component={Link} to={`/Equipment/${encodeURIComponent(item.stampedId)}`} size="sm" fw={500}>
          {item.stampedId}
        </Anchor>
      ),
    },
    {
      accessor: 'certificate',
      title: 'Certificate',
      noWrap: true,
      render: (item) =>
        item.certificate ? (
          <Anchor component={Link} to={`/Certificates/${item.certificate.id}`} size="sm">
            {item.certificate.certificateNumber}
          </Anchor>
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
        <Anchor component={Link} to={eventPath(event.id)} size="sm" fw={500}>
          {formatDate(event.eventDate)}
        </Anchor>
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
        canOpen(eventEquipmentPath(0))
          ? [
              {
                label: 'Edit equipment',
                icon: <IconListCheck size={16} aria-hidden />,
                onClick: (event) => navigate(eventEquipmentPath(event.id)),
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
        <Anchor component={Link} to={`/Certificates/${certificate.id}`} size="sm" fw={500}>
          {certificate.certificateNumber}
        </Anchor>
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
