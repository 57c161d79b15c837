import { describe, expect, it } from 'vitest';
import { eventFiltersStorageKey, hasActiveFilter, NO_FILTERS, parseStoredFilters } from './eventListFilters.ts';

describe('stored event filters', () => {
  it('reads what was stored', () => {
    expect(parseStoredFilters('{"user":"a@b.c","eventType":"2","rig":null}')).toEqual({
      user: 'a@b.c',
      eventType: '2',
      rig: null,
    });
  });

  it('treats missing, broken or odd values as no filter', () => {
    expect(parseStoredFilters(null)).toEqual(NO_FILTERS);
    expect(parseStoredFilters('{not json')).toEqual(NO_FILTERS);
    expect(parseStoredFilters('{"user":5,"rig":"","eventType":{}}')).toEqual(NO_FILTERS);
    expect(parseStoredFilters('[]')).toEqual(NO_FILTERS);
  });

  it('knows when any filter is set', () => {
    expect(hasActiveFilter(NO_FILTERS)).toBe(false);
    expect(hasActiveFilter({ ...NO_FILTERS, rig: '3' })).toBe(true);
  });

  it("keeps each user's filters under their own key", () => {
    expect(eventFiltersStorageKey(7)).not.toBe(eventFiltersStorageKey(8));
    expect(eventFiltersStorageKey(7)).toContain('7');
  });
});
