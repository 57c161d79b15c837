import type { Folder } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';
import { folderKeys } from './keys.ts';

/** GET /Folders/0/eventTypes: every event type, disabled ones included. */
export const fetchEventTypes = (signal?: AbortSignal) => api.get<Folder[]>('/Folders/0/eventTypes', { signal });

export const eventTypesQuery = () => queryOptions({ queryKey: folderKeys.eventTypes(), queryFn: ({ signal }) => fetchEventTypes(signal) });

export const useEventTypes = () => useQuery(eventTypesQuery());
