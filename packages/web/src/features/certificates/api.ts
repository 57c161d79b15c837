import { type CertificateListQueryInput, certificateEndpoints } from '@portal/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { useEndpoint } from '../../lib/api/endpointQuery.ts';

/** One page of GET /Certificates; the previous page stays on screen while the next one loads. */
export function useCertificateList(query: CertificateListQueryInput) {
  return useEndpoint(certificateEndpoints.list, { query }, { placeholderData: keepPreviousData });
}
