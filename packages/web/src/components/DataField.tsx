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

/** A record's long free text under its data fields (a certificate's other information, an event's other info), line breaks kept; nothing when empty. */
export function DataNote({ label, text }: { label: string; text: string | null }) {
  if (!text) return null;
  return (
    <Stack gap={2} mt="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {text}
      </Text>
    </Stack>
  );
}
