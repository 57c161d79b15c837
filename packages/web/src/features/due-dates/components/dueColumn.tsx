import type { DueInfo } from '@portal/contract';
import type { DataTableColumn } from 'mantine-datatable';
import { DueBadge } from './DueBadge.tsx';

/** A "Due" column for any table of items: the badge of each row's stamped id (from `useDueDates`). */
export function dueColumn<T>(byId: Map<string, DueInfo>, stampedIdOf: (row: T) => string): DataTableColumn<T> {
  return {
    accessor: 'due',
    title: 'Due',
    noWrap: true,
    render: (row) => <DueBadge due={byId.get(stampedIdOf(row))} size="xs" />,
  };
}
