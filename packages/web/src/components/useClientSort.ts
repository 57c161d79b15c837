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

/**
 * Sorting for the admin lists, which are short and loaded whole (docs/ui.md "Lists"): click a
 * `sortable` column's title to sort by it, again to reverse. Names compare ignoring case, numbers in
 * numeric order, empty values last. Spread the result into AppDataTable.
 */
export function useClientSort<T>(records: T[] | undefined, initial: DataTableSortStatus<T>) {
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<T>>(initial);
  const sorted = useMemo(() => {
    if (!records) return records;
    const direction = sortStatus.direction === 'asc' ? 1 : -1;
    const path = String(sortStatus.sortKey ?? sortStatus.columnAccessor);
    return [...records].sort((a, b) => direction * compare(valueAt(a, path), valueAt(b, path)));
  }, [records, sortStatus]);
  return { records: sorted, sortStatus, onSortStatusChange: setSortStatus };
}
