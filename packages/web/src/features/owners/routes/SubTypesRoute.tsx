import { Stack } from '@mantine/core';
import { ownerEndpoints } from '@portal/contract';
import { NotFoundPage } from '../../../components/NotFoundPage.tsx';
import { useEndpoint } from '../../../lib/api/endpointQuery.ts';
import { useRouteIds } from '../../../lib/routeIds.ts';
import { DueRegimePanel } from '../../due-dates/index.ts';
import { MeasurementTemplatePanel } from '../../measurements/index.ts';
import { CataloguePage } from '../components/CataloguePage.tsx';
import { LoadError } from '../components/LoadError.tsx';
import { ownerPath, ownersPath, subTypePath } from '../paths.ts';

/** The page shows 'Page not found' or the error itself (LoadError, the table's failed state), so no toast. */
const quiet = { meta: { toastErrors: false } };

/** /Admin/Owners/{id}/{certificateType}: the sub-types of one certificate type. */
export function SubTypesRoute() {
  const ids = useRouteIds('ownerId', 'typeId');
  return ids ? <SubTypesPage {...ids} /> : <NotFoundPage />;
}

function SubTypesPage({ ownerId, typeId }: { ownerId: number; typeId: number }) {
  // The type answers with its owner, enough for the breadcrumbs.
  const type = useEndpoint(ownerEndpoints.type, { params: { id: ownerId, t: typeId } }, quiet);
  const subTypes = useEndpoint(ownerEndpoints.subTypes, { params: { id: ownerId, t: typeId } }, quiet);
  if (type.isError)
    return <LoadError what="certificate type" error={type.error} onRetry={() => type.refetch()} retrying={type.isFetching} />;
  return (
    <Stack gap="lg">
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
      <DueRegimePanel typeId={typeId} />
      <MeasurementTemplatePanel typeId={typeId} />
    </Stack>
  );
}
