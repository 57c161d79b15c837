import { Anchor } from '@mantine/core';
import { formatNumber } from '@portal/contract';
import { IconPencil } from '@tabler/icons-react';
import { Link } from 'react-router';
import { AppDataTable } from '../../../components/AppDataTable.tsx';
import type { ListStatus } from '../../../components/listStatus.ts';
import { useClientSort } from '../../../components/useClientSort.ts';
import { formatDateTime } from '../../../lib/format.ts';
import type { Nominal } from './NameDialog.tsx';

export interface CatalogueRow {
  id: number;
  name: string;
  createdBy: string | null;
  createdDate: string;
  updatedBy: string | null;
  updatedDate: string;
}

interface CatalogueTableProps<Row extends CatalogueRow> {
  /** 'Certificate types', 'Sub-types' or 'Dimensions': the table's accessible name. */
  label: string;
  rows: Row[] | undefined;
  status: ListStatus;
  emptyText: string;
  /** Where a row's name leads (the next level down); dimensions, the last level, have none. */
  linkTo?: (row: Row) => string;
  /** Dimensions: the nominal size column ('84 mm', 'No size', 'Not set'). */
  nominal?: (row: Row) => Nominal;
  onEdit: (row: Row) => void;
}

/** One level of an owner's catalogue: name, who changed it last and when, and an edit button. */
export function CatalogueTable<Row extends CatalogueRow>({
  label,
  rows,
  status,
  emptyText,
  linkTo,
  nominal,
  onEdit,
}: CatalogueTableProps<Row>) {
  const sort = useClientSort(rows, { columnAccessor: 'name', direction: 'asc' });
  return (
    <AppDataTable<Row>
      aria-label={label}
      what={label.toLowerCase()}
      {...sort}
      status={status}
      emptyText={emptyText}
      rowName={(row) => row.name}
      rowActions={[{ label: 'Edit', icon: <IconPencil size={18} />, onClick: onEdit }]}
      columns={[
        {
          accessor: 'name',
          sortable: true,
          title: 'Name',
          render: (row) =>
            linkTo ? (
              <Anchor component={Link} to={linkTo(row)} size="sm">
                {row.name}
              </Anchor>
            ) : (
              row.name
            ),
        },
        ...(nominal
          ? [
              {
                accessor: 'nominal',
                title: 'Nominal size',
                noWrap: true,
                render: (row: Row) => nominalText(nominal(row)),
              },
            ]
          : []),
        {
          accessor: 'updatedBy',
          sortable: true,
          title: 'Updated by',
          noWrap: true,
          visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
        },
        {
          accessor: 'updatedDate',
          sortable: true,
          title: 'Updated',
          noWrap: true,
          visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
          render: (row) => (
            <span title={`Created ${formatDateTime(row.createdDate)}${row.createdBy ? ` by ${row.createdBy}` : ''}`}>
              {formatDateTime(row.updatedDate)}
            </span>
          ),
        },
      ]}
    />
  );
}

/** '84 mm', '3.5 in', 'No size' (an Admin said so) or 'Not set' (nobody has). */
function nominalText({ nominalSize, nominalUnit }: Nominal): string {
  if (nominalUnit === 'none') return 'No size';
  return nominalSize === null || nominalUnit === null ? 'Not set' : `${formatNumber(nominalSize, 3)} ${nominalUnit}`;
}
