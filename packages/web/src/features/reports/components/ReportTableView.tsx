import { Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  formatNumber,
  type ReportColumn,
  type ReportName,
  type ReportRow,
  reportExcelEndpoints,
  reportTableEndpoints,
} from '@portal/contract';
import type { DataTableColumn } from 'mantine-datatable';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { AppDataTable } from '../../../components/AppDataTable.tsx';
import { ColorBadge } from '../../../components/ColorBadge.tsx';
import { DownloadButton } from '../../../components/DownloadButton.tsx';
import { listStatus } from '../../../components/listStatus.ts';
import { saveDownload } from '../../../lib/api/download.ts';
import { useEndpoint } from '../../../lib/api/endpointQuery.ts';
import { formatDate } from '../../../lib/format.ts';
import { useCanOpen } from '../../../lib/pageAccess.tsx';
import { EquipmentHistory } from './EquipmentHistory.tsx';

const PAGE_SIZE = 50;
export type KeyedRow = ReportRow & { id: number };

/** A report column as a table column: statuses as badges, dates as DD.MM.YYYY, stamped ids as links. */
export function useReportColumns(columns: ReportColumn[] | undefined): DataTableColumn<KeyedRow>[] {
  const canOpen = useCanOpen();
  return (columns ?? []).map((column) => ({
    accessor: column.key,
    title: column.label,
    noWrap: column.key !== 'comment' && column.key !== 'description',
    textAlign: column.kind === 'number' ? 'right' : 'left',
    // Status names are a few words: room for the whole badge; comments get room to read.
    ...(column.kind === 'status' && { width: 170 }),
    ...((column.key === 'comment' || column.key === 'description') && { width: 280 }),
    render: (row) => cell(column, row, canOpen),
  }));
}

function cell(column: ReportColumn, row: ReportRow, canOpen: (path: string) => boolean): ReactNode {
  const value = row[column.key];
  if (value === null || value === undefined) return '';
  switch (column.kind) {
    case 'date':
      return formatDate(String(value));
    case 'boolean':
      return value ? 'Yes' : 'No';
    case 'number':
      return typeof value === 'number' ? formatNumber(value) : String(value);
    case 'status':
      return <ColorBadge color={String(row[column.colorKey ?? ''] ?? 'none')}>{String(value)}</ColorBadge>;
    case 'stampedId': {
      const to = `/Equipment/${encodeURIComponent(String(value))}`;
      return canOpen(to) ? (
        <Anchor component={Link} to={to} size="sm" onClick={(event) => event.stopPropagation()}>
          {String(value)}
        </Anchor>
      ) : (
        String(value)
      );
    }
    default:
      return String(value);
  }
}

export const keyed = (rows: ReportRow[] | undefined, offset = 0): KeyedRow[] | undefined =>
  rows?.map((row, index) => ({ ...row, id: offset + index }));

/** One report: its description, summary figures, one page of rows and the Excel button. */
export function ReportTableView({
  name,
  owner,
  heading,
  expandHistory,
}: {
  name: ReportName;
  owner?: number;
  heading?: string;
  /** Rows open their item's event history (of this owner) on click. */
  expandHistory?: number;
}) {
  const [page, setPage] = useState(1);
  const report = useEndpoint(reportTableEndpoints[name], { query: { owner, page: page - 1, pageSize: PAGE_SIZE } });
  const columns = useReportColumns(report.data?.columns);
  const data = report.data;
  return (
    <Stack gap="sm">
      {/* Under a heading the button lines up with the description's line; alone, with its middle. */}
      <Group justify="space-between" align={heading ? 'flex-end' : 'center'} wrap="wrap" gap="xs">
        <div>
          {heading && (
            <Title order={2} size="h4">
              {heading}
            </Title>
          )}
          <Text size="sm" c="dimmed">
            {data?.description ?? ' '}
          </Text>
        </div>
        <DownloadButton kind="excel" download={() => saveDownload(reportExcelEndpoints[name], undefined, { owner })}>
          Excel
        </DownloadButton>
      </Group>
      {data && data.summary.length > 0 && (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm">
          {data.summary.map((figure) => (
            <Paper key={figure.label} withBorder radius="sm" p="sm">
              <Text size="xs" c="dimmed">
                {figure.label}
              </Text>
              <Text fw={600} size="lg">
                {formatNumber(figure.value)}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      )}
      <AppDataTable<KeyedRow>
        aria-label={data?.title ?? 'Report'}
        what="report rows"
        status={listStatus(report)}
        emptyText="Nothing to report."
        columns={columns.length ? columns : [{ accessor: 'id', title: ' ' }]}
        records={keyed(data?.rows, (page - 1) * PAGE_SIZE)}
        page={page}
        onPageChange={setPage}
        totalRecords={data?.total ?? 0}
        recordsPerPage={PAGE_SIZE}
        rowExpansion={
          expandHistory === undefined
            ? undefined
            : { content: ({ record }) => <EquipmentHistory owner={expandHistory} stampedId={String(record.stampedId)} /> }
        }
      />
    </Stack>
  );
}
