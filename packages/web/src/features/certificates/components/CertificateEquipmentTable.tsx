import { Anchor, Group, Text, Title, Tooltip } from '@mantine/core';
import type { CertificateEquipment } from '@portal/contract';
import { formatNumber, plural } from '@portal/contract';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ActiveBadge } from '../../../components/ActiveBadge.tsx';
import { type AppColumn, AppDataTable } from '../../../components/AppDataTable.tsx';
import { ColorBadge } from '../../../components/ColorBadge.tsx';
import type { ListStatus } from '../../../components/listStatus.ts';
import { SearchField } from '../../../components/SearchField.tsx';
import { type CanOpen, useCanOpen } from '../../../lib/pageAccess.tsx';
import { dueColumn, useDueDates } from '../../due-dates/index.ts';
import { equipmentPath } from '../paths.ts';

/** Rows per page: a certificate of 2,000 items renders 100 rows at a time. */
export const EQUIPMENT_PAGE_SIZE = 100;
const loaded: ListStatus = { loading: false, fetching: false, error: null, onRetry: () => {} };

/** A stamped id links to its equipment page once that page exists and the user may open it. */
function StampedId({ stampedId, canOpen }: { stampedId: string; canOpen: CanOpen }) {
  const path = equipmentPath(stampedId);
  return canOpen(path) ? (
    <Anchor component={Link} to={path} size="sm" fw={500}>
      {stampedId}
    </Anchor>
  ) : (
    <Text span size="sm" fw={500}>
      {stampedId}
    </Text>
  );
}

/** Kept at any width: stamped id, length, active and latest status (a phone's card shows them, the due light beside the id). */
function columnsFor(canOpen: CanOpen): AppColumn<CertificateEquipment>[] {
  return [
    {
      accessor: 'stampedId',
      title: 'Stamped id',
      priority: 1,
      noWrap: true,
      render: (item) => <StampedId stampedId={item.stampedId} canOpen={canOpen} />,
    },
    {
      accessor: 'length',
      title: 'Length (m)',
      priority: 1,
      textAlign: 'right',
      noWrap: true,
      render: (item) => (item.length === null ? '' : formatNumber(item.length)),
    },
    {
      accessor: 'hidden',
      title: 'Active',
      priority: 1,
      noWrap: true,
      render: (item) => <ActiveBadge hidden={item.hidden} />,
    },
    {
      accessor: 'latestStatus',
      title: 'Latest status',
      priority: 1,
      noWrap: true,
      render: (item) =>
        item.latestStatus ? (
          <ColorBadge color={item.latestStatus.color} size="sm">
            {item.latestStatus.name}
          </ColorBadge>
        ) : (
          ''
        ),
    },
    {
      accessor: 'parentStampedId',
      title: 'Part of',
      priority: 2,
      noWrap: true,
      render: (item) => (item.parentStampedId ? <StampedId stampedId={item.parentStampedId} canOpen={canOpen} /> : ''),
    },
    {
      accessor: 'chips',
      title: 'Chips',
      priority: 3,
      textAlign: 'right',
      noWrap: true,
      render: (item) =>
        item.chips.length ? (
          <Tooltip label={item.chips.join(', ')} withinPortal>
            <Text span size="sm" aria-label={`Chips: ${item.chips.join(', ')}`}>
              {item.chips.length}
            </Text>
          </Tooltip>
        ) : (
          ''
        ),
    },
    { accessor: 'comment', title: 'Comment', priority: 3, ellipsis: true, width: 280 },
  ];
}

/**
 * The certificate's equipment: a filter by stamped id and pages of 100 rows in the browser (the
 * answer has them all), so even a certificate of 2,000 items renders quickly.
 */
export function CertificateEquipmentTable({ items }: { items: CertificateEquipment[] }) {
  const canOpen = useCanOpen();
  const columns = useMemo(() => columnsFor(canOpen), [canOpen]);
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(1);
  const term = filter.trim().toLowerCase();
  const shown = useMemo(() => (term ? items.filter((item) => item.stampedId.toLowerCase().includes(term)) : items), [items, term]);
  const inactive = items.filter((item) => item.hidden).length;
  const paged = shown.length > EQUIPMENT_PAGE_SIZE;
  const records = shown.slice((page - 1) * EQUIPMENT_PAGE_SIZE, page * EQUIPMENT_PAGE_SIZE);
  const due = useDueDates(records.map((item) => item.stampedId));

  return (
    <section aria-labelledby="certificate-equipment">
      <Group justify="space-between" align="flex-end" mb="xs" gap="sm">
        <div>
          <Title order={2} size="h4" id="certificate-equipment">
            Equipment
          </Title>
          <Text size="sm" c="dimmed">
            {plural(items.length, 'item')}
            {inactive ? `, ${inactive} inactive` : ''}
          </Text>
        </div>
        {items.length > 0 && (
          <SearchField
            aria-label="Filter by stamped id"
            placeholder="Filter by stamped id"
            value={filter}
            onChange={(value) => {
              setFilter(value);
              setPage(1);
            }}
            onClear={() => setFilter('')}
            clearLabel="Clear the filter"
            w={{ base: '100%', xs: 240 }}
          />
        )}
      </Group>
      <AppDataTable<CertificateEquipment>
        aria-label="Certificate equipment"
        columns={[...columns, dueColumn(due, (item: CertificateEquipment) => item.stampedId)]}
        what="equipment"
        records={records}
        status={loaded}
        emptyText={term ? 'No stamped id on this certificate matches the filter.' : 'No equipment on this certificate yet.'}
        {...(paged && {
          page,
          onPageChange: setPage,
          totalRecords: shown.length,
          recordsPerPage: EQUIPMENT_PAGE_SIZE,
        })}
      />
    </section>
  );
}
