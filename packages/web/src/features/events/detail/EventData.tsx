import { Badge, Group, Paper, SimpleGrid } from '@mantine/core';
import type { EventDetails } from '@portal/contract';
import { ColorBadge } from '../../../components/ColorBadge.tsx';
import { DataField, DataNote, plainText } from '../../../components/DataField.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';

const audit = (who: string | null, when: string) => `${formatDateTime(when)}${who ? ` by ${who}` : ''}`;

/** The event's fields (spec section 3 "Event details"), its age rule and its worst item status. */
export function EventData({ event: e }: { event: EventDetails }) {
  return (
    <Paper withBorder radius="sm" p="md" mb="lg" component="section" aria-label="Event data">
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" verticalSpacing="md">
        <DataField label="Type">{plainText(e.type.name)}</DataField>
        <DataField label="Date">{plainText(formatDate(e.eventDate))}</DataField>
        <DataField label="Rig">{plainText(e.rig.name)}</DataField>
        <DataField label="Project">{plainText(e.referenceNo.name)}</DataField>
        <DataField label="Location">{plainText(e.eventLocation)}</DataField>
        <DataField label="AHV">{plainText(e.ahv)}</DataField>
        <DataField label="Document No">{plainText(e.documentNo)}</DataField>
        <DataField label="Responsible">{plainText(e.responsible)}</DataField>
        <DataField label="Company">{plainText(e.company)}</DataField>
        <DataField label="Age">
          {e.isRenewal || e.resetAge ? (
            <Group gap={4}>
              {e.isRenewal && <Badge variant="light">Renewal: age 0</Badge>}
              {e.resetAge && <Badge variant="light">Reset age to {e.ageAtReset} years</Badge>}
            </Group>
          ) : null}
        </DataField>
        <DataField label="Worst status">{e.status ? <ColorBadge color={e.status.color}>{e.status.name}</ColorBadge> : null}</DataField>
        <DataField label="Items">{plainText(String(e.itemCount))}</DataField>
        <DataField label="Created">{plainText(audit(e.createdBy, e.createdDate))}</DataField>
        <DataField label="Updated">{plainText(audit(e.updatedBy, e.updatedDate))}</DataField>
      </SimpleGrid>
      <DataNote label="Other info" text={e.otherInfo} />
    </Paper>
  );
}
