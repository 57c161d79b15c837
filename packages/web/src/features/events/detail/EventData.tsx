import { Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { EventDetails } from '@portal/contract';
import type { ReactNode } from 'react';
import { ColorBadge } from '../../../components/ColorBadge.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';

function Field({ label, children }: { label: string; children: ReactNode }) {
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

const plain = (value: string | null) =>
  value ? (
    <Text span size="sm">
      {value}
    </Text>
  ) : null;
const audit = (who: string | null, when: string) => `${formatDateTime(when)}${who ? ` by ${who}` : ''}`;

/** The event's fields (spec section 3 "Event details"), its age rule and its worst item status. */
export function EventData({ event: e }: { event: EventDetails }) {
  return (
    <Paper withBorder radius="sm" p="md" mb="lg" component="section" aria-label="Event data">
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" verticalSpacing="md">
        <Field label="Type">{plain(e.type.name)}</Field>
        <Field label="Date">{plain(formatDate(e.eventDate))}</Field>
        <Field label="Rig">{plain(e.rig.name)}</Field>
        <Field label="Project">{plain(e.referenceNo.name)}</Field>
        <Field label="Location">{plain(e.eventLocation)}</Field>
        <Field label="AHV">{plain(e.ahv)}</Field>
        <Field label="Document No">{plain(e.documentNo)}</Field>
        <Field label="Responsible">{plain(e.responsible)}</Field>
        <Field label="Company">{plain(e.company)}</Field>
        <Field label="Age">
          {e.isRenewal || e.resetAge ? (
            <Group gap={4}>
              {e.isRenewal && <Badge variant="light">Renewal: age 0</Badge>}
              {e.resetAge && <Badge variant="light">Reset age to {e.ageAtReset} years</Badge>}
            </Group>
          ) : null}
        </Field>
        <Field label="Worst status">{e.status ? <ColorBadge color={e.status.color}>{e.status.name}</ColorBadge> : null}</Field>
        <Field label="Items">{plain(String(e.itemCount))}</Field>
        <Field label="Created">{plain(audit(e.createdBy, e.createdDate))}</Field>
        <Field label="Updated">{plain(audit(e.updatedBy, e.updatedDate))}</Field>
      </SimpleGrid>
      {e.otherInfo && (
        <Stack gap={2} mt="md">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Other info
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {e.otherInfo}
          </Text>
        </Stack>
      )}
    </Paper>
  );
}
