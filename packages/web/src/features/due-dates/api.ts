import { type DueLookupResponse, dueDateEndpoints } from '@portal/contract';
import { useMemo } from 'react';
import { useEndpoint } from '../../lib/api/endpointQuery.ts';
import { useEndpointMutation } from '../../lib/api/mutation.ts';

/** Due dates of the items a screen shows (one call for the whole list), by stamped id. */
export function useDueDates(stampedIds: readonly string[]) {
  const ids = [...new Set(stampedIds.filter(Boolean))].sort().slice(0, 2000);
  const query = useEndpoint(dueDateEndpoints.lookup, { body: { stampedIds: ids } }, { enabled: ids.length > 0, staleTime: 30_000 });
  const data = query.data as DueLookupResponse | undefined;
  // One map per answer: tables keep rows drawn while it is the same (AppDataTable's rowsDependOn).
  return useMemo(() => new Map(data?.items.map((item) => [item.stampedId, item]) ?? []), [data]);
}

export const useSetTypeRegime = () => useEndpointMutation(dueDateEndpoints.setTypeRegime);
export const useSetSubTypeRegime = () => useEndpointMutation(dueDateEndpoints.setSubTypeRegime);
export const useSetEventTypeKind = () => useEndpointMutation(dueDateEndpoints.setEventType);
export const useSetDueSubscription = () => useEndpointMutation(dueDateEndpoints.setSubscription);
