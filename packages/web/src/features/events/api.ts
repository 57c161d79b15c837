import { DEFAULT_PAGE_SIZE, type EventSortKey, eventEndpoints } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { endpointKey, fetchEndpoint } from '../../lib/api/endpointQuery.ts';
import { type EventListFilters, hasActiveFilter } from './eventListFilters.ts';

export const EVENTS_PAGE_SIZE = DEFAULT_PAGE_SIZE;

export interface EventSort {
  sort: EventSortKey;
  direction: 'asc' | 'desc';
}
/** Newest event date first until the user sorts by a column. */
export const DEFAULT_EVENT_SORT: EventSort = { sort: 'eventDate', direction: 'desc' };

export interface EventListRequest {
  filters: EventListFilters;
  /** The text of /Events/Search/{search}; empty for the whole list. */
  search: string;
  sort: EventSort;
  /** Zero-based. */
  page: number;
}

/** GET /Events (search and sort included) or, with any filter set, GET /Events/byFilter. */
export function eventListQuery({ filters, search, sort, page }: EventListRequest) {
  const list = { query: { page, pageSize: EVENTS_PAGE_SIZE, search: search || undefined, ...sort } };
  const filtered = {
    query: { ...list.query, user: filters.user ?? undefined, eventType: filters.eventType ?? undefined, rig: filters.rig ?? undefined },
  };
  return hasActiveFilter(filters)
    ? queryOptions({
        queryKey: endpointKey(eventEndpoints.byFilter, filtered),
        queryFn: ({ signal }) => fetchEndpoint(eventEndpoints.byFilter, filtered, { signal }),
      })
    : queryOptions({
        queryKey: endpointKey(eventEndpoints.list, list),
        queryFn: ({ signal }) => fetchEndpoint(eventEndpoints.list, list, { signal }),
      });
}

export function useEventList(request: EventListRequest) {
  // Keep the previous page on screen while the next one loads, so the table does not jump.
  return useQuery({ ...eventListQuery(request), placeholderData: keepPreviousData });
}
