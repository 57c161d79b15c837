import type { CertificateType } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';
import { ownerKeys } from './keys.ts';

export const fetchCertificateTypeList = (ownerId: number, signal?: AbortSignal) =>
  api.get<CertificateType[]>(`/Owners/${ownerId}/types`, { signal });

export const certificateTypeListQuery = (ownerId: number) =>
  queryOptions({
    queryKey: ownerKeys.types(ownerId),
    queryFn: ({ signal }) => fetchCertificateTypeList(ownerId, signal),
    meta: { toastErrors: false },
  });

/** The owner's certificate types, by name (GET /Owners/{id}/types). */
export const useCertificateTypeList = (ownerId: number) => useQuery(certificateTypeListQuery(ownerId));
