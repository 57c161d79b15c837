import { ownerEndpoints } from '@portal/contract';
import { NotFoundPage } from '../../../components/NotFoundPage.tsx';
import { RequireLevel } from '../../../components/RequireLevel.tsx';
import { useEndpoint } from '../../../lib/api/endpointQuery.ts';
import { CataloguePage } from '../components/CataloguePage.tsx';
import { LoadError } from '../components/LoadError.tsx';
import { ownerPath, ownersPath, typePath } from '../paths.ts';
import { useCatalogueIds } from './pathIds.ts';

/** The page shows 'Page not found' or the error itself (LoadError), so no toast. */
const quiet = { meta: { toastErrors: false } };

/** /Admin/Owners/{id}/{certificateType}/{certificateSubType}: the dimensions of one sub-type. */
export function DimensionsRoute() {
  const { ownerId, typeId, subTypeId } = useCatalogueIds();
  const valid = ownerId !== null && typeId !== null && subTypeId !== null;
  return (
    <RequireLevel level="Admin" internal>
      {valid ? <DimensionsPage ownerId={ownerId} typeId={typeId} subTypeId={subTypeId} /> : <NotFoundPage />}
    </RequireLevel>
  );
}

function DimensionsPage({ ownerId, typeId, subTypeId }: { ownerId: number; typeId: number; subTypeId: number }) {
  // The sub-type answers with its type and owner, enough for the breadcrumbs.
  const subType = useEndpoint(ownerEndpoints.subType, { params: { id: ownerId, t: typeId, s: subTypeId } }, quiet);
  const dimensions = useEndpoint(ownerEndpoints.dimensions, { params: { id: ownerId, t: typeId, s: subTypeId } }, quiet);
  if (subType.isError) return <LoadError error={subType.error} onRetry={() => subType.refetch()} />;
  if (dimensions.isError) return <LoadError error={dimensions.error} onRetry={() => dimensions.refetch()} />;
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
      rows={dimensions.data}
      fetching={dimensions.isFetching}
    />
  );
}
