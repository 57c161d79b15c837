import { describe, expect, it } from 'vitest';
import { reconcile } from './reconcile.ts';

const ids = (n: number, prefix = 'NSD-R4-076-') => Array.from({ length: n }, (_, i) => `${prefix}${String(i + 1).padStart(4, '0')}`);

describe('the reconciliation of a scanning session', () => {
  it('a copied event of 40 items, 3 of them not found and 2 items scanned that were not expected', () => {
    const expected = ids(40);
    const scans = [
      ...expected.slice(0, 37).map((stampedId, i) => ({ code: `E2803400000000000000${String(i).padStart(4, '0')}`, stampedId })),
      { code: 'E28034000000000000009001', stampedId: 'AMP-R4-084-0291' },
      { code: 'E28034000000000000009002', stampedId: 'NSD-AN-15T-0161' },
    ];
    const result = reconcile(expected, scans);
    expect(result.expected).toHaveLength(40);
    expect(result.found).toHaveLength(37);
    expect(result.missing).toEqual(['NSD-R4-076-0038', 'NSD-R4-076-0039', 'NSD-R4-076-0040']);
    expect(result.unexpected).toEqual(['AMP-R4-084-0291', 'NSD-AN-15T-0161']);
  });

  it('counts an item once however often it is read, and in whatever case its id comes back', () => {
    const result = reconcile(
      ['NSD-0001', 'NSD-0002'],
      [
        { code: 'A', stampedId: 'nsd-0001' },
        { code: 'A', stampedId: 'NSD-0001' },
      ],
    );
    expect(result.found).toEqual(['NSD-0001']);
    expect(result.missing).toEqual(['NSD-0002']);
    expect(result.unexpected).toEqual([]);
  });

  it('lists a code that names no item as unexpected, once', () => {
    const result = reconcile(
      ['NSD-0001'],
      [
        { code: 'E2000000000000000000BEEF', stampedId: null },
        { code: 'e2000000000000000000beef', stampedId: null },
      ],
    );
    expect(result.unexpected).toEqual(['E2000000000000000000BEEF']);
    expect(result.missing).toEqual(['NSD-0001']);
  });

  it('with nothing scanned, everything expected is missing', () => {
    expect(reconcile(ids(3), [])).toEqual({ expected: ids(3), found: [], missing: ids(3), unexpected: [] });
  });
});
