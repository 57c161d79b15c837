import { Group, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { userEndpoints, VALIDATION_DEBOUNCE_MS } from '@portal/contract';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { listStatus } from '../../../components/listStatus.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useEndpoint } from '../../../lib/api/endpointQuery.ts';
import { AddUserForm } from '../components/AddUserForm.tsx';
import { UsersTable } from '../components/UsersTable.tsx';

/** /Admin/Users: SystemAdministrators only (spec section 6; the route table checks). */
export function UsersRoute() {
  const [search, setSearch] = useState('');
  // The server searches; wait until typing pauses before asking.
  const [debouncedSearch] = useDebouncedValue(search.trim(), VALIDATION_DEBOUNCE_MS);
  // Keep the last answer on screen while the next search runs, so the table does not flicker.
  const users = useEndpoint(userEndpoints.list, { query: { search: debouncedSearch } }, { placeholderData: keepPreviousData });

  return (
    <>
      <PageHeader
        title="Users"
        crumbs={[{ label: 'Admin', to: '/Admin' }, { label: 'Users' }]}
        description="Who can sign in, at which level, and for which owners. Open a user to change them."
      />
      <Group justify="space-between" align="flex-start" gap="sm" mb="md">
        <TextInput
          type="search"
          aria-label="Search users"
          placeholder="Search by email or alias"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={{ base: '100%', sm: 360 }}
        />
        <AddUserForm />
      </Group>
      <UsersTable
        users={users.data}
        status={listStatus(users)}
        emptyText={debouncedSearch ? `No users match "${debouncedSearch}".` : 'No users yet. Add one by email above.'}
      />
    </>
  );
}
