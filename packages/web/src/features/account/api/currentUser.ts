import type { CurrentUser } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';
import { useToken } from '../../../lib/session.ts';

export const fetchCurrentUser = (signal?: AbortSignal) => api.get<CurrentUser>('/Account/CurrentUser', { signal });

/** Keyed by token, so a new login never sees the previous user's data. */
export const currentUserQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['account', 'currentUser', token],
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    enabled: token !== null,
    staleTime: 5 * 60_000,
  });

/** The signed-in user; `user` is undefined while logged out or loading. */
export function useCurrentUser() {
  const token = useToken();
  const query = useQuery(currentUserQuery(token));
  return { token, user: token ? query.data : undefined, query };
}
