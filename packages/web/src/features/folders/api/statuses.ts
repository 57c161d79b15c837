import type { Folder } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';
import { folderKeys } from './keys.ts';

/** GET /Folders/{id}/eventTypes: the statuses of one event type, disabled ones included. */
export const fetchStatuses = (typeId: number, signal?: AbortSignal) => api.get<Folder[]>(`/Folders/${typeId}/eventTypes`, { signal });

export const statusesQuery = (typeId: number) =>
  queryOptions({ queryKey: folderKeys.statuses(typeId), queryFn: ({ signal }) => fetchStatuses(typeId, signal) });

export const useStatuses = (typeId: number) => useQuery(statusesQuery(typeId));
