import { Anchor } from '@mantine/core';
import type { Owner } from '@portal/contract';
import { IconPencil } from '@tabler/icons-react';
import { Link } from 'react-router';
import { AppDataTable } from '../../../components/AppDataTable.tsx';
import { ColorBadge } from '../../../components/ColorBadge.tsx';
import { colorNames } from '../../../components/colorNames.ts';
import type { ListStatus } from '../../../components/listStatus.ts';
import { useClientSort } from '../../../components/useClientSort.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { ownerPath } from '../paths.ts';

interface OwnersTableProps {
  owners: Owner[] | undefined;
  status: ListStatus;
  onEdit: (owner: Owner) => void;
}

/** Owners by name: code, name (opens the owner's certificate types), label in its colour, last change. */
export function OwnersTable({ owners, status, onEdit }: OwnersTableProps) {
  const sort = useClientSort(owners, { columnAccessor: 'name', direction: 'asc' });
  return (
    <AppDataTable<Owner>
      aria-label="Owners"
      what="owners"
      {...sort}
      status={status}
      emptyText="No owners yet. Add one with Add owner."
      rowName={(owner) => owner.name}
      rowActions={[{ label: 'Edit', icon: <IconPencil size={18} />, onClick: onEdit }]}
      columns={[
        // On a phone the name comes first (it stays pinned); the code shows beside it.
        {
          accessor: 'shortCode',
          sortable: true,
          title: 'Code',
          noWrap: true,
          width: 80,
          visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
        },
        {
          accessor: 'name',
          sortable: true,
          title: 'Name',
          render: (owner) => (
            <Anchor component={Link} to={ownerPath(owner.id)} size="sm">
              {owner.name}
            </Anchor>
          ),
        },
        {
          accessor: 'label',
          sortable: true,
          title: 'Label',
          noWrap: true,
          width: 160,
          render: (owner) => <ColorBadge color={owner.label}>{colorNames[owner.label]}</ColorBadge>,
        },
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
          render: (owner) => formatDateTime(owner.updatedDate),
        },
      ]}
    />
  );
}
