import { ownerEndpoints } from '@portal/contract';
import { NotFoundPage } from '../../../components/NotFoundPage.tsx';
import { useEndpoint } from '../../../lib/api/endpointQuery.ts';
import { useRouteIds } from '../../../lib/routeIds.ts';
import { CataloguePage } from '../components/CataloguePage.tsx';
import { LoadError } from '../components/LoadError.tsx';
import { ownerPath, ownersPath, typePath } from '../paths.ts';

/** The page shows 'Page not found' or the error itself (LoadError, the table's failed state), so no toast. */
const quiet = { meta: { toastErrors: false } };

/** /Admin/Owners/{id}/{certificateType}/{certificateSubType}: the dimensions of one sub-type. */
export function DimensionsRoute() {
  const ids = useRouteIds('ownerId', 'typeId', 'subTypeId');
  return ids ? <DimensionsPage {...ids} /> : <NotFoundPage />;
}

function DimensionsPage({ ownerId, typeId, subTypeId }: { ownerId: number; typeId: number; subTypeId: number }) {
  // The sub-type answers with its type and owner, enough for the breadcrumbs.
  const subType = useEndpoint(ownerEndpoints.subType, { params: { id: ownerId, t: typeId, s: subTypeId } }, quiet);
  const dimensions = useEndpoint(ownerEndpoints.dimensions, { params: { id: ownerId, t: typeId, s: subTypeId } }, quiet);
  if (subType.isError)
    return <LoadError what="sub-type" error={subType.error} onRetry={() => subType.refetch()} retrying={subType.isFetching} />;
  const type = subType.data?.certificateType;
  return (
    <CataloguePage
      crumbs={[
        { label: 'Admin', to: '/Admin' },
        { label: 'Owners', to: ownersPath },
        { label: type?.owner.name ?? '...', to: ownerPath(ownerId) },
        { label: type?.name ?? '...', to: typePath(ownerId, typeId) },
        { label: subType.data?.name ?? '...' },
      ]}
      title="Dimensions"
      noun="dimension"
      level="dimension"
      parentId={subType.data?.id}
      list={dimensions}
      nominal={(row) => ({ nominalSize: row?.nominalSize ?? null, nominalUnit: row?.nominalUnit ?? null })}
    />
  );
}
