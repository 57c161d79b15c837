import type { Dimension } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';
import { ownerKeys } from './keys.ts';

export const fetchDimensionList = (ownerId: number, typeId: number, subTypeId: number, signal?: AbortSignal) =>
  api.get<Dimension[]>(`/Owners/${ownerId}/types/${typeId}/subtypes/${subTypeId}/dimensions`, { signal });

export const dimensionListQuery = (ownerId: number, typeId: number, subTypeId: number) =>
  queryOptions({
    queryKey: ownerKeys.dimensions(ownerId, typeId, subTypeId),
    queryFn: ({ signal }) => fetchDimensionList(ownerId, typeId, subTypeId, signal),
    meta: { toastErrors: false },
  });

/** Dimensions of a sub-type, by size (GET /Owners/{id}/types/{t}/subtypes/{s}/dimensions). */
export const useDimensionList = (ownerId: number, typeId: number, subTypeId: number) =>
  useQuery(dimensionListQuery(ownerId, typeId, subTypeId));
