import { Anchor } from '@mantine/core';
import type { CertificateListItem, CertificatePage, CertificateSortKey } from '@portal/contract';
import type { DataTableSortStatus } from 'mantine-datatable';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { type AppColumn, AppDataTable } from '../../../components/AppDataTable.tsx';
import type { ListStatus } from '../../../components/listStatus.ts';
import { useNarrow } from '../../../components/useNarrow.ts';
import { formatDate } from '../../../lib/format.ts';
import { certificatePath } from '../paths.ts';
import { OwnerBadge } from './OwnerBadge.tsx';

/**
 * Kept at any width: number, owner, type, items and signed (a phone's card shows these four facts);
 * the first and last stamped ids fold first. On a phone the owner is its short code (the name on hover).
 */
const columnsFor = (narrow: boolean): AppColumn<CertificateListItem>[] => [
  {
    accessor: 'certificateNumber',
    title: 'Certificate No',
    priority: 1,
    sortable: true,
    noWrap: true,
    render: (certificate) => (
      // A real link, so the keyboard and "open in new tab" work; the row click does the same.
      <Anchor component={Link} to={certificatePath(certificate.id)} size="sm" fw={500} onClick={(event) => event.stopPropagation()}>
        {certificate.certificateNumber}
      </Anchor>
    ),
  },
  {
    accessor: 'owner',
    title: 'Owner',
    priority: 1,
    sortable: true,
    width: narrow ? undefined : 240,
    render: (certificate) => <OwnerBadge owner={certificate.owner} compact={narrow} />,
  },
  { accessor: 'type.name', title: 'Type', priority: 1, noWrap: true },
  { accessor: 'subType.name', title: 'Sub-type', priority: 3, noWrap: true },
  { accessor: 'dimension.name', title: 'Dimension', priority: 2, noWrap: true },
  { accessor: 'itemCount', title: 'Items', priority: 1, textAlign: 'right', noWrap: true },
  { accessor: 'firstStampedId', title: 'First stamped id', priority: 4, noWrap: true },
  { accessor: 'lastStampedId', title: 'Last stamped id', priority: 4, noWrap: true },
  {
    accessor: 'dateSigned',
    title: 'Signed',
    priority: 1,
    sortable: true,
    noWrap: true,
    render: (certificate) => formatDate(certificate.dateSigned),
  },
];

export interface CertificateSort {
  sort: CertificateSortKey;
  direction: 'asc' | 'desc';
}

interface CertificatesTableProps {
  data: CertificatePage | undefined;
  /** Zero-based, as the server pages. */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  sort: CertificateSort;
  onSortChange: (sort: CertificateSort) => void;
  status: ListStatus;
  emptyText: string;
}

/** Server-paged and server-sorted certificates; a row opens the certificate. */
export function CertificatesTable({ data, page, pageSize, onPageChange, sort, onSortChange, status, emptyText }: CertificatesTableProps) {
  const navigate = useNavigate();
  const narrow = useNarrow();
  const columns = useMemo(() => columnsFor(narrow), [narrow]);
  const sortStatus: DataTableSortStatus<CertificateListItem> = { columnAccessor: sort.sort, direction: sort.direction };
  return (
    <AppDataTable<CertificateListItem>
      aria-label="Certificates"
      height="max(360px, calc(100dvh - 280px))"
      columns={columns}
      what="certificates"
      records={data?.items}
      totalRecords={data?.total ?? 0}
      recordsPerPage={pageSize}
      page={page + 1}
      onPageChange={(next) => onPageChange(next - 1)}
      sortStatus={sortStatus}
      onSortStatusChange={(next) => {
        const column = next.columnAccessor as CertificateSortKey;
        // Another column starts going up; the same column turns around.
        onSortChange({ sort: column, direction: column === sort.sort ? next.direction : 'asc' });
      }}
      onRowClick={({ record }) => navigate(certificatePath(record.id))}
      status={status}
      emptyText={emptyText}
    />
  );
}
