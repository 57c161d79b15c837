import { useLocalStorage } from '@mantine/hooks';

/** The events list filters as the selects hold them (ids as strings); null means "all". */
export interface EventListFilters {
  user: string | null;
  eventType: string | null;
  rig: string | null;
}

export const NO_FILTERS: EventListFilters = { user: null, eventType: null, rig: null };

/** Per user, so that the next person signing in on the same browser starts without them. */
export const eventFiltersStorageKey = (userId: number) => `portal.events.filters.${userId}`;

export function hasActiveFilter(filters: EventListFilters): boolean {
  return Boolean(filters.user || filters.eventType || filters.rig);
}

/** Reads stored filters defensively: anything unexpected counts as "no filter". */
export function parseStoredFilters(raw: string | null | undefined): EventListFilters {
  try {
    const value = JSON.parse(raw ?? 'null') as Record<string, unknown> | null;
    const pick = (key: keyof EventListFilters) => (typeof value?.[key] === 'string' && value[key] ? value[key] : null);
    return { user: pick('user'), eventType: pick('eventType'), rig: pick('rig') };
  } catch {
    return NO_FILTERS;
  }
}

/** Spec section 2: the filters persist between visits, in local storage, under the user's own key. */
export function useStoredEventFilters(userId: number) {
  return useLocalStorage<EventListFilters>({
    key: eventFiltersStorageKey(userId),
    defaultValue: NO_FILTERS,
    getInitialValueInEffect: false,
    deserialize: parseStoredFilters,
  });
}
