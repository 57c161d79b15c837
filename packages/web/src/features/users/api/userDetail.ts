import type { UserDetail } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';

export const fetchUserDetail = (id: number, signal?: AbortSignal) => api.get<UserDetail>(`/Users/${id}`, { signal });

export const userDetailQuery = (id: number) =>
  queryOptions({ queryKey: ['users', 'detail', id], queryFn: ({ signal }) => fetchUserDetail(id, signal) });

/** One user with the owners the editor can grant (GET /Users/{id}). */
export const useUserDetail = (id: number) => useQuery(userDetailQuery(id));
