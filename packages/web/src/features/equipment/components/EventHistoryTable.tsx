import { Anchor, Group, Text } from '@mantine/core';
import { type EquipmentEvent, exportEndpoints, meetsAccess } from '@portal/contract';
import { IconBell } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { Link } from 'react-router';
import { AppDataTable } from '../../../components/AppDataTable.tsx';
import { ColorBadge } from '../../../components/ColorBadge.tsx';
import { DownloadButton } from '../../../components/DownloadButton.tsx';
import { NARROW_QUERY } from '../../../components/useNarrow.ts';
import { saveDownload } from '../../../lib/api/download.ts';
import { formatDate } from '../../../lib/format.ts';
import { useCanOpen } from '../../../lib/pageAccess.tsx';
import { useSignedInUser } from '../../../lib/signedInUser.tsx';
import { signedOffText } from '../../events/index.ts';

type Row = EquipmentEvent & { id: number };

const ready = { loading: false, fetching: false, error: null, onRetry: () => undefined };

/** The item's events, newest first: date (to the event's item when that page exists), type, rig, project, status, who signed it off, comment. */
export function EventHistoryTable({ events, label = 'Event history' }: { events: EquipmentEvent[]; label?: string }) {
  const canOpen = useCanOpen();
  const canReport = meetsAccess(useSignedInUser(), exportEndpoints.eventPdf.access);
  const columns: DataTableColumn<Row>[] = [
    {
      accessor: 'eventDate',
      title: 'Date',
      noWrap: true,
      render: (row) => {
        const to = `/Events/Edit/${row.eventId}/Equipment/${row.eventComponentId}`;
        return canOpen(to) ? (
          <Anchor component={Link} to={to} size="sm">
            {formatDate(row.eventDate)}
          </Anchor>
        ) : (
          formatDate(row.eventDate)
        );
      },
    },
    {
      accessor: 'type',
      title: 'Type',
      noWrap: true,
      render: (row) => (
        <Group gap={6} wrap="nowrap">
          {row.type.name}
          {row.isRenewal && (
            <Text span size="xs" c="dimmed">
              (renewal)
            </Text>
          )}
          {row.resetAge && !row.isRenewal && row.ageAtReset !== null && (
            <Text span size="xs" c="dimmed">
              (age set to {row.ageAtReset})
            </Text>
          )}
        </Group>
      ),
    },
    { accessor: 'rig', title: 'Rig', noWrap: true, render: (row) => row.rig?.name, visibleMediaQuery: `not ${NARROW_QUERY}` },
    { accessor: 'project', title: 'Project', noWrap: true, render: (row) => row.project?.name, visibleMediaQuery: `not ${NARROW_QUERY}` },
    {
      accessor: 'status',
      title: 'Status',
      noWrap: true,
      render: (row) =>
        row.status ? (
          // The badge would shrink to an ellipsis in a narrow table; the table scrolls sideways instead.
          <span style={{ display: 'inline-block', minWidth: 'max-content' }}>
            <ColorBadge color={row.status.color}>{row.status.name}</ColorBadge>
          </span>
        ) : (
          <Text span c="dimmed" size="sm">
            None
          </Text>
        ),
    },
    {
      accessor: 'signOff',
      title: 'Signed off by',
      noWrap: true,
      // The inspector's name; the whole line (qualification, company, when) on hover (docs/sign-off.md).
      // A signed event's inspection report, an issued document (external Read users too: docs/reports.md "The owner's evidence").
      render: (row) =>
        row.signOff && (
          <Group gap={6} wrap="nowrap">
            <span title={signedOffText(row.signOff)}>{row.signOff.signedBy}</span>
            {canReport && (
              <DownloadButton
                kind="pdf"
                size="compact-xs"
                variant="subtle"
                aria-label={`Inspection report of ${formatDate(row.eventDate)}`}
                download={() => saveDownload(exportEndpoints.eventPdf, { id: row.eventId })}
              >
                Report
              </DownloadButton>
            )}
          </Group>
        ),
    },
    {
      accessor: 'comment',
      title: 'Comment',
      // Nothing when there is nothing to say: a phone's card then leaves the line out.
      render: (row) =>
        row.notification || row.comment ? (
          <Group gap={6} wrap="nowrap" align="flex-start">
            {row.notification && <IconBell size={14} aria-label="Notification" style={{ flex: 'none', marginTop: 3 }} />}
            <span>{row.comment}</span>
          </Group>
        ) : null,
    },
  ];
  return (
    <AppDataTable<Row>
      aria-label={label}
      columns={columns}
      what="events"
      records={events.map((event) => ({ ...event, id: event.eventComponentId }))}
      status={ready}
      emptyText="No events yet: the item has not been in an inspection or survey."
    />
  );
}
