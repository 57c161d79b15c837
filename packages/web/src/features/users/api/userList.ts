import type { AdminUser } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';

export const fetchUserList = (search: string, signal?: AbortSignal) =>
  api.get<AdminUser[]>('/Account/GetUsers', { query: { search: search.trim() }, signal });

export const userListQuery = (search: string) =>
  queryOptions({
    queryKey: ['users', 'list', search.trim()],
    queryFn: ({ signal }) => fetchUserList(search, signal),
    // Keep the last answer on screen while the next search runs, so the table does not flicker.
    placeholderData: keepPreviousData,
  });

/** Users whose email or alias contains the search text (GET /Account/GetUsers?search). */
export const useUserList = (search: string) => useQuery(userListQuery(search));
