import { Text } from '@mantine/core';
import type { EquipmentHistoryEntry } from '@portal/contract';
import type { DataTableColumn } from 'mantine-datatable';
import { AppDataTable } from '../../../components/AppDataTable.tsx';
import { NARROW_QUERY } from '../../../components/useNarrow.ts';
import { formatDateTime } from '../../../lib/format.ts';

type Row = EquipmentHistoryEntry & { id: number };

const ready = { loading: false, fetching: false, error: null, onRetry: () => undefined };

const columns: DataTableColumn<Row>[] = [
  { accessor: 'changedAt', title: 'Changed', noWrap: true, render: (row) => formatDateTime(row.changedAt) },
  { accessor: 'hidden', title: 'Active', noWrap: true, render: (row) => (row.hidden ? 'Inactive' : 'Active') },
  { accessor: 'length', title: 'Length (m)', textAlign: 'right', noWrap: true, render: (row) => row.length ?? '' },
  {
    accessor: 'certificateId',
    title: 'Certificate',
    noWrap: true,
    render: (row) =>
      row.certificateId === null || row.certificateNumber === null ? (
        <Text span size="sm" c="dimmed">
          {row.certificateId === null ? 'Unlinked' : 'Deleted certificate'}
        </Text>
      ) : (
        row.certificateNumber
      ),
    visibleMediaQuery: `not ${NARROW_QUERY}`,
  },
  { accessor: 'comment', title: 'Comment' },
  { accessor: 'changedBy', title: 'By', noWrap: true, render: (row) => row.changedBy ?? '', visibleMediaQuery: `not ${NARROW_QUERY}` },
];

/** Every saved state of the item's record, newest first (append-only). */
export function RecordHistoryTable({ history }: { history: EquipmentHistoryEntry[] }) {
  const external = history.every((row) => row.changedBy === null);
  return (
    <AppDataTable<Row>
      aria-label="Record history"
      columns={external ? columns.filter((column) => column.accessor !== 'changedBy') : columns}
      what="history"
      records={history.map((row, index) => ({ ...row, id: index }))}
      status={ready}
      emptyText="No changes recorded."
    />
  );
}
