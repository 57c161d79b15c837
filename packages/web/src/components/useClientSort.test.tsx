import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useClientSort } from './useClientSort.ts';

interface Row {
  name: string;
  code: string | null;
  owner: { level: number };
}

const rows: Row[] = [
  { name: 'beta', code: 'B2', owner: { level: 10 } },
  { name: 'Alpha', code: null, owner: { level: 2 } },
  { name: 'alpha 10', code: 'B10', owner: { level: 3 } },
  { name: 'alpha 9', code: 'A', owner: { level: 1 } },
];

afterEach(cleanup);

describe('sorting an admin list', () => {
  it('sorts names ignoring case with numbers in order, reverses, and puts empty values last', () => {
    const { result } = renderHook(() => useClientSort(rows, { columnAccessor: 'name', direction: 'asc' }));
    expect(result.current.records?.map((row) => row.name)).toEqual(['Alpha', 'alpha 9', 'alpha 10', 'beta']);
    act(() => result.current.onSortStatusChange({ columnAccessor: 'name', direction: 'desc' }));
    expect(result.current.records?.map((row) => row.name)).toEqual(['beta', 'alpha 10', 'alpha 9', 'Alpha']);
    act(() => result.current.onSortStatusChange({ columnAccessor: 'code', direction: 'asc' }));
    expect(result.current.records?.map((row) => row.code)).toEqual(['A', 'B2', 'B10', null]);
    act(() => result.current.onSortStatusChange({ columnAccessor: 'owner.level', direction: 'asc' }));
    expect(result.current.records?.map((row) => row.owner.level)).toEqual([1, 2, 3, 10]);
  });

  it('keeps the given order until a column is chosen (a folder list pick-list order)', () => {
    const { result } = renderHook(() => useClientSort(rows));
    expect(result.current.records?.map((row) => row.name)).toEqual(['beta', 'Alpha', 'alpha 10', 'alpha 9']);
    act(() => result.current.onSortStatusChange({ columnAccessor: 'name', direction: 'asc' }));
    expect(result.current.records?.map((row) => row.name)).toEqual(['Alpha', 'alpha 9', 'alpha 10', 'beta']);
  });

  it('waits for the records', () => {
    const { result } = renderHook(() => useClientSort<Row>(undefined, { columnAccessor: 'name', direction: 'asc' }));
    expect(result.current.records).toBeUndefined();
  });
});
