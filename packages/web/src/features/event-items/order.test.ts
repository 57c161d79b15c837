import { timeAgo } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { daysAgo, moveItem, parseDialogRoute } from './order.ts';

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

describe('daysAgo with the contract timeAgo', () => {
  const now = new Date('2026-11-23T12:00:00');
  const ago = (date: string) => timeAgo(daysAgo(date, now)).text;
  it('counts days under 31, months under 365 (30.41 days), then years', () => {
    expect(ago('2026-11-23')).toBe('today');
    expect(ago('2026-11-22')).toBe('1 day ago');
    expect(ago('2026-10-24')).toBe('30 days ago');
    expect(ago('2026-10-23')).toBe('1 month ago');
    expect(ago('2025-11-24')).toBe('11 months ago');
    expect(ago('2023-11-01')).toBe('3 years ago');
    expect(ago('2026-11-25')).toBe('today');
  });
});
