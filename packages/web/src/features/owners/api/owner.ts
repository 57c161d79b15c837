import type { Owner } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';
import { ownerKeys } from './keys.ts';

export const fetchOwner = (ownerId: number, signal?: AbortSignal) => api.get<Owner>(`/Owners/${ownerId}`, { signal });

export const ownerQuery = (ownerId: number) =>
  queryOptions({
    queryKey: ownerKeys.one(ownerId),
    queryFn: ({ signal }) => fetchOwner(ownerId, signal),
    // The page shows 'Page not found' or the error itself.
    meta: { toastErrors: false },
  });

/** One owner (GET /Owners/{id}). */
export const useOwner = (ownerId: number) => useQuery(ownerQuery(ownerId));
