import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { signOffMessages, type TypeStatus } from '@portal/contract';
import { useNavigate } from 'react-router';
import { describeChange } from './OfflineBanner.tsx';
import { removeWaiting, retryOnVersion, type Waiting } from './queue.ts';

interface Props {
  rows: Waiting[];
  statuses: TypeStatus[];
}

const statusName = (statuses: TypeStatus[], id: unknown) => statuses.find((s) => s.id === id)?.name ?? 'No status';

type Values = { statusId?: number | null; comment?: string | null };

/** The values of a conflict that the change sent: its status's name and its comment, as 'Monitor, comment 'Worn'' . */
function valuesText(values: Values, sent: Values, statuses: TypeStatus[]): string {
  return [
    'statusId' in sent && statusName(statuses, values.statusId),
    'comment' in sent && (values.comment ? `comment '${values.comment}'` : 'no comment'),
  ]
    .filter(Boolean)
    .join(', ');
}

/** A change refused because the item changed meanwhile: both values, and the person chooses (decision 083). */
function Conflict({ row, statuses }: { row: Waiting; statuses: TypeStatus[] }) {
  const { conflict, change } = row;
  if (!conflict || (change.kind !== 'status' && change.kind !== 'item')) return null;
  const sent: Values = change.kind === 'status' ? { statusId: change.statusId } : change.body;
  const asSent = Object.fromEntries(Object.entries(sent).filter(([, value]) => value !== undefined));
  const server = valuesText(conflict.current as Values, asSent, statuses);
  const mine = valuesText(sent, asSent, statuses);
  return (
    <Stack gap={4}>
      <Text size="sm">
        <Text span fw={600}>
          {change.stampedId}
        </Text>{' '}
        was changed meanwhile. On the server now: {server}. Yours: {mine}.
      </Text>
      <Group gap="xs">
        <Button size="compact-sm" onClick={() => void retryOnVersion(row, conflict.version)}>
          Use mine ({mine})
        </Button>
        <Button size="compact-sm" variant="default" onClick={() => void removeWaiting(row.id)}>
          Keep the server's ({server})
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
  const navigate = useNavigate();
  if (rows.length === 0) return null;
  // A status change refused because the event was signed off meanwhile: the item's Amend form, filled
  // with it (features/event-items Amendments.tsx reads `amend` and removes the row once recorded).
  const amend = ({ id, change }: Waiting) =>
    change.kind === 'status' &&
    navigate(`/Events/Edit/${change.eventId}/Equipment/${change.itemId}?amend=${change.statusId ?? ''}&waiting=${id}`);
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
              <Group gap="xs" wrap="nowrap">
                {row.change.kind === 'status' && row.refused === signOffMessages.sealed && (
                  <Button size="compact-sm" onClick={() => amend(row)}>
                    Record as amendment
                  </Button>
                )}
                <Button size="compact-sm" variant="default" onClick={() => void removeWaiting(row.id)}>
                  Remove
                </Button>
              </Group>
            </Group>
          ),
        )}
      </Stack>
    </Alert>
  );
}
