import { certificateEndpoints } from '@portal/contract';
import { useSearchParams } from 'react-router';
import { AccessDeniedPage } from '../../../components/AccessDeniedPage.tsx';
import { FullPageLoader } from '../../../components/FullPageLoader.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { NotFoundPage } from '../../../components/NotFoundPage.tsx';
import { isApiError } from '../../../lib/api/ApiError.ts';
import { useEndpoint } from '../../../lib/api/endpointQuery.ts';
import { useOpenedData } from '../../../lib/api/openedData.ts';
import { useRouteIds } from '../../../lib/routeIds.ts';
import { CertificateEditor } from '../editor/CertificateEditor.tsx';

/** /Certificates/Add: a blank certificate. */
export function AddCertificateRoute() {
  return <CertificateEditor mode={{ kind: 'add' }} />;
}

/** /Certificates/Add/{id}: a copy of a certificate's fields; ?file=1 copies its PDF too. */
export function CopyCertificateRoute() {
  const ids = useRouteIds('id');
  const withFile = useSearchParams()[0].get('file') === '1';
  return ids ? <LoadedEditor key={`copy-${ids.id}-${withFile}`} id={ids.id} kind="copy" withFile={withFile} /> : <NotFoundPage />;
}

/** /Certificates/Edit/{id}: the certificate and its rows as saved. */
export function EditCertificateRoute() {
  const ids = useRouteIds('id');
  return ids ? <LoadedEditor key={`edit-${ids.id}`} id={ids.id} kind="edit" withFile={false} /> : <NotFoundPage />;
}

/**
 * Loads the certificate first. Spec section 8: a 401 says 'You do not have access to this page',
 * other failures 'Page not found'; an unreachable server offers Retry. Reload (after a 409) fetches
 * the server's version and opens the editor again on it.
 */
function LoadedEditor({ id, kind, withFile }: { id: number; kind: 'copy' | 'edit'; withFile: boolean }) {
  const certificate = useEndpoint(
    certificateEndpoints.get,
    { params: { id } }, // The editor keeps what it opened (useOpenedData), not what a background refetch brings.
    { meta: { toastErrors: false }, staleTime: 0, refetchOnWindowFocus: false, refetchOnReconnect: false },
  );
  const { snapshot, reload } = useOpenedData(certificate);

  if (certificate.isError) {
    const error = certificate.error;
    if (isApiError(error) && error.status === 401) return <AccessDeniedPage />;
    if (isApiError(error) && error.status !== 0) return <NotFoundPage />;
    return <LoadFailed what="certificate" error={error} onRetry={() => certificate.refetch()} retrying={certificate.isFetching} />;
  }
  // The editor opens on what the server holds now, not on a cached copy from the detail page.
  if (!snapshot) return <FullPageLoader label="Loading the certificate" />;

  return kind === 'edit' ? (
    <CertificateEditor key={snapshot.opened} mode={{ kind: 'edit', certificate: snapshot.data, onReload: reload }} />
  ) : (
    <CertificateEditor mode={{ kind: 'copy', source: snapshot.data, withFile }} />
  );
}
