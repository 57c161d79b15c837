import { TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { equipmentTagEndpoints, VALIDATION_DEBOUNCE_MS } from '@portal/contract';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { listStatus } from '../../../components/listStatus.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useEndpoint } from '../../../lib/api/endpointQuery.ts';
import { TAGS_PAGE_SIZE } from '../api.ts';
import { TagImportPanel } from '../components/TagImportPanel.tsx';
import { TagsTable } from '../components/TagsTable.tsx';

/** /Admin/EquipmentTags: internal users from Certificates level (spec section 6; the route table checks). */
export function EquipmentTagsRoute() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [debouncedSearch] = useDebouncedValue(search.trim(), VALIDATION_DEBOUNCE_MS);
  const tags = useEndpoint(
    equipmentTagEndpoints.list,
    { query: { search: debouncedSearch, page, pageSize: TAGS_PAGE_SIZE } },
    { placeholderData: keepPreviousData },
  );

  return (
    <>
      <PageHeader
        title="Equipment tags"
        crumbs={[{ label: 'Admin', to: '/Admin' }, { label: 'Equipment tags' }]}
        description="Tags of equipment by stamped id. Import a file of tags, or search the list."
      />
      <TagImportPanel />
      <TextInput
        type="search"
        aria-label="Search tags"
        placeholder="Search by stamped id or tag"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(0);
        }}
        w={{ base: '100%', sm: 360 }}
        mb="sm"
      />
      <TagsTable
        data={tags.data}
        page={page}
        onPageChange={setPage}
        status={listStatus(tags)}
        emptyText={debouncedSearch ? `No tags match "${debouncedSearch}".` : 'No tags yet. Import a file above to add some.'}
      />
    </>
  );
}
