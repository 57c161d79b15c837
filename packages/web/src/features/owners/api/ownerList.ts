import type { Owner } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';
import { ownerKeys } from './keys.ts';

export const fetchOwnerList = (signal?: AbortSignal) => api.get<Owner[]>('/Owners', { signal });

export const ownerListQuery = () => queryOptions({ queryKey: ownerKeys.list(), queryFn: ({ signal }) => fetchOwnerList(signal) });

/** The owners the signed-in user may see, by name (GET /Owners). */
export const useOwnerList = () => useQuery(ownerListQuery());
