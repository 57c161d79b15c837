import type { Folder } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';
import { folderKeys } from './keys.ts';

/** GET /Folders/{id}: one folder (here: the event type whose statuses are shown). */
export const fetchFolder = (id: number, signal?: AbortSignal) => api.get<Folder>(`/Folders/${id}`, { signal });

export const folderQuery = (id: number) =>
  queryOptions({
    queryKey: folderKeys.folder(id),
    queryFn: ({ signal }) => fetchFolder(id, signal),
    // The page shows a missing parent itself (page not found), so no toast.
    meta: { toastErrors: false },
  });

export const useFolder = (id: number) => useQuery(folderQuery(id));
