import { DEFAULT_PAGE_SIZE, eventEndpoints } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api/callEndpoint.ts';
import { endpointKey } from '../../lib/api/endpointQuery.ts';
import { type EventListFilters, hasActiveFilter } from './eventListFilters.ts';

export const EVENTS_PAGE_SIZE = DEFAULT_PAGE_SIZE;

/** GET /Events (newest first) or, with any filter set, GET /Events/byFilter. Page is zero-based. */
function eventListQuery(filters: EventListFilters, page: number) {
  const paging = { page, pageSize: EVENTS_PAGE_SIZE };
  const filtered = {
    query: { ...paging, user: filters.user ?? undefined, eventType: filters.eventType ?? undefined, rig: filters.rig ?? undefined },
  };
  return hasActiveFilter(filters)
    ? queryOptions({
        queryKey: endpointKey(eventEndpoints.byFilter, filtered),
        queryFn: ({ signal }) => callEndpoint(eventEndpoints.byFilter, filtered, { signal }),
      })
    : queryOptions({
        queryKey: endpointKey(eventEndpoints.list, { query: paging }),
        queryFn: ({ signal }) => callEndpoint(eventEndpoints.list, { query: paging }, { signal }),
      });
}

export function useEventList(filters: EventListFilters, page: number) {
  // Keep the previous page on screen while the next one loads, so the table does not jump.
  return useQuery({ ...eventListQuery(filters, page), placeholderData: keepPreviousData });
}
