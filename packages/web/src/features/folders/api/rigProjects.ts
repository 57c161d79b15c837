import type { Folder } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';
import { folderKeys } from './keys.ts';

/** GET /Rigs/{id}/projects: the projects of one rig, disabled ones included. */
export const fetchRigProjects = (rigId: number, signal?: AbortSignal) => api.get<Folder[]>(`/Rigs/${rigId}/projects`, { signal });

export const rigProjectsQuery = (rigId: number) =>
  queryOptions({ queryKey: folderKeys.projects(rigId), queryFn: ({ signal }) => fetchRigProjects(rigId, signal) });

export const useRigProjects = (rigId: number) => useQuery(rigProjectsQuery(rigId));
