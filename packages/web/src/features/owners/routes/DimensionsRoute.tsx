import { NotFoundPage } from '../../../components/NotFoundPage.tsx';
import { useRouteIds } from '../../../lib/routeIds.ts';
import { useDimensionList } from '../api/dimensionList.ts';
import { useSubType } from '../api/subType.ts';
import { CataloguePage } from '../components/CataloguePage.tsx';
import { LoadError } from '../components/LoadError.tsx';
import { ownerPath, ownersPath, typePath } from '../paths.ts';

/** /Admin/Owners/{id}/{certificateType}/{certificateSubType}: the dimensions of one sub-type. */
export function DimensionsRoute() {
  const ids = useRouteIds('ownerId', 'typeId', 'subTypeId');
  return ids ? <DimensionsPage {...ids} /> : <NotFoundPage />;
}

function DimensionsPage({ ownerId, typeId, subTypeId }: { ownerId: number; typeId: number; subTypeId: number }) {
  // The sub-type answers with its type and owner, enough for the breadcrumbs.
  const subType = useSubType(ownerId, typeId, subTypeId);
  const dimensions = useDimensionList(ownerId, typeId, subTypeId);
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
    />
  );
}
