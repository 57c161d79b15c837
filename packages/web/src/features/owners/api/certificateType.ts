import type { CertificateType } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';
import { ownerKeys } from './keys.ts';

export const fetchCertificateType = (ownerId: number, typeId: number, signal?: AbortSignal) =>
  api.get<CertificateType>(`/Owners/${ownerId}/types/${typeId}`, { signal });

export const certificateTypeQuery = (ownerId: number, typeId: number) =>
  queryOptions({
    queryKey: ownerKeys.type(ownerId, typeId),
    queryFn: ({ signal }) => fetchCertificateType(ownerId, typeId, signal),
    meta: { toastErrors: false },
  });

/** One certificate type with its owner (GET /Owners/{id}/types/{t}). */
export const useCertificateType = (ownerId: number, typeId: number) => useQuery(certificateTypeQuery(ownerId, typeId));
