import { Button, Group, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { type ReportCatalogue, reportEndpoints } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AppDataTable } from '../../../components/AppDataTable.tsx';
import { DownloadButton } from '../../../components/DownloadButton.tsx';
import { listStatus } from '../../../components/listStatus.ts';
import { PageBreadcrumbs } from '../../../components/PageBreadcrumbs.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { saveDownload } from '../../../lib/api/download.ts';
import { fetchEndpoint, useEndpoint } from '../../../lib/api/endpointQuery.ts';
import { prefetchRead } from '../../../lib/api/prefetchRead.ts';
import type { FirstLoad } from '../../../lib/firstRows.ts';
import { DueReportLink, dueColumn, useDueDates } from '../../due-dates/index.ts';
import { EquipmentHistory } from '../components/EquipmentHistory.tsx';
import { PredictedDiscardLink } from '../components/PredictedDiscardLink.tsx';
import { type KeyedRow, keyed, useReportColumns } from '../components/ReportTableView.tsx';

const PAGE_SIZE = 50;
interface Filter {
  owner: number;
  ownerType: number;
  subType: number | null;
  dimension: number | null;
}
const options = (list: { id: number; name: string }[] | undefined) =>
  (list ?? []).map((entry) => ({ value: String(entry.id), label: entry.name }));
const id = (value: string | null) => (value ? Number(value) : null);
const positive = (value: string | null) => (value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null);

/**
 * The submitted choice and page live in the address (`?owner=1&type=5&subType=11&dimension=35&page=2`), so that a
 * reload, a bookmark, a shared link or Back shows the same report.
 */
function readFilter(params: URLSearchParams): Filter | null {
  const owner = positive(params.get('owner'));
  const ownerType = positive(params.get('type'));
  if (!owner || !ownerType) return null;
  return { owner, ownerType, subType: positive(params.get('subType')), dimension: positive(params.get('dimension')) };
}
function filterParams(filter: Filter): Record<string, string> {
  const params: Record<string, string> = { owner: String(filter.owner), type: String(filter.ownerType) };
  if (filter.subType) params.subType = String(filter.subType);
  if (filter.dimension) params.dimension = String(filter.dimension);
  return params;
}
const formKey = (filter: Filter | null) => (filter ? Object.values(filter).join('-') : 'none');
const text = (value: number | null | undefined) => (value ? String(value) : null);

/** The report's rows for a chosen filter and page (one-based). */
function generalReportQuery(submitted: Filter | null, page: number) {
  return queryOptions({
    queryKey: ['Report', '/Report/general/:id', submitted, page],
    queryFn: () =>
      fetchEndpoint(reportEndpoints.general, {
        params: { id: submitted!.owner },
        body: {
          ownerType: submitted!.ownerType,
          subType: submitted!.subType,
          dimension: submitted!.dimension,
          page: page - 1,
          pageSize: PAGE_SIZE,
        },
      }),
  });
}

/**
 * /Reports/General: choose owner, type, sub-type and dimension; Submit shows the items; a row opens its
 * history. As `landing`, it is /Reports itself for users with neither owner 1 nor 83, with the due-date entry.
 */
