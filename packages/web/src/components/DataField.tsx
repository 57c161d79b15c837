import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One labelled value of a record's data panel (certificate, event): a dash when there is none. */
export function DataField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2} miw={0} style={{ overflowWrap: 'anywhere' }}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <div>
        {children || (
          <Text span size="sm" c="dimmed">
            -
          </Text>
        )}
      </div>
    </Stack>
  );
}

/** Plain text for a DataField, or nothing (the dash). */
export const plainText = (value: string | null) =>
  value ? (
    <Text span size="sm">
      {value}
    </Text>
  ) : null;
