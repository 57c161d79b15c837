import { describe, expect, it } from 'vitest';
import { msUntil } from './schedule.ts';

describe('msUntil', () => {
  it('answers the time to the next daily moment in UTC, tomorrow once it has passed', () => {
    const now = new Date('2026-11-23T01:30:00Z');
    expect(msUntil('02:00', now)).toBe(30 * 60_000);
    expect(msUntil('01:30', now)).toBe(24 * 3600_000);
    expect(msUntil('00:15', now)).toBe(22 * 3600_000 + 45 * 60_000);
  });
});
