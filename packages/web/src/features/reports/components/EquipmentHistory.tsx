import { Box, Loader, Table, Text } from '@mantine/core';
import { reportEndpoints } from '@portal/contract';
import { ColorBadge } from '../../../components/ColorBadge.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { useEndpoint } from '../../../lib/api/endpointQuery.ts';
import { formatDate } from '../../../lib/format.ts';

/** An item's event history (GET /Report/general/{owner}/details/{stampedId}), shown under its report row. */
export function EquipmentHistory(props: { owner: number; stampedId: string }) {
  return (
    <Box px="sm" py="xs" bg="var(--mantine-color-gray-0)">
      <History {...props} />
    </Box>
  );
}

function History({ owner, stampedId }: { owner: number; stampedId: string }) {
  const history = useEndpoint(reportEndpoints.generalDetails, { params: { id: owner, x: stampedId } });
  if (history.isPending) return <Loader size="sm" aria-label={`Loading the history of ${stampedId}`} />;
  if (history.isError)
    return <LoadFailed what="history" error={history.error} onRetry={() => void history.refetch()} retrying={history.isFetching} />;
  const events = history.data.events;
  if (events.length === 0) return <Text size="sm">{stampedId} has no events yet.</Text>;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table fz="sm" verticalSpacing={4} aria-label={`Event history of ${stampedId}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Event type</Table.Th>
            <Table.Th>Rig</Table.Th>
            <Table.Th>Project</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Comment</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.map((event, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: history rows have no id and never reorder.
            <Table.Tr key={index}>
              <Table.Td>{formatDate(event.eventDate)}</Table.Td>
              <Table.Td>{event.eventType}</Table.Td>
              <Table.Td>{event.rig}</Table.Td>
              <Table.Td>{event.project}</Table.Td>
              <Table.Td>{event.status && <ColorBadge color={event.color ?? 'none'}>{event.status}</ColorBadge>}</Table.Td>
              <Table.Td>{event.comment}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
