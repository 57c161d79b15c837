import type { CertificateSubType } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';
import { ownerKeys } from './keys.ts';

export const fetchSubType = (ownerId: number, typeId: number, subTypeId: number, signal?: AbortSignal) =>
  api.get<CertificateSubType>(`/Owners/${ownerId}/types/${typeId}/subtypes/${subTypeId}`, { signal });

export const subTypeQuery = (ownerId: number, typeId: number, subTypeId: number) =>
  queryOptions({
    queryKey: ownerKeys.subType(ownerId, typeId, subTypeId),
    queryFn: ({ signal }) => fetchSubType(ownerId, typeId, subTypeId, signal),
    meta: { toastErrors: false },
  });

/** One sub-type with its type and owner (GET /Owners/{id}/types/{t}/subtypes/{s}). */
export const useSubType = (ownerId: number, typeId: number, subTypeId: number) => useQuery(subTypeQuery(ownerId, typeId, subTypeId));
