import { Button, Group } from '@mantine/core';
import { certificateEndpoints, DEFAULT_PAGE_SIZE, ownerEndpoints } from '@portal/contract';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { AfterFirstRowsSelect } from '../../../components/AfterFirstRowsSelect.tsx';
import { listStatus } from '../../../components/listStatus.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { SearchField } from '../../../components/SearchField.tsx';
import { useSearchInAddress } from '../../../components/useSearchInAddress.ts';
import { endpointQuery, useEndpoint } from '../../../lib/api/endpointQuery.ts';
import { prefetchRead } from '../../../lib/api/prefetchRead.ts';
import type { FirstLoad } from '../../../lib/firstRows.ts';
import { useCanOpen } from '../../../lib/pageAccess.tsx';
import { useCertificateList } from '../api.ts';
import { type CertificateSort, CertificatesTable } from '../components/CertificatesTable.tsx';
import { certificateAddPath, certificateSearchPath, certificatesPath } from '../paths.ts';

const PAGE_SIZE = DEFAULT_PAGE_SIZE;
/** Newest first until the user sorts by a column. */
const defaultSort: CertificateSort = { sort: 'id', direction: 'desc' };

/**
 * /Certificates and /Certificates/Search/{search}: the certificates the user may see (external users:
 * their owners'), paged and sorted on the server. The search box matches a part of the certificate
 * number and keeps the term in the address, so a search can be shared and the back button works.
 */
export function CertificatesRoute() {
  const [owner, setOwner] = useState<number | null>(null);
  const [page, setPage] = useState(0);
  const [sort, setSort] = useState<CertificateSort>(defaultSort);
  const owners = useEndpoint(ownerEndpoints.userOwners);
  const canAdd = useCanOpen()(certificateAddPath);
  const { search, draft, setDraft } = useSearchInAddress(
    (term) => (term ? certificateSearchPath(term) : certificatesPath),
    () => setPage(0),
  );

  const list = useCertificateList({
    page,
    pageSize: PAGE_SIZE,
    sort: sort.sort,
    direction: sort.direction,
    search: search || undefined,
    owner: owner ?? undefined,
  });

  const ownerOptions = (owners.data ?? []).map((o) => ({
    value: String(o.id),
    label: o.shortCode ? `${o.name} (${o.shortCode})` : o.name,
  }));
  const filtered = Boolean(search) || owner !== null;

  return (
    <>
      <PageHeader title="Certificates">
        {canAdd && (
          <Button component={Link} to={certificateAddPath} leftSection={<IconPlus size={16} aria-hidden />}>
            Add certificate
          </Button>
        )}
      </PageHeader>
      <Group mb="sm" gap="sm" align="flex-end" wrap="wrap">
        <SearchField
          label="Certificate No"
          placeholder="Part of the number"
          value={draft}
          onChange={setDraft}
          w={{ base: '100%', xs: 260 }}
          maxLength={100}
        />
        {ownerOptions.length > 1 && (
          <AfterFirstRowsSelect
            label="Owner"
            placeholder="All owners"
            data={ownerOptions}
            value={owner === null ? null : String(owner)}
            onChange={(value) => {
              setOwner(value ? Number(value) : null);
              setPage(0);
            }}
            clearable
            searchable
            w={{ base: '100%', xs: 260 }}
          />
        )}
      </Group>
      <CertificatesTable
        data={list.data}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        sort={sort}
        onSortChange={(next) => {
          setSort(next);
          setPage(0);
        }}
        status={listStatus(list)}
        emptyText={filtered ? 'No certificates match this search. Clear the search or choose another owner.' : 'No certificates yet.'}
      />
    </>
  );
}

/** A full load of /Certificates: the first page, newest first (firstLoad.ts). */
CertificatesRoute.prefetch = ({ queryClient, pathname }: FirstLoad) => {
  if (pathname !== certificatesPath) return;
  const query = { page: 0, pageSize: PAGE_SIZE, sort: defaultSort.sort, direction: defaultSort.direction };
  prefetchRead(queryClient, endpointQuery(certificateEndpoints.list, { query }));
};
