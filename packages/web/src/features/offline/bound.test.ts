import { describe, expect, it } from 'vitest';
import { toEvict } from './bound.ts';

const DAY = 86_400_000;
const now = Date.parse('2026-11-25T12:00:00Z');
const at = (hoursAgo: number) => new Date(now - hoursAgo * 3_600_000).toISOString();

describe('the offline size bound', () => {
  it('keeps everything that fits and is younger than the age limit', () => {
    const kept = [
      { id: 1, bytes: 100, savedAt: at(1) },
      { id: 2, bytes: 100, savedAt: at(30) },
    ];
    expect(toEvict(kept, 200, now, 7 * DAY)).toEqual([]);
  });

  it('lets the oldest saved go first until the newer ones fit', () => {
    const kept = [
      { id: 1, bytes: 300, savedAt: at(50) },
      { id: 2, bytes: 300, savedAt: at(2) },
      { id: 3, bytes: 300, savedAt: at(20) },
    ];
    expect(toEvict(kept, 650, now, 7 * DAY).map((row) => row.id)).toEqual([1]);
    expect(toEvict(kept, 299, now, 7 * DAY).map((row) => row.id)).toEqual([2, 3, 1]);
  });

  it('never keeps an older event in place of a newer one that did not fit', () => {
    const kept = [
      { id: 1, bytes: 500, savedAt: at(1) },
      { id: 2, bytes: 10, savedAt: at(5) },
    ];
    expect(toEvict(kept, 400, now, 7 * DAY).map((row) => row.id)).toEqual([1, 2]);
  });

  it('drops what was saved seven days ago or more, whatever the room', () => {
    const kept = [
      { id: 1, bytes: 1, savedAt: at(7 * 24) },
      { id: 2, bytes: 1, savedAt: at(7 * 24 - 1) },
    ];
    expect(toEvict(kept, 1_000_000, now, 7 * DAY).map((row) => row.id)).toEqual([1]);
  });
});
