import { type DueLookupResponse, dueDateEndpoints } from '@portal/contract';
import { useEndpoint, useEndpointMutation } from '../../lib/api/endpointQuery.ts';

/** Due dates of the items a screen shows (one call for the whole list), by stamped id. */
export function useDueDates(stampedIds: readonly string[]) {
  const ids = [...new Set(stampedIds.filter(Boolean))].sort().slice(0, 2000);
  const query = useEndpoint(dueDateEndpoints.lookup, { body: { stampedIds: ids } }, { enabled: ids.length > 0, staleTime: 30_000 });
  const byId = new Map((query.data as DueLookupResponse | undefined)?.items.map((item) => [item.stampedId, item]) ?? []);
  return byId;
}

/** Regime writes and event type kinds refresh every due-date read. */
const dueReads = ['DueDates', 'Reports'] as const;
export const useSetTypeRegime = () => useEndpointMutation(dueDateEndpoints.setTypeRegime, { invalidates: dueReads });
export const useSetSubTypeRegime = () => useEndpointMutation(dueDateEndpoints.setSubTypeRegime, { invalidates: dueReads });
export const useSetEventTypeKind = () => useEndpointMutation(dueDateEndpoints.setEventType, { invalidates: dueReads });
export const useSetDueSubscription = () => useEndpointMutation(dueDateEndpoints.setSubscription, { invalidates: ['Account'] });
