import { NotFoundPage } from '../../../components/NotFoundPage.tsx';
import { useRouteIds } from '../../../lib/routeIds.ts';
import { useCertificateTypeList } from '../api/certificateTypeList.ts';
import { useOwner } from '../api/owner.ts';
import { CataloguePage } from '../components/CataloguePage.tsx';
import { LoadError } from '../components/LoadError.tsx';
import { ownersPath, typePath } from '../paths.ts';

/** /Admin/Owners/{id}: the owner's certificate types. */
export function OwnerTypesRoute() {
  const ids = useRouteIds('ownerId');
  return ids ? <OwnerTypesPage ownerId={ids.ownerId} /> : <NotFoundPage />;
}

function OwnerTypesPage({ ownerId }: { ownerId: number }) {
  const owner = useOwner(ownerId);
  const types = useCertificateTypeList(ownerId);
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
