import type { CertificateSubType } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';
import { ownerKeys } from './keys.ts';

export const fetchSubTypeList = (ownerId: number, typeId: number, signal?: AbortSignal) =>
  api.get<CertificateSubType[]>(`/Owners/${ownerId}/types/${typeId}/subtypes`, { signal });

export const subTypeListQuery = (ownerId: number, typeId: number) =>
  queryOptions({
    queryKey: ownerKeys.subTypes(ownerId, typeId),
    queryFn: ({ signal }) => fetchSubTypeList(ownerId, typeId, signal),
    meta: { toastErrors: false },
  });

/** Sub-types of a certificate type (GET /Owners/{id}/types/{t}/subtypes). */
export const useSubTypeList = (ownerId: number, typeId: number) => useQuery(subTypeListQuery(ownerId, typeId));
