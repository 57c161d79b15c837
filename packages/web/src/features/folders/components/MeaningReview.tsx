import { Alert, Anchor, Button, Group, List, Stack, Text } from '@mantine/core';
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
        {/* A list, not a table: it wraps on a phone instead of scrolling sideways. */}
        <List listStyleType="none" spacing={6} aria-label="Status meanings to confirm">
          {pending.map((row) => (
            <List.Item key={row.statusId}>
              <Group gap={6} wrap="wrap">
                <Text size="sm">{row.eventType}</Text>
                <Anchor
                  component={Link}
                  to={`/Admin/Events/${row.eventTypeId}?edit=${row.statusId}`}
                  aria-label={`Edit ${row.eventType} status ${row.status}`}
                >
                  <ColorBadge color={row.color}>{row.status}</ColorBadge>
                </Anchor>
                <Text size="sm" fw={600}>
                  {statusMeaningLabels[row.meaning]}
                </Text>
              </Group>
              <Text size="xs" c="dimmed">
                {row.reason.replace(/^Colour (\w+)/, (_, color: keyof typeof colorNames) => `Colour ${colorNames[color] ?? color}`)}
              </Text>
            </List.Item>
          ))}
        </List>
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
