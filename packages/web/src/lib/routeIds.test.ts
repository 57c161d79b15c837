import { describe, expect, it } from 'vitest';
import { MAX_ID, parseId } from './routeIds.ts';

describe('ids in the address', () => {
  it('reads positive 32-bit integers', () => {
    expect(parseId('1')).toBe(1);
    expect(parseId('42')).toBe(42);
    expect(parseId(String(MAX_ID))).toBe(MAX_ID);
  });

  it('refuses everything else', () => {
    for (const text of [undefined, null, '', '0', '-1', '+1', '01', '1.5', '1e3', ' 1', '12a', 'abc', '2147483648', '99999999999'])
      expect(parseId(text)).toBeNull();
  });
});
