import { Group, Paper, Skeleton, Switch, Table, Text, Title } from '@mantine/core';
import { eventDetailEndpoints, formatNumber, plural } from '@portal/contract';
import { useState } from 'react';
import { ColorBadge } from '../../../components/ColorBadge.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { useEndpoint } from '../../../lib/api/endpointQuery.ts';

const metres = (length: number | null) => (length === null ? '' : `${formatNumber(length, 1)} m`);

/**
 * The event's equipment summary (spec section 2): how many items carry each status (in its colour),
 * notifications, inactive and unlinked, and the items by type; the detailed view splits each type
 * into sub-type, dimension, quality and colour with their total length.
 */
export function EquipmentSummary({ eventId }: { eventId: number }) {
  const summary = useEndpoint(eventDetailEndpoints.summary, { params: { id: eventId } });
  const [detailed, setDetailed] = useState(false);
  if (summary.isError)
    return <LoadFailed what="summary" error={summary.error} onRetry={() => summary.refetch()} retrying={summary.isFetching} />;
  const s = summary.data;
  return (
    <Paper withBorder radius="sm" p="md" mb="lg" component="section" aria-label="Equipment summary">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Equipment summary
        </Title>
        <Switch label="Detailed view" checked={detailed} onChange={(e) => setDetailed(e.currentTarget.checked)} />
      </Group>
      {!s ? (
        <Skeleton height={80} />
      ) : (
        <>
          <Group gap="xs" mb="sm" aria-label="Counts">
            <Text size="sm" fw={700}>
              {plural(s.totalAmount, 'item')}
            </Text>
            {s.statuses.map((status) => (
              <span key={status.id ?? 'none'} data-status={status.name}>
                <ColorBadge color={status.color === 'none' ? 'light' : status.color}>
                  {status.name}: {status.amount}
                </ColorBadge>
              </span>
            ))}
            {s.hasNotifications && (
              <span>
                <ColorBadge color="danger">Notifications: {s.notifications}</ColorBadge>
              </span>
            )}
            {s.hasInactive && (
              <span>
                <ColorBadge color="light">Inactive: {s.inActive}</ColorBadge>
              </span>
            )}
            {s.hasUnlinked && (
              <span>
                <ColorBadge color="warning">Unlinked: {s.unlinked}</ColorBadge>
              </span>
            )}
          </Group>
          <Table.ScrollContainer minWidth={0}>
            <Table striped withTableBorder fz="sm" verticalSpacing={4} aria-label="Items by type">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Type</Table.Th>
                  {detailed && (
                    <>
                      <Table.Th>Sub-type</Table.Th>
                      <Table.Th>Dimension</Table.Th>
                      <Table.Th>Quality</Table.Th>
                      <Table.Th>Colour</Table.Th>
                      <Table.Th ta="right">Length</Table.Th>
                    </>
                  )}
                  <Table.Th ta="right">Amount</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {s.rows.flatMap((row) =>
                  detailed
                    ? row.entries.map((entry, i) => (
                        <Table.Tr key={`${row.rowKey}:${entry.subType}:${entry.dimension}:${entry.quality}:${entry.color}`}>
                          <Table.Td fw={i === 0 ? 600 : undefined}>{i === 0 ? row.name : ''}</Table.Td>
                          <Table.Td>{entry.subType}</Table.Td>
                          <Table.Td>{entry.dimension}</Table.Td>
                          <Table.Td>{entry.quality}</Table.Td>
                          <Table.Td>
                            {entry.color && entry.color !== 'none' ? <ColorBadge color={entry.color}>{entry.color}</ColorBadge> : null}
                          </Table.Td>
                          <Table.Td ta="right">{metres(entry.length)}</Table.Td>
                          <Table.Td ta="right">{entry.amount}</Table.Td>
                        </Table.Tr>
                      ))
                    : [
                        <Table.Tr key={row.rowKey}>
                          <Table.Td fw={600}>{row.name}</Table.Td>
                          <Table.Td ta="right">{row.amount}</Table.Td>
                        </Table.Tr>,
                      ],
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Paper>
  );
}
