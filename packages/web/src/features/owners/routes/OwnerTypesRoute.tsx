import { ownerEndpoints } from '@portal/contract';
import { NotFoundPage } from '../../../components/NotFoundPage.tsx';
import { RequireLevel } from '../../../components/RequireLevel.tsx';
import { useEndpoint } from '../../../lib/api/endpointQuery.ts';
import { CataloguePage } from '../components/CataloguePage.tsx';
import { LoadError } from '../components/LoadError.tsx';
import { ownersPath, typePath } from '../paths.ts';
import { useCatalogueIds } from './pathIds.ts';

/** The page shows 'Page not found' or the error itself (LoadError), so no toast. */
const quiet = { meta: { toastErrors: false } };

/** /Admin/Owners/{id}: the owner's certificate types. */
export function OwnerTypesRoute() {
  const { ownerId } = useCatalogueIds();
  return (
    <RequireLevel level="Admin" internal>
      {ownerId === null ? <NotFoundPage /> : <OwnerTypesPage ownerId={ownerId} />}
    </RequireLevel>
  );
}

function OwnerTypesPage({ ownerId }: { ownerId: number }) {
  const owner = useEndpoint(ownerEndpoints.get, { params: { id: ownerId } }, quiet);
  const types = useEndpoint(ownerEndpoints.types, { params: { id: ownerId } }, quiet);
  if (owner.isError) return <LoadError error={owner.error} onRetry={() => owner.refetch()} />;
  if (types.isError) return <LoadError error={types.error} onRetry={() => types.refetch()} />;
  return (
    <CataloguePage
      crumbs={[{ label: 'Admin', to: '/Admin' }, { label: 'Owners', to: ownersPath }, { label: owner.data?.name ?? '...' }]}
      title="Certificate types"
      noun="certificate type"
      level="certificateType"
      parentId={owner.data?.id}
      rows={types.data}
      fetching={types.isFetching}
      linkTo={(type) => typePath(ownerId, type.id)}
    />
  );
}
