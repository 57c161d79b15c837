import { Anchor } from '@mantine/core';
import type { CertificateListItem, CertificatePage, CertificateSortKey } from '@portal/contract';
import type { DataTableColumn, DataTableSortStatus } from 'mantine-datatable';
import { Link, useNavigate } from 'react-router';
import { AppDataTable } from '../../../components/AppDataTable.tsx';
import type { ListStatus } from '../../../components/listStatus.ts';
import { NARROW_QUERY } from '../../../components/useNarrow.ts';
import { formatDate } from '../../../lib/format.ts';
import { certificatePath } from '../paths.ts';
import { OwnerBadge } from './OwnerBadge.tsx';

const wide = `not all and ${NARROW_QUERY}`;

const columns: DataTableColumn<CertificateListItem>[] = [
  {
    accessor: 'certificateNumber',
    title: 'Certificate No',
    sortable: true,
    noWrap: true,
    render: (certificate) => (
      // A real link, so the keyboard and "open in new tab" work; the row click does the same.
      <Anchor component={Link} to={certificatePath(certificate.id)} size="sm" fw={500} onClick={(event) => event.stopPropagation()}>
        {certificate.certificateNumber}
      </Anchor>
    ),
  },
  { accessor: 'owner', title: 'Owner', sortable: true, width: 220, render: (certificate) => <OwnerBadge owner={certificate.owner} /> },
  { accessor: 'type.name', title: 'Type', noWrap: true },
  { accessor: 'subType.name', title: 'Sub-type', noWrap: true },
  { accessor: 'dimension.name', title: 'Dimension', noWrap: true },
  { accessor: 'itemCount', title: 'Items', textAlign: 'right', noWrap: true },
  { accessor: 'firstStampedId', title: 'First stamped id', noWrap: true, visibleMediaQuery: wide },
  { accessor: 'lastStampedId', title: 'Last stamped id', noWrap: true, visibleMediaQuery: wide },
  { accessor: 'dateSigned', title: 'Signed', sortable: true, noWrap: true, render: (certificate) => formatDate(certificate.dateSigned) },
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
      onSortStatusChange={(next) => onSortChange({ sort: next.columnAccessor as CertificateSortKey, direction: next.direction })}
      onRowClick={({ record }) => navigate(certificatePath(record.id))}
      status={status}
      emptyText={emptyText}
    />
  );
}
