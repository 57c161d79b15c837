import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { TypeStatus } from '@portal/contract';
import { describeChange } from './OfflineBanner.tsx';
import { removeWaiting, retryOnVersion, type Waiting } from './queue.ts';

interface Props {
  rows: Waiting[];
  statuses: TypeStatus[];
}

const statusName = (statuses: TypeStatus[], id: unknown) => statuses.find((s) => s.id === id)?.name ?? 'No status';

/** A change refused because the item changed meanwhile: both values, and the person chooses (decision 083). */
function Conflict({ row, statuses }: { row: Waiting; statuses: TypeStatus[] }) {
  const { conflict, change } = row;
  if (!conflict || change.kind !== 'status') return null;
  return (
    <Stack gap={4}>
      <Text size="sm">
        <Text span fw={600}>
          {change.stampedId}
        </Text>{' '}
        was changed meanwhile. On the server now: {statusName(statuses, conflict.current.statusId)}. Yours:{' '}
        {statusName(statuses, change.statusId)}.
      </Text>
      <Group gap="xs">
        <Button size="compact-sm" onClick={() => void retryOnVersion(row, conflict.version)}>
          Use mine ({statusName(statuses, change.statusId)})
        </Button>
        <Button size="compact-sm" variant="default" onClick={() => void removeWaiting(row.id)}>
          Keep the server's ({statusName(statuses, conflict.current.statusId)})
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Changes made offline that the server refused when they were sent (the event was signed off
 * meanwhile, no item carries the chip, the item changed meanwhile): each with why, kept until the
 * person removes it or, for a change made on an older version, chooses between both values, so none is
 * lost or overwritten without them seeing it (decision 083).
 */
export function NotApplied({ rows, statuses }: Props) {
  if (rows.length === 0) return null;
  return (
    <Alert color="red" variant="light" mb="md" title="Not applied" role="region" aria-label="Not applied">
      <Stack gap={8}>
        {rows.map((row) =>
          row.conflict ? (
            <Conflict key={row.id} row={row} statuses={statuses} />
          ) : (
            <Group key={row.id} justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm">
                <Text span fw={600}>
                  {describeChange(row.change, statuses)}
                </Text>
                : {row.refused}
              </Text>
              <Button size="compact-sm" variant="default" onClick={() => void removeWaiting(row.id)}>
                Remove
              </Button>
            </Group>
          ),
        )}
      </Stack>
    </Alert>
  );
}
