import { Group, NativeSelect } from '@mantine/core';
import type { DataTableSortStatus } from 'mantine-datatable';
import { type AppColumn, columnKey, columnLabel } from './columnFit.ts';

/**
 * A phone's cards have no column titles to click: a list that sorts offers its sortable columns and the
 * order in two selects above the cards instead (native selects: the phone's own picker, light to render).
 * A new column asks the list as a title click does (the list picks its direction), the order turns it.
 */
export function CardSort<T>({
  columns,
  sortStatus,
  onChange,
}: {
  columns: AppColumn<T>[];
  sortStatus?: DataTableSortStatus<T>;
  onChange?: (status: DataTableSortStatus<T>) => void;
}) {
  const sortable = columns.filter((column) => column.sortable && !column.hidden);
  if (!sortStatus || !onChange || sortable.length === 0) return null;
  return (
    <Group gap="xs" mb="xs" wrap="nowrap">
      <NativeSelect
        label="Sort by"
        w={180}
        data={sortable.map((column) => ({ value: columnKey(column), label: columnLabel(column) }))}
        value={String(sortStatus.columnAccessor)}
        onChange={(event) => onChange({ columnAccessor: event.currentTarget.value, direction: sortStatus.direction })}
      />
      <NativeSelect
        label="Order"
        w={140}
        data={[
          { value: 'asc', label: 'Ascending' },
          { value: 'desc', label: 'Descending' },
        ]}
        value={sortStatus.direction}
        onChange={(event) =>
          onChange({ columnAccessor: sortStatus.columnAccessor, direction: event.currentTarget.value as 'asc' | 'desc' })
        }
      />
    </Group>
  );
}
