import { Anchor } from '@mantine/core';
import { type AdminUser, levelName, type UserTypeValue, userTypeLabels } from '@portal/contract';
import type { DataTableColumn } from 'mantine-datatable';
import { Link, useNavigate } from 'react-router';
import { AppDataTable } from '../../../components/AppDataTable.tsx';
import { OwnerBadges } from './OwnerBadges.tsx';

export const userPath = (id: number) => `/Admin/Users/${id}`;

const columns: DataTableColumn<AdminUser>[] = [
  {
    accessor: 'email',
    title: 'Email',
    noWrap: true,
    render: (user) => (
      <Anchor component={Link} to={userPath(user.id)} size="sm" onClick={(event) => event.stopPropagation()}>
        {user.email}
      </Anchor>
    ),
  },
  { accessor: 'alias', title: 'Alias', noWrap: true },
  { accessor: 'userType', title: 'Type', noWrap: true, render: (user) => userTypeLabels[user.userType as UserTypeValue] },
  { accessor: 'userLevel', title: 'Level', noWrap: true, render: (user) => levelName(user.userLevel) },
  { accessor: 'owners', title: 'Owners', render: (user) => <OwnerBadges allOwners={user.allOwners} owners={user.owners} /> },
];

interface UsersTableProps {
  users: AdminUser[] | undefined;
  fetching: boolean;
  emptyText: string;
}

/** All users (or the search's matches); a row opens the editor. Wide content scrolls inside the box. */
export function UsersTable({ users, fetching, emptyText }: UsersTableProps) {
  const navigate = useNavigate();
  return (
    <AppDataTable<AdminUser>
      aria-label="Users"
      maxHeight="max(360px, calc(100dvh - 240px))"
      columns={columns}
      records={users ?? []}
      fetching={fetching}
      noRecordsText={fetching ? 'Loading users...' : emptyText}
      onRowClick={({ record }) => navigate(userPath(record.id))}
    />
  );
}
