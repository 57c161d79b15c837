import { certificateEndpoints } from '@portal/contract';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { AccessDeniedPage } from '../../../components/AccessDeniedPage.tsx';
import { FullPageLoader } from '../../../components/FullPageLoader.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { NotFoundPage } from '../../../components/NotFoundPage.tsx';
import { isApiError } from '../../../lib/api/ApiError.ts';
import { useEndpoint } from '../../../lib/api/endpointQuery.ts';
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
    { params: { id } }, // A refetch in the background must not replace the draft: the editor keeps what it opened.
    { meta: { toastErrors: false }, staleTime: 0, refetchOnWindowFocus: false, refetchOnReconnect: false },
  );
  const [opened, setOpened] = useState(0);

  if (certificate.isError) {
    const error = certificate.error;
    if (isApiError(error) && error.status === 401) return <AccessDeniedPage />;
    if (isApiError(error) && error.status !== 0) return <NotFoundPage />;
    return <LoadFailed what="certificate" error={error} onRetry={() => certificate.refetch()} retrying={certificate.isFetching} />;
  }
  // The editor opens on what the server holds now, not on a cached copy from the detail page.
  if (!certificate.data || !certificate.isFetchedAfterMount) return <FullPageLoader label="Loading the certificate" />;

  const data = certificate.data;
  const reload = () => {
    void certificate.refetch().then(() => setOpened((n) => n + 1));
  };
  return kind === 'edit' ? (
    <CertificateEditor key={opened} mode={{ kind: 'edit', certificate: data, onReload: reload }} />
  ) : (
    <CertificateEditor mode={{ kind: 'copy', source: data, withFile }} />
  );
}
