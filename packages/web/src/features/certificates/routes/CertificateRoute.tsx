import { Button } from '@mantine/core';
import { certificateEndpoints, fileEndpoints } from '@portal/contract';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { AccessDeniedPage } from '../../../components/AccessDeniedPage.tsx';
import { FullPageLoader } from '../../../components/FullPageLoader.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { NotFoundPage } from '../../../components/NotFoundPage.tsx';
import { PageBreadcrumbs } from '../../../components/PageBreadcrumbs.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { isApiError } from '../../../lib/api/ApiError.ts';
import { openDownload } from '../../../lib/api/download.ts';
import { endpointQuery, useEndpoint } from '../../../lib/api/endpointQuery.ts';
import { prefetchRead } from '../../../lib/api/prefetchRead.ts';
import type { FirstLoad } from '../../../lib/firstRows.ts';
import { showErrorToast } from '../../../lib/notify.tsx';
import { parseId, useRouteIds } from '../../../lib/routeIds.ts';
import { LabelSheetButton } from '../../exports/index.ts';
import { CertificateActions } from '../components/CertificateActions.tsx';
import { CertificateData } from '../components/CertificateData.tsx';
import { CertificateEquipmentTable } from '../components/CertificateEquipmentTable.tsx';
import { certificatesPath } from '../paths.ts';

/** /Certificates/{id}: the certificate, its PDF and its equipment. */
export function CertificateRoute() {
  const ids = useRouteIds('id');
  return ids ? <CertificatePage key={ids.id} id={ids.id} /> : <NotFoundPage />;
}

/**
 * Spec section 8: a 401 on the certificate fetch says 'You do not have access to this page', other
 * failures 'Page not found' (a certificate of another owner answers 404, like a missing one). When
 * the server cannot be reached at all (no status), the failed state offers Retry instead.
 */
function CertificatePage({ id }: { id: number }) {
  const certificate = useEndpoint(certificateEndpoints.get, { params: { id } }, { meta: { toastErrors: false } });
  const [downloading, setDownloading] = useState(false);

  if (certificate.isError) {
    const error = certificate.error;
    if (isApiError(error) && error.status === 401) return <AccessDeniedPage />;
    if (isApiError(error) && error.status !== 0) return <NotFoundPage />;
    return <LoadFailed what="certificate" error={error} onRetry={() => certificate.refetch()} retrying={certificate.isFetching} />;
  }
  if (!certificate.data) return <FullPageLoader />;

  const c = certificate.data;
  const file = c.certificateFile;
  const download = () => {
    if (!file) return;
    setDownloading(true);
    openDownload(fileEndpoints.download, { id: file.id })
      .catch((error) => showErrorToast(error, 'The download could not start'))
      .finally(() => setDownloading(false));
  };

  return (
    <>
      <PageBreadcrumbs items={[{ label: 'Certificates', to: certificatesPath }, { label: c.certificateNumber }]} />
      <PageHeader title={`Certificate ${c.certificateNumber}`}>
        {file && (
          <Button
            variant="light"
            leftSection={<IconFileTypePdf size={18} aria-hidden />}
            onClick={download}
            loading={downloading}
            title={file.fileName}
          >
            Download PDF
          </Button>
        )}
        <LabelSheetButton of="certificate" id={c.id} count={c.equipment.filter((item) => !item.hidden).length} />
        <CertificateActions certificate={c} />
      </PageHeader>
      <CertificateData certificate={c} />
      <CertificateEquipmentTable items={c.equipment} />
    </>
  );
}

/** A full load of /Certificates/{id}: the certificate with its equipment (firstLoad.ts). */
CertificateRoute.prefetch = ({ queryClient, params }: FirstLoad) => {
  const id = parseId(params.id);
  if (id !== null) prefetchRead(queryClient, endpointQuery(certificateEndpoints.get, { params: { id } }));
};
