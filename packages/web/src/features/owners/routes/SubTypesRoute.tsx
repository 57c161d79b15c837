import { NotFoundPage } from '../../../components/NotFoundPage.tsx';
import { useRouteIds } from '../../../lib/routeIds.ts';
import { useCertificateType } from '../api/certificateType.ts';
import { useSubTypeList } from '../api/subTypeList.ts';
import { CataloguePage } from '../components/CataloguePage.tsx';
import { LoadError } from '../components/LoadError.tsx';
import { ownerPath, ownersPath, subTypePath } from '../paths.ts';

/** /Admin/Owners/{id}/{certificateType}: the sub-types of one certificate type. */
export function SubTypesRoute() {
  const ids = useRouteIds('ownerId', 'typeId');
  return ids ? <SubTypesPage {...ids} /> : <NotFoundPage />;
}

function SubTypesPage({ ownerId, typeId }: { ownerId: number; typeId: number }) {
  // The type answers with its owner, enough for the breadcrumbs.
  const type = useCertificateType(ownerId, typeId);
  const subTypes = useSubTypeList(ownerId, typeId);
  if (type.isError)
    return <LoadError what="certificate type" error={type.error} onRetry={() => type.refetch()} retrying={type.isFetching} />;
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
      list={subTypes}
      linkTo={(subType) => subTypePath(ownerId, typeId, subType.id)}
    />
  );
}
