import { ownerEndpoints } from '@portal/contract';
import { NotFoundPage } from '../../../components/NotFoundPage.tsx';
import { useEndpoint } from '../../../lib/api/endpointQuery.ts';
import { useRouteIds } from '../../../lib/routeIds.ts';
import { CataloguePage } from '../components/CataloguePage.tsx';
import { LoadError } from '../components/LoadError.tsx';
import { ownersPath, typePath } from '../paths.ts';

/** The page shows 'Page not found' or the error itself (LoadError, the table's failed state), so no toast. */
const quiet = { meta: { toastErrors: false } };

/** /Admin/Owners/{id}: the owner's certificate types. */
export function OwnerTypesRoute() {
  const ids = useRouteIds('ownerId');
  return ids ? <OwnerTypesPage ownerId={ids.ownerId} /> : <NotFoundPage />;
}

function OwnerTypesPage({ ownerId }: { ownerId: number }) {
  const owner = useEndpoint(ownerEndpoints.get, { params: { id: ownerId } }, quiet);
  const types = useEndpoint(ownerEndpoints.types, { params: { id: ownerId } }, quiet);
  if (owner.isError) return <LoadError what="owner" error={owner.error} onRetry={() => owner.refetch()} retrying={owner.isFetching} />;
  return (
    <CataloguePage
      crumbs={[{ label: 'Admin', to: '/Admin' }, { label: 'Owners', to: ownersPath }, { label: owner.data?.name ?? '...' }]}
      title="Certificate types"
      noun="certificate type"
      level="certificateType"
      parentId={owner.data?.id}
      list={types}
      linkTo={(type) => typePath(ownerId, type.id)}
    />
  );
}
