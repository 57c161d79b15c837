import type { EventFilters } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';

export const fetchEventFilterOptions = (signal?: AbortSignal) => api.get<EventFilters>('/Events/getFilters', { signal });

export const eventFilterOptionsQuery = () =>
  queryOptions({
    queryKey: ['events', 'filterOptions'],
    queryFn: ({ signal }) => fetchEventFilterOptions(signal),
    staleTime: 5 * 60_000,
  });

/** Users, event types and rigs to filter the events list by (GET /Events/getFilters). */
export const useEventFilterOptions = () => useQuery(eventFilterOptionsQuery());
