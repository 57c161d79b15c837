import { ownerEndpoints } from '@portal/contract';
import { NotFoundPage } from '../../../components/NotFoundPage.tsx';
import { RequireLevel } from '../../../components/RequireLevel.tsx';
import { useEndpoint } from '../../../lib/api/endpointQuery.ts';
import { CataloguePage } from '../components/CataloguePage.tsx';
import { LoadError } from '../components/LoadError.tsx';
import { ownerPath, ownersPath, subTypePath } from '../paths.ts';
import { useCatalogueIds } from './pathIds.ts';

/** The page shows 'Page not found' or the error itself (LoadError), so no toast. */
const quiet = { meta: { toastErrors: false } };

/** /Admin/Owners/{id}/{certificateType}: the sub-types of one certificate type. */
export function SubTypesRoute() {
  const { ownerId, typeId } = useCatalogueIds();
  const valid = ownerId !== null && typeId !== null;
  return (
    <RequireLevel level="Admin" internal>
      {valid ? <SubTypesPage ownerId={ownerId} typeId={typeId} /> : <NotFoundPage />}
    </RequireLevel>
  );
}

function SubTypesPage({ ownerId, typeId }: { ownerId: number; typeId: number }) {
  // The type answers with its owner, enough for the breadcrumbs.
  const type = useEndpoint(ownerEndpoints.type, { params: { id: ownerId, t: typeId } }, quiet);
  const subTypes = useEndpoint(ownerEndpoints.subTypes, { params: { id: ownerId, t: typeId } }, quiet);
  if (type.isError) return <LoadError error={type.error} onRetry={() => type.refetch()} />;
  if (subTypes.isError) return <LoadError error={subTypes.error} onRetry={() => subTypes.refetch()} />;
  return (
    <CataloguePage
      crumbs={[
        { label: 'Admin', to: '/Admin' },
        { label: 'Owners', to: ownersPath },
        { label: type.data?.owner.name ?? '...', to: ownerPath(ownerId) },
        { label: type.data?.name ?? '...' },
      ]}
      title="Sub-types"
      noun="sub-type"
      level="certificateSubType"
      parentId={type.data?.id}
      rows={subTypes.data}
      fetching={subTypes.isFetching}
      linkTo={(subType) => subTypePath(ownerId, typeId, subType.id)}
    />
  );
}
