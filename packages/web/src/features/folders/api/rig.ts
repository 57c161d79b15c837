import type { Folder } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';
import { folderKeys } from './keys.ts';

/** GET /Rigs/{id}: one rig. */
export const fetchRig = (id: number, signal?: AbortSignal) => api.get<Folder>(`/Rigs/${id}`, { signal });

export const rigQuery = (id: number) =>
  queryOptions({
    queryKey: folderKeys.rig(id),
    queryFn: ({ signal }) => fetchRig(id, signal),
    // The page shows a missing parent itself (page not found), so no toast.
    meta: { toastErrors: false },
  });

export const useRig = (id: number) => useQuery(rigQuery(id));
