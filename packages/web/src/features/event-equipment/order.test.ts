import { describe, expect, it } from 'vitest';
import { moveItem, parseDialogRoute, timeAgo } from './order.ts';

describe('moveItem', () => {
  it('moves up and down, shifting the items between', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });
});

describe('parseDialogRoute', () => {
  it('reads the item dialog and its history from the address', () => {
    expect(parseDialogRoute('')).toEqual({ kind: 'none' });
    expect(parseDialogRoute('12')).toEqual({ kind: 'item', id: 12 });
    expect(parseDialogRoute('12/history')).toEqual({ kind: 'history', id: 12 });
    expect(parseDialogRoute('x/history')).toEqual({ kind: 'none' });
  });
});

describe('timeAgo', () => {
  const now = new Date('2026-11-23T12:00:00');
  it('counts days under 31, months under 365 (30.41 days), then years', () => {
    expect(timeAgo('2026-11-22', now)).toBe('1 day ago');
    expect(timeAgo('2026-10-24', now)).toBe('30 days ago');
    expect(timeAgo('2026-10-23', now)).toBe('1 month ago');
    expect(timeAgo('2025-11-24', now)).toBe('11 months ago');
    expect(timeAgo('2023-11-01', now)).toBe('3 years ago');
  });
});
