import { useLocalStorage } from '@mantine/hooks';

/** The events list filters as the selects hold them (ids as strings); null means "all". */
export interface EventListFilters {
  user: string | null;
  eventType: string | null;
  rig: string | null;
}

export const NO_FILTERS: EventListFilters = { user: null, eventType: null, rig: null };

export const EVENT_FILTERS_STORAGE_KEY = 'portal.events.filters';

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

/** Spec section 2: the filters persist between visits, in local storage. */
export function useStoredEventFilters() {
  return useLocalStorage<EventListFilters>({
    key: EVENT_FILTERS_STORAGE_KEY,
    defaultValue: NO_FILTERS,
    getInitialValueInEffect: false,
    deserialize: parseStoredFilters,
  });
}
