import { Anchor, Badge, Card, Group, Text } from '@mantine/core';
import { dueDateEndpoints, formatNumber } from '@portal/contract';
import { Link } from 'react-router';
import { useEndpoint } from '../../../lib/api/endpointQuery.ts';

/** The Due entry of /Reports: the red and yellow counts of the caller's owners, linking to the compliance view. */
export function DueReportLink() {
  const due = useEndpoint(dueDateEndpoints.list, { query: { PageSize: 1 } });
  const counts = due.data?.counts;
  return (
    <Card withBorder radius="sm" padding="sm">
      <Anchor component={Link} to="/Reports/Due" fw={600}>
        Inspection due
      </Anchor>
      <Text size="xs" c="dimmed">
        Items overdue or due soon, by due date
      </Text>
      {counts && (
        <Group gap={6} mt={4}>
          <Badge color="red.9" radius="sm" tt="none" aria-label={`${counts.red} overdue`}>
            {formatNumber(counts.red)} overdue
          </Badge>
          <Badge color="yellow" c="dark" radius="sm" tt="none" aria-label={`${counts.yellow} due soon`}>
            {formatNumber(counts.yellow)} due soon
          </Badge>
        </Group>
      )}
    </Card>
  );
}
