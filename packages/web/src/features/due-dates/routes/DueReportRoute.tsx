import { Group, Paper, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { type DueLight, type DueListRow, dueDateEndpoints, formatNumber, plural } from '@portal/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { AfterFirstRowsSelect } from '../../../components/AfterFirstRowsSelect.tsx';
import { AppDataTable } from '../../../components/AppDataTable.tsx';
import { DownloadButton } from '../../../components/DownloadButton.tsx';
import { listStatus } from '../../../components/listStatus.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { StampedIdLink } from '../../../components/StampedIdLink.tsx';
import { saveDownload } from '../../../lib/api/download.ts';
import { endpointQuery, useEndpoint } from '../../../lib/api/endpointQuery.ts';
import { prefetchRead } from '../../../lib/api/prefetchRead.ts';
import type { FirstLoad } from '../../../lib/firstRows.ts';
import { formatDate } from '../../../lib/format.ts';
import { DueBadge } from '../components/DueBadge.tsx';
import { DueRemindersSwitch } from '../components/DueRemindersMenuItem.tsx';

const PAGE_SIZE = 50;
/** Under 768 px the table keeps stamped id, due and type. */
const LIGHTS: { light: DueLight; label: string; color: string }[] = [
  { light: 'red', label: 'Overdue', color: 'var(--mantine-color-red-9)' },
  { light: 'yellow', label: 'Due soon', color: 'var(--mantine-color-yellow-5)' },
  { light: 'green', label: 'In date', color: '#1f6e31' },
];
const options = (list: { id: number; name: string }[] | undefined) => (list ?? []).map((e) => ({ value: String(e.id), label: e.name }));
const num = (value: string | null) => (value ? Number(value) : undefined);

/** /Reports/Due: the compliance view (docs/due-dates.md): counts per light, the items by due date, filters, Excel. */
export function DueReportRoute() {
  const [owner, setOwner] = useState<string | null>(null);
  const [type, setType] = useState<string | null>(null);
  const [rig, setRig] = useState<string | null>(null);
  const [light, setLight] = useState<DueLight | null>(null);
  const [page, setPage] = useState(1);
  const choices = useEndpoint(dueDateEndpoints.choices);
  const filter = { Owner: num(owner), Type: num(type), Rig: num(rig), Light: light ?? undefined };
  const list = useEndpoint(
    dueDateEndpoints.list,
    { query: { ...filter, Page: page - 1, PageSize: PAGE_SIZE } },
    { placeholderData: keepPreviousData },
  );
  const counts = list.data?.counts;
  const types = (choices.data?.types ?? []).filter((t) => !owner || String(t.ownerId) === owner);
  const change = (set: (value: string | null) => void) => (value: string | null) => {
    set(value);
    setPage(1);
  };
  return (
    <Stack gap="md">
      <PageHeader
        title="Inspection due"
        crumbs={[{ label: 'Reports', to: '/Reports' }, { label: 'Inspection due' }]}
        description={
          list.data ? `On ${formatDate(list.data.today)}; due within ${plural(list.data.warningDays, 'day')} is due soon.` : undefined
        }
      >
        <DownloadButton
          kind="excel"
          download={() =>
            saveDownload(
              dueDateEndpoints.excel,
              undefined,
              Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined)) as Record<string, string | number>,
            )
          }
        >
          Excel
        </DownloadButton>
      </PageHeader>
      <DueRemindersSwitch />
      <SimpleGrid cols={{ base: 3 }} spacing="sm" role="group" aria-label="Items per light">
        {LIGHTS.map((entry) => (
          <UnstyledButton
            key={entry.light}
            onClick={() => {
              setLight(light === entry.light ? null : entry.light);
              setPage(1);
            }}
            aria-pressed={light === entry.light}
          >
            <Paper
              withBorder
              radius="sm"
              p="sm"
              style={{ borderLeft: `6px solid ${entry.color}`, outline: light === entry.light ? `2px solid ${entry.color}` : undefined }}
            >
              <Text size="xs" c="dimmed">
                {entry.label}
              </Text>
              <Text fw={700} size="xl" data-testid={`due-count-${entry.light}`}>
                {counts ? formatNumber(counts[entry.light]) : '...'}
              </Text>
            </Paper>
          </UnstyledButton>
        ))}
      </SimpleGrid>
      <Paper withBorder radius="sm" p="sm" aria-label="Filters" component="section">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <AfterFirstRowsSelect
            label="Owner"
            placeholder="All"
            data={options(choices.data?.owners)}
            value={owner}
            onChange={(value) => {
              change(setOwner)(value);
              setType(null);
            }}
            clearable
            searchable
            w={{ base: '100%', sm: 220 }}
          />
          <AfterFirstRowsSelect
            label="Type"
            placeholder="All"
            data={options(types)}
            value={type}
            onChange={change(setType)}
            clearable
            w={{ base: '100%', sm: 180 }}
          />
          <AfterFirstRowsSelect
            label="Rig"
            placeholder="All"
            data={options(choices.data?.rigs)}
            value={rig}
            onChange={change(setRig)}
            clearable
            searchable
            w={{ base: '100%', sm: 180 }}
          />
          <AfterFirstRowsSelect
            label="Light"
            placeholder="All"
            data={LIGHTS.map((entry) => ({ value: entry.light, label: entry.label }))}
            value={light}
            onChange={(value) => change((v) => setLight(v as DueLight | null))(value)}
            clearable
            w={{ base: '100%', sm: 140 }}
          />
        </Group>
      </Paper>
      <AppDataTable<DueListRow & { id: string }>
        aria-label="Items by due date"
        what="due items"
        status={listStatus(list)}
        emptyText="Nothing is due for this filter. Items get a due date when their certificate type has an inspection regime."
        columns={[
          {
            accessor: 'stampedId',
            title: 'Stamped id',
            priority: 1,
            noWrap: true,
            render: (row) => <StampedIdLink stampedId={row.stampedId} />,
          },
          { accessor: 'dueDate', title: 'Due', priority: 1, card: 'status', noWrap: true, render: (row) => <DueBadge due={row} /> },
          { accessor: 'kind', title: 'For', priority: 2, render: (row) => (row.kind === 'renewal' ? 'Renewal' : 'Inspection') },
          { accessor: 'owner', title: 'Owner', priority: 2, render: (row) => row.owner.name },
          {
            accessor: 'certificateType',
            title: 'Type',
            priority: 1,
            noWrap: true,
            render: (row) => `${row.certificateType.name} ${row.subType} ${row.dimension}`,
          },
          { accessor: 'certificateNumber', title: 'Certificate', priority: 3 },
          { accessor: 'rig', title: 'Rig', priority: 2, render: (row) => row.rig?.name ?? '' },
        ]}
        records={list.data?.items.map((row) => ({ ...row, id: row.stampedId })) ?? []}
        page={page}
        onPageChange={setPage}
        totalRecords={list.data?.total ?? 0}
        recordsPerPage={PAGE_SIZE}
      />
    </Stack>
  );
}

/** A full load of /Reports/Due: the first page, no filter (firstLoad.ts). */
DueReportRoute.prefetch = ({ queryClient }: FirstLoad) => {
  prefetchRead(queryClient, endpointQuery(dueDateEndpoints.list, { query: { Page: 0, PageSize: PAGE_SIZE } }));
};
