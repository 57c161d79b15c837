import { Alert, Anchor, Button, Group, Stack, Table, Text } from '@mantine/core';
import { meaningEndpoints, statusMeaningLabels } from '@portal/contract';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ColorBadge } from '../../../components/ColorBadge.tsx';
import { colorNames } from '../../../components/colorNames.ts';
import { useEndpoint } from '../../../lib/api/endpointQuery.ts';
import { showSuccessToast } from '../../../lib/notify.tsx';
import { useConfirmMeanings } from '../api.ts';

/**
 * /Admin/Events, above the event types: the status meanings the upgrade chose from colours, until an
 * Admin confirms them (docs/due-dates.md "Status meanings"). Nothing shows once they are confirmed.
 */
export function MeaningReview() {
  const review = useEndpoint(meaningEndpoints.meaningReview, {});
  const confirm = useConfirmMeanings();
  const pending = review.data?.pending ?? [];
  if (pending.length === 0) return null;
  return (
    <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title="Check what each status means" mb="md">
      <Stack gap="sm">
        <Text size="sm">
          The upgrade chose a meaning for every status from its colour. Only Fit for use, Monitor and Condemned count as an inspection.
          Change a meaning on its status, then confirm.
        </Text>
        <Table.ScrollContainer minWidth={520}>
          <Table aria-label="Status meanings to confirm" verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Event type</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Meaning</Table.Th>
                <Table.Th>Why</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {pending.map((row) => (
                <Table.Tr key={row.statusId}>
                  <Table.Td>{row.eventType}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`/Admin/Events/${row.eventTypeId}?edit=${row.statusId}`} size="sm">
                      <ColorBadge color={row.color}>{row.status}</ColorBadge>
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{statusMeaningLabels[row.meaning]}</Table.Td>
                  <Table.Td>
                    <Text size="sm" c="dimmed">
                      {row.reason.replace(/^Colour (\w+)/, (_, color: keyof typeof colorNames) => `Colour ${colorNames[color] ?? color}`)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="flex-end">
          <Button
            loading={confirm.isPending}
            onClick={() => confirm.mutate({}, { onSuccess: () => showSuccessToast('The status meanings are confirmed') })}
          >
            Confirm meanings
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
