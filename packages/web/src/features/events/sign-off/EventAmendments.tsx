import { Paper, Table, Text, Title } from '@mantine/core';
import { type Amendment, amendedMeasurementsText, amendmentEndpoints } from '@portal/contract';
import { useEndpoint } from '../../../lib/api/endpointQuery.ts';
import { formatDateTime } from '../../../lib/format.ts';

const valuesText = (v: Amendment['before']) => `${v.status?.name ?? 'No status'}${v.comment ? `, "${v.comment}"` : ''}`;

/** Status and comment, then the measurements changed and the photos added. */
function Change({ amendment }: { amendment: Amendment }) {
  return (
    <>
      {valuesText(amendment.before)} → {valuesText(amendment.after)}
      {amendedMeasurementsText(amendment).map((line) => (
        <Text size="xs" c="dimmed" key={line}>
          {line}
        </Text>
      ))}
    </>
  );
}

/** A signed event's amendments, oldest first: what each item held before and after, why, who and when (docs/sign-off.md). */
export function EventAmendments({ eventId }: { eventId: number }) {
  const list = useEndpoint(amendmentEndpoints.amendments, { params: { id: eventId } });
  if (!list.data?.length) return null;
  return (
    <Paper withBorder radius="sm" p="md" mb="lg" component="section" aria-label="Amendments">
      <Title order={2} size="h4" mb="sm">
        Amendments
      </Title>
      <Table.ScrollContainer minWidth={640}>
        <Table fz="sm" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>Stamped id</Table.Th>
              <Table.Th>Before → after</Table.Th>
              <Table.Th>Reason</Table.Th>
              <Table.Th>By</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.map((a) => (
              <Table.Tr key={a.id}>
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(a.amendedAt)}
                  </Text>
                </Table.Td>
                <Table.Td>{a.stampedId}</Table.Td>
                <Table.Td>
                  <Change amendment={a} />
                </Table.Td>
                <Table.Td>{a.reason}</Table.Td>
                <Table.Td>{a.amendedBy}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
