import { DEFAULT_PAGE_SIZE, type EventPage } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';
import { type EventListFilters, hasActiveFilter } from '../eventListFilters.ts';

export const EVENTS_PAGE_SIZE = DEFAULT_PAGE_SIZE;

/** GET /Events (newest first) or, with any filter set, GET /Events/byFilter. Page is zero-based. */
export function fetchEventList(filters: EventListFilters, page: number, signal?: AbortSignal) {
  const paging = { page, pageSize: EVENTS_PAGE_SIZE };
  if (!hasActiveFilter(filters)) return api.get<EventPage>('/Events', { query: paging, signal });
  return api.get<EventPage>('/Events/byFilter', {
    query: { ...paging, user: filters.user, eventType: filters.eventType, rig: filters.rig },
    signal,
  });
}

export const eventListQuery = (filters: EventListFilters, page: number) =>
  queryOptions({
    queryKey: ['events', 'list', filters, page],
    queryFn: ({ signal }) => fetchEventList(filters, page, signal),
    // Keep the previous page on screen while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });

export const useEventList = (filters: EventListFilters, page: number) => useQuery(eventListQuery(filters, page));
