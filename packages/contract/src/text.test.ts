import { describe, expect, it } from 'vitest';
import { formatNumber, plural } from './text.ts';

describe('plural', () => {
  it('says one of a thing and any other count of things', () => {
    expect(plural(1, 'item')).toBe('1 item');
    expect(plural(0, 'item')).toBe('0 items');
    expect(plural(2, 'certificate')).toBe('2 certificates');
    expect(plural(3, 'entry', 'entries')).toBe('3 entries');
    expect(plural(1, 'entry', 'entries')).toBe('1 entry');
  });

  it('writes the count with the number format', () => {
    expect(plural(12500, 'item')).toBe('12\u00a0500 items');
  });
});

describe('formatNumber', () => {
  it('uses a dot decimal and drops trailing zeros', () => {
    expect(formatNumber(2.5)).toBe('2.5');
    expect(formatNumber(2.5, 1)).toBe('2.5');
    expect(formatNumber(3)).toBe('3');
    expect(formatNumber(1.234)).toBe('1.23');
    expect(formatNumber(1.25, 1)).toBe('1.3');
    expect(formatNumber(0)).toBe('0');
  });

  it('groups digits by three with a no-break space from five digits on', () => {
    expect(formatNumber(1250)).toBe('1250');
    expect(formatNumber(12500)).toBe('12\u00a0500');
    expect(formatNumber(1234567.891)).toBe('1\u00a0234\u00a0567.89');
    expect(formatNumber(-12500)).toBe('-12\u00a0500');
    expect(formatNumber(-1250)).toBe('-1250');
  });
});
