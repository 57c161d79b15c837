import type { HelpFile } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';
import { helpKeys } from './keys.ts';

export const fetchHelpFiles = (signal?: AbortSignal) => api.get<HelpFile[]>('/Help', { signal });

export const helpFilesQuery = () => queryOptions({ queryKey: helpKeys.list(), queryFn: ({ signal }) => fetchHelpFiles(signal) });

/** The help list (GET /Help), sorted by file name. */
export const useHelpFiles = () => useQuery(helpFilesQuery());
