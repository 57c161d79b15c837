import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { type EquipmentDetail, type EquipmentEvent, messages, plural } from '@portal/contract';
import { Link } from 'react-router';
import { ColorBadge } from '../../../components/ColorBadge.tsx';
import { formatDate } from '../../../lib/format.ts';
import { Fact } from './CertificateCard.tsx';

const eventText = (event: EquipmentEvent | null) =>
  event ? `${formatDate(event.eventDate)}, ${event.type.name}${event.rig ? ` on ${event.rig.name}` : ''}` : null;

/** The item's own record: length, comment, parent, effective age with its flag, last reset, last event, inspection and renewal. */
export function ItemCard({ item }: { item: EquipmentDetail }) {
  return (
    <Paper withBorder p="md" radius="sm">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Item
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" verticalSpacing="sm">
          <Fact label="Effective age">
            {item.effectiveAge === null ? null : (
              <Group gap={6} wrap="nowrap">
                <span data-testid="effective-age">{plural(Math.round(item.effectiveAge * 10) / 10, 'year')}</span>
                {item.olderThanFlagYears && (
                  <Badge color="orange" variant="light" size="sm" radius="sm" tt="none">
                    {messages.olderThanFiveYears}
                  </Badge>
                )}
              </Group>
            )}
          </Fact>
          <Fact label="Last reset">{formatDate(item.dateLastReset)}</Fact>
          <Fact label="Length (m)">{item.length}</Fact>
          <Fact label="Last event">{eventText(item.lastEvent)}</Fact>
          <Fact label="Last status">
            {item.lastEvent?.status ? <ColorBadge color={item.lastEvent.status.color}>{item.lastEvent.status.name}</ColorBadge> : null}
          </Fact>
          <Fact label="Last inspection">
            {item.lastInspection?.status ? (
              <Group gap={6}>
                <span>{eventText(item.lastInspection)}</span>
                <ColorBadge color={item.lastInspection.status.color}>{item.lastInspection.status.name}</ColorBadge>
              </Group>
            ) : null}
          </Fact>
          <Fact label="Last renewal">{eventText(item.lastRenewal)}</Fact>
          <Fact label="Part of">
            {item.parentStampedId ? (
              <Anchor component={Link} to={`/Equipment/${encodeURIComponent(item.parentStampedId)}`} size="sm">
                {item.parentStampedId}
              </Anchor>
            ) : null}
          </Fact>
          <Fact label="Description">{item.description}</Fact>
          <Fact label="Comment">{item.comment}</Fact>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
