import { Badge, Text } from '@mantine/core';
import { type CaseDuplicateItem, caseDuplicateMessages } from '@portal/contract';
import { IconPencil } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { AppDataTable } from '../../../components/AppDataTable.tsx';
import { listStatus } from '../../../components/listStatus.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { StampedIdLink } from '../../../components/StampedIdLink.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useCaseDuplicates } from '../api.ts';
import { RenameDialog } from '../components/RenameDialog.tsx';

type Row = CaseDuplicateItem & { pair: number };

const columns: DataTableColumn<Row>[] = [
  { accessor: 'pair', title: 'Pair', width: 60 },
  { accessor: 'stampedId', title: 'Stamped id', noWrap: true, render: (row) => <StampedIdLink stampedId={row.stampedId} /> },
  {
    accessor: 'certificate',
    title: 'Certificate',
    noWrap: true,
    render: (row) =>
      row.certificate ? `${row.certificate.certificateNumber} (${row.certificate.owner.shortCode})` : <Text c="dimmed">Unlinked</Text>,
  },
  {
    accessor: 'eventCount',
    title: 'Events',
    noWrap: true,
    render: (row) => (row.eventCount ? `${row.eventCount}, last ${formatDate(row.lastEventDate)}` : 'None'),
  },
  {
    accessor: 'marked',
    title: 'Unique index',
    noWrap: true,
    render: (row) =>
      row.marked ? (
        <Badge color="yellow" variant="light">
          Left out
        </Badge>
      ) : (
        'Holds the id'
      ),
  },
];

/**
 * /Admin/CaseDuplicates (Certificates level, internal): items whose stamped ids differ only in case,
 * made before ids were compared without case. Renaming one item of a pair resolves it.
 */
export function CaseDuplicatesRoute() {
  const list = useCaseDuplicates();
  const [renaming, setRenaming] = useState<Row | null>(null);
  const rows = list.data?.groups.flatMap((group, index) => group.items.map((item) => ({ ...item, pair: index + 1 })));
  return (
    <>
      <PageHeader
        title="Case duplicates"
        crumbs={[{ label: 'Admin', to: '/Admin' }, { label: 'Case duplicates' }]}
        description="Items whose stamped ids differ only in case. Rename one item of each pair; its history keeps the old id."
      />
      <AppDataTable<Row>
        aria-label="Case duplicates"
        columns={columns}
        what="case duplicates"
        records={rows}
        status={listStatus(list)}
        emptyText={caseDuplicateMessages.none}
        rowName={(row) => row.stampedId}
        rowActions={[{ label: 'Rename', icon: <IconPencil size={16} />, onClick: setRenaming }]}
      />
      {renaming && <RenameDialog item={renaming} onClose={() => setRenaming(null)} />}
    </>
  );
}
