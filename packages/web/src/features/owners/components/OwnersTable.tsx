import { ActionIcon, Anchor, Tooltip } from '@mantine/core';
import type { Owner } from '@portal/contract';
import { IconPencil } from '@tabler/icons-react';
import { Link } from 'react-router';
import { AppDataTable } from '../../../components/AppDataTable.tsx';
import { ColorBadge } from '../../../components/ColorBadge.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { ownerPath } from '../paths.ts';

interface OwnersTableProps {
  owners: Owner[] | undefined;
  fetching: boolean;
  onEdit: (owner: Owner) => void;
}

/** Owners by name: code, name (opens the owner's certificate types), label in its colour, last change. */
export function OwnersTable({ owners, fetching, onEdit }: OwnersTableProps) {
  return (
    <AppDataTable<Owner>
      aria-label="Owners"
      minHeight={owners?.length ? undefined : 160}
      records={owners ?? []}
      fetching={fetching}
      noRecordsText={fetching ? 'Loading owners...' : 'No owners yet. Add one with Add owner.'}
      columns={[
        { accessor: 'shortCode', title: 'Code', noWrap: true, width: 80 },
        {
          accessor: 'name',
          title: 'Name',
          render: (owner) => (
            <Anchor component={Link} to={ownerPath(owner.id)} size="sm">
              {owner.name}
            </Anchor>
          ),
        },
        {
          accessor: 'label',
          title: 'Label',
          noWrap: true,
          width: 100,
          render: (owner) => <ColorBadge color={owner.label}>{owner.label}</ColorBadge>,
        },
        {
          accessor: 'updatedBy',
          title: 'Updated by',
          noWrap: true,
          visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
        },
        {
          accessor: 'updatedDate',
          title: 'Updated',
          noWrap: true,
          visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
          render: (owner) => formatDateTime(owner.updatedDate),
        },
        {
          accessor: 'actions',
          title: '',
          width: 56,
          textAlign: 'right',
          render: (owner) => (
            <Tooltip label="Edit" withinPortal>
              <ActionIcon variant="subtle" aria-label={`Edit ${owner.name}`} onClick={() => onEdit(owner)}>
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
          ),
        },
      ]}
    />
  );
}
