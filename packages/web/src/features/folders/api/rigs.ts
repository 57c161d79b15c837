import type { Folder } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';
import { folderKeys } from './keys.ts';

/** GET /Rigs: every rig, disabled ones included. */
export const fetchRigs = (signal?: AbortSignal) => api.get<Folder[]>('/Rigs', { signal });

export const rigsQuery = () => queryOptions({ queryKey: folderKeys.rigs(), queryFn: ({ signal }) => fetchRigs(signal) });

export const useRigs = () => useQuery(rigsQuery());
