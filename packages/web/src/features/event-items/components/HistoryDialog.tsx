import { Modal, Table, Text } from '@mantine/core';
import { equipmentEndpoints, timeAgo } from '@portal/contract';
import { ColorBadge } from '../../../components/ColorBadge.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { useDialogLayout } from '../../../components/useNarrow.ts';
import { useEndpoint } from '../../../lib/api/endpointQuery.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { daysAgo } from '../order.ts';

/** /Events/Edit/{id}/Equipment/{eventComponentId}/history: every event of the item, newest first, with time ago. */
export function HistoryDialog({ stampedId, onClose }: { stampedId: string; onClose: () => void }) {
  const layout = useDialogLayout();
  const detail = useEndpoint(equipmentEndpoints.get, { params: { id: stampedId } });
  return (
    <Modal opened onClose={onClose} title={`History of ${stampedId}`} size="xl" {...layout}>
      {detail.isError ? (
        <LoadFailed what="history" error={detail.error} onRetry={() => void detail.refetch()} />
      ) : !detail.data ? (
        <Text size="sm">Loading…</Text>
      ) : detail.data.events.length === 0 ? (
        <Text size="sm">No events yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped fz="sm" aria-label={`Events of ${stampedId}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>When</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Rig</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Comment</Table.Th>
                <Table.Th>Signed off</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {detail.data.events.map((event) => (
                <Table.Tr key={event.eventComponentId}>
                  <Table.Td>{formatDate(event.eventDate)}</Table.Td>
                  <Table.Td>{timeAgo(daysAgo(event.eventDate)).text}</Table.Td>
                  <Table.Td>{event.type.name}</Table.Td>
                  <Table.Td>{event.rig?.name}</Table.Td>
                  <Table.Td>{event.status && <ColorBadge color={event.status.color}>{event.status.name}</ColorBadge>}</Table.Td>
                  <Table.Td>{event.comment}</Table.Td>
                  <Table.Td>
                    {event.signOff &&
                      `${event.signOff.signedBy} (${event.signOff.qualification}, ${event.signOff.company}), ${formatDateTime(event.signOff.signedAt)}`}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Modal>
  );
}
