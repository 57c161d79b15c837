import type { DueInfo } from '@portal/contract';
import type { AppColumn } from '../../../components/columnFit.ts';
import { DueBadge } from './DueBadge.tsx';

/**
 * A "Due" column for any table of items: the badge of each row's stamped id (from `useDueDates`). Always
 * shown; on a phone's card it is the light beside the stamped id.
 */
export function dueColumn<T>(byId: Map<string, DueInfo>, stampedIdOf: (row: T) => string): AppColumn<T> {
  return {
    accessor: 'due',
    title: 'Due',
    priority: 1,
    card: 'status',
    noWrap: true,
    render: (row) => <DueBadge due={byId.get(stampedIdOf(row))} size="xs" />,
  };
}
