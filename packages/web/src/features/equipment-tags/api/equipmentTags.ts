import { DEFAULT_PAGE_SIZE, type EquipmentTagPage } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';
import { tagKeys } from './keys.ts';

export const TAGS_PAGE_SIZE = DEFAULT_PAGE_SIZE;

/** GET /EquipmentTags: one page (zero-based), optionally searching the stamped id and the tag. */
export const fetchEquipmentTags = (search: string, page: number, signal?: AbortSignal) =>
  api.get<EquipmentTagPage>('/EquipmentTags', { query: { search, page, pageSize: TAGS_PAGE_SIZE }, signal });

export const equipmentTagsQuery = (search: string, page: number) =>
  queryOptions({
    queryKey: tagKeys.list(search, page),
    queryFn: ({ signal }) => fetchEquipmentTags(search, page, signal),
    placeholderData: keepPreviousData,
  });

export const useEquipmentTags = (search: string, page: number) => useQuery(equipmentTagsQuery(search, page));
