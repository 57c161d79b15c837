import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { TypeStatus } from '@portal/contract';
import { describeChange } from './OfflineBanner.tsx';
import type { Waiting } from './queue.ts';

interface Props {
  rows: Waiting[];
  statuses: TypeStatus[];
  onDismiss: (row: Waiting) => void;
}

/**
 * Changes made offline that the server refused when they were sent (the event was signed off
 * meanwhile, no item carries the chip): each with why, kept until the person removes it, so none is
 * lost without them seeing it (decision 083).
 */
export function NotApplied({ rows, statuses, onDismiss }: Props) {
  if (rows.length === 0) return null;
  return (
    <Alert color="red.9" variant="light" mb="md" title="Not applied" role="region" aria-label="Not applied">
      <Stack gap={6}>
        {rows.map((row) => (
          <Group key={row.id} justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm">
              <Text span fw={600}>
                {describeChange(row.change, statuses)}
              </Text>
              : {row.refused}
            </Text>
            <Button size="compact-sm" variant="default" onClick={() => onDismiss(row)}>
              Remove
            </Button>
          </Group>
        ))}
      </Stack>
    </Alert>
  );
}