export function GeneralReportRoute({ landing = false }: { landing?: boolean }) {
  const catalogue = useEndpoint(reportEndpoints.catalogue);
  const [params, setParams] = useSearchParams();
  const submitted = readFilter(params);
  const page = positive(params.get('page')) ?? 1;
  // Paging replaces the address rather than adding to the history: Back leaves the report.
  const setPage = (next: number) => submitted && setParams({ ...filterParams(submitted), page: String(next) }, { replace: true });

  const report = useQuery({ ...generalReportQuery(submitted, page), enabled: submitted !== null, placeholderData: keepPreviousData });
  const reportColumns = useReportColumns(report.data?.columns);
  const due = useDueDates(report.data?.rows.map((row) => String(row.stampedId ?? '')) ?? []);
  const columns = reportColumns.length ? [...reportColumns, dueColumn(due, (row: KeyedRow) => String(row.stampedId ?? ''))] : reportColumns;

  const submit = (filter: Filter) => setParams(filterParams(filter));

  return (
    <Stack gap="md">
      {!landing && <PageBreadcrumbs items={[{ label: 'Reports', to: '/Reports' }, { label: 'General' }]} />}
      <PageHeader title="General report">
        {submitted && (
          <DownloadButton
            kind="excel"
            download={() =>
              saveDownload(
                reportEndpoints.generalExcel,
                { id: submitted.owner },
                {
                  OwnerType: submitted.ownerType,
                  SubType: submitted.subType,
                  Dimension: submitted.dimension,
                },
              )
            }
          >
            Excel
          </DownloadButton>
        )}
      </PageHeader>
      {landing && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <DueReportLink />
          <PredictedDiscardLink />
        </SimpleGrid>
      )}
      {/* A new form when the address changes (Back, a link), so that it shows what the report shows. */}
      <ChooseEquipment
        key={formKey(submitted)}
        owners={catalogue.data}
        loading={catalogue.isPending}
        initial={submitted}
        onSubmit={submit}
      />
      {submitted === null ? (
        <Text c="dimmed">Choose an owner and a type, then Submit. Click a row to see that item's event history.</Text>
      ) : (
        <AppDataTable<KeyedRow>
          aria-label="General report"
          what="report rows"
          status={listStatus(report)}
          emptyText="No equipment of this kind."
          columns={columns.length ? columns : [{ accessor: 'id', title: ' ' }]}
          records={keyed(report.data?.rows, (page - 1) * PAGE_SIZE)}
          page={page}
          onPageChange={setPage}
          totalRecords={report.data?.total ?? 0}
          recordsPerPage={PAGE_SIZE}
          rowExpansion={{ content: ({ record }) => <EquipmentHistory owner={submitted.owner} stampedId={String(record.stampedId)} /> }}
        />
      )}
    </Stack>
  );
}

/** Owner, type, sub-type and dimension; Submit needs an owner and a type (one owner is chosen for you). */
function ChooseEquipment({
  owners = [],
  loading,
  initial,
  onSubmit,
}: {
  owners: ReportCatalogue | undefined;
  loading: boolean;
  initial: Filter | null;
  onSubmit: (filter: Filter) => void;
}) {
  const [owner, setOwner] = useState<string | null>(text(initial?.owner));
  const [type, setType] = useState<string | null>(text(initial?.ownerType));
  const [subType, setSubType] = useState<string | null>(text(initial?.subType));
  const [dimension, setDimension] = useState<string | null>(text(initial?.dimension));

  const chosenOwner = owners.find((entry) => String(entry.id) === owner) ?? (owners.length === 1 ? owners[0] : undefined);
  const chosenType = chosenOwner?.types.find((entry) => String(entry.id) === type);
  const chosenSubType = chosenType?.subTypes.find((entry) => String(entry.id) === subType);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosenOwner || !chosenType) return;
    onSubmit({ owner: chosenOwner.id, ownerType: chosenType.id, subType: id(subType), dimension: id(dimension) });
  };

  return (
    <Paper withBorder radius="sm" p="sm" component="form" onSubmit={submit} aria-label="Choose the equipment">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label="Owner"
          data={options(owners)}
          value={chosenOwner ? String(chosenOwner.id) : null}
          onChange={(value) => {
            setOwner(value);
            setType(null);
            setSubType(null);
            setDimension(null);
          }}
          searchable
          disabled={loading}
          w={{ base: '100%', sm: 220 }}
        />
        <Select
          label="Type"
          data={options(chosenOwner?.types)}
          value={type}
          onChange={(value) => {
            setType(value);
            setSubType(null);
            setDimension(null);
          }}
          w={{ base: '100%', sm: 180 }}
        />
        <Select
          label="Sub-type"
          placeholder="All"
          data={options(chosenType?.subTypes)}
          value={subType}
          onChange={(value) => {
            setSubType(value);
            setDimension(null);
          }}
          clearable
          w={{ base: '100%', sm: 180 }}
        />
        <Select
          label="Dimension"
          placeholder="All"
          data={options(chosenSubType?.dimensions)}
          value={dimension}
          onChange={setDimension}
          clearable
          w={{ base: '100%', sm: 140 }}
        />
        <Button type="submit" disabled={!chosenOwner || !chosenType}>
          Submit
        </Button>
      </Group>
    </Paper>
  );
}

/** A full load of a report in the address (`?owner=…&type=…`): its rows (firstLoad.ts). */
GeneralReportRoute.prefetch = ({ queryClient, search }: FirstLoad) => {
  const submitted = readFilter(search);
  if (submitted) prefetchRead(queryClient, generalReportQuery(submitted, positive(search.get('page')) ?? 1));
};
