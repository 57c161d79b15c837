import { Anchor } from '@mantine/core';
import { type AdminUser, levelName, type UserTypeValue, userTypeLabels } from '@portal/contract';
import type { DataTableColumn } from 'mantine-datatable';
import { Link, useNavigate } from 'react-router';
import { AppDataTable } from '../../../components/AppDataTable.tsx';
import type { ListStatus } from '../../../components/listStatus.ts';
import { useClientSort } from '../../../components/useClientSort.ts';
import { OwnerBadges } from './OwnerBadges.tsx';

export const userPath = (id: number) => `/Admin/Users/${id}`;

const columns: DataTableColumn<AdminUser>[] = [
  {
    accessor: 'email',
    title: 'Email',
    sortable: true,
    noWrap: true,
    render: (user) => (
      <Anchor component={Link} to={userPath(user.id)} size="sm" onClick={(event) => event.stopPropagation()}>
        {user.email}
      </Anchor>
    ),
  },
  { accessor: 'alias', title: 'Alias', noWrap: true, sortable: true },
  { accessor: 'userType', title: 'Type', noWrap: true, sortable: true, render: (user) => userTypeLabels[user.userType as UserTypeValue] },
  { accessor: 'userLevel', title: 'Level', noWrap: true, sortable: true, render: (user) => levelName(user.userLevel) },
  { accessor: 'owners', title: 'Owners', render: (user) => <OwnerBadges allOwners={user.allOwners} owners={user.owners} /> },
];

interface UsersTableProps {
  users: AdminUser[] | undefined;
  status: ListStatus;
  emptyText: string;
}

/** All users (or the search's matches); a row opens the editor. Wide content scrolls inside the box. */
export function UsersTable({ users, status, emptyText }: UsersTableProps) {
  const navigate = useNavigate();
  const sort = useClientSort(users, { columnAccessor: 'email', direction: 'asc' });
  return (
    <AppDataTable<AdminUser>
      aria-label="Users"
      maxHeight="max(360px, calc(100dvh - 240px))"
      columns={columns}
      what="users"
      {...sort}
      status={status}
      emptyText={emptyText}
      onRowClick={({ record }) => navigate(userPath(record.id))}
    />
  );
}
