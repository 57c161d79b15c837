import type { DataTableSortStatus } from 'mantine-datatable';
import { useMemo, useState } from 'react';

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

function valueAt(record: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown> | null | undefined)?.[key], record);
}

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined || a === '') return 1;
  if (b === null || b === undefined || b === '') return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(b) - Number(a);
  return collator.compare(String(a), String(b));
}

/** No column sorted yet: the records keep the order they came in (a folder list's pick-list order). */
const UNSORTED = { columnAccessor: '', direction: 'asc' } as const;

/**
 * Sorting for the admin lists, which are short and loaded whole (docs/ui.md "Lists"): click a
 * `sortable` column's title to sort by it, again to reverse. Names compare ignoring case, numbers in
 * numeric order, empty values last. Without `initial` the records keep their own order until a
 * column is clicked. Spread the result into AppDataTable.
 */
export function useClientSort<T>(records: T[] | undefined, initial?: DataTableSortStatus<T>) {
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<T>>(initial ?? UNSORTED);
  const sorted = useMemo(() => {
    const path = String(sortStatus.sortKey ?? sortStatus.columnAccessor);
    if (!records || path === '') return records;
    const direction = sortStatus.direction === 'asc' ? 1 : -1;
    return [...records].sort((a, b) => direction * compare(valueAt(a, path), valueAt(b, path)));
  }, [records, sortStatus]);
  return { records: sorted, sortStatus, onSortStatusChange: setSortStatus };
}
