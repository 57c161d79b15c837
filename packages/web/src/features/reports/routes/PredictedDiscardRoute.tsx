import { Group, Paper, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  monthsAhead,
  PREDICTED_DISCARD_MONTHS,
  PREDICTED_DISCARD_TITLE,
  predictedDiscardEndpoints,
  predictedDiscardMessages,
} from '@portal/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type AppColumn, AppDataTable } from '../../../components/AppDataTable.tsx';
import { DownloadButton } from '../../../components/DownloadButton.tsx';
import { listStatus } from '../../../components/listStatus.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { saveDownload } from '../../../lib/api/download.ts';
import { useEndpoint } from '../../../lib/api/endpointQuery.ts';
import { type KeyedRow, keyed, useReportColumns } from '../components/ReportTableView.tsx';

const PAGE_SIZE = 50;
/** On a phone's card: the stamped id heads it, the predicted date and the wear come first. */
const PRIORITY: Record<string, number> = { stampedId: 1, predictedDiscardDate: 1, ratePerYear: 2, limit: 3, owner: 3 };
/** Read with their unit on screen ('8 mm'); the Excel file keeps the unit in a column of its own, the numbers bare. */
const WITH_UNIT = new Set(['ratePerYear', 'limit']);

const withUnit = (value: ReactNode, unit: unknown) => (typeof value === 'string' && value && unit ? `${value} ${unit}` : value);

/** The months typed, if they are a whole number from 1 to 600 (the server's own rule). */
const parseMonths = (typed: string) => {
  const parsed = monthsAhead.safeParse(typed.trim() || Number.NaN);
  return parsed.success ? parsed.data : undefined;
};

/**
 * /Reports/PredictedDiscard (issue 28 part 5, docs/measurements.md "The predicted-discard report"): the
 * items whose wear trend reaches the condemned limit within the months typed, soonest first, paged by
 * the server, with the Excel file of every row. The months live in the address (?months=24), so a
 * reload or a link shows the same report; while the field holds no valid number the last valid report
 * stays and the field says why.
 */
export function PredictedDiscardRoute() {
  const [params, setParams] = useSearchParams();
  const [typed, setTyped] = useState(params.get('months') ?? String(PREDICTED_DISCARD_MONTHS.default));
  const [months, setMonths] = useState(parseMonths(typed) ?? PREDICTED_DISCARD_MONTHS.default);
  const [page, setPage] = useState(1);
  // One request after the typing stops, not one per key.
  const [debounced] = useDebouncedValue(months, 300);
  const report = useEndpoint(
    predictedDiscardEndpoints.predictedDiscard,
    { query: { months: debounced, page: page - 1, pageSize: PAGE_SIZE } },
    { placeholderData: keepPreviousData },
  );
  const columns: AppColumn<KeyedRow>[] = useReportColumns(report.data?.columns)
    .filter((column) => column.accessor !== 'unit')
    .map((column) => ({
      ...column,
      priority: PRIORITY[String(column.accessor)] ?? 4,
      ...(WITH_UNIT.has(String(column.accessor)) && {
        render: (row: KeyedRow, index: number) => withUnit(column.render?.(row, index), row.unit),
      }),
    }));
  const valid = parseMonths(typed) !== undefined;
  const type = (value: string) => {
    setTyped(value);
    const next = parseMonths(value);
    if (next === undefined) return;
    setMonths(next);
    setPage(1);
    setParams({ months: String(next) }, { replace: true });
  };
  return (
    <>
      <PageHeader
        title={PREDICTED_DISCARD_TITLE}
        crumbs={[{ label: 'Reports', to: '/Reports' }, { label: PREDICTED_DISCARD_TITLE }]}
        description={report.data?.description}
      >
        <DownloadButton kind="excel" download={() => saveDownload(predictedDiscardEndpoints.predictedDiscardExcel, undefined, { months })}>
          Excel
        </DownloadButton>
      </PageHeader>
      <Paper withBorder radius="sm" p="sm" mb="md" aria-label="Filters" component="section">
        <Group align="flex-start">
          <TextInput
            label="Within months"
            description={`1 to ${PREDICTED_DISCARD_MONTHS.max}`}
            inputMode="numeric"
            value={typed}
            onChange={(event) => type(event.currentTarget.value)}
            error={valid ? undefined : predictedDiscardMessages.months}
            w={{ base: '100%', sm: 200 }}
          />
        </Group>
      </Paper>
      <AppDataTable<KeyedRow>
        aria-label="Items predicted to reach discard"
        what="predicted discards"
        status={listStatus(report)}
        emptyText={`No item's wear trend reaches its discard limit within ${debounced} months. Items get a trend from two measured inspections.`}
        columns={columns.length ? columns : [{ accessor: 'id', title: ' ' }]}
        records={keyed(report.data?.rows, (page - 1) * PAGE_SIZE)}
        page={page}
        onPageChange={setPage}
        totalRecords={report.data?.total ?? 0}
        recordsPerPage={PAGE_SIZE}
      />
    </>
  );
}
