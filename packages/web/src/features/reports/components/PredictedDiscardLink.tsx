import { Anchor, Card, Text } from '@mantine/core';
import { PREDICTED_DISCARD_TITLE } from '@portal/contract';
import { Link } from 'react-router';

/** The Predicted discard entry of /Reports (and of the General landing), beside Inspection due. */
export function PredictedDiscardLink() {
  return (
    <Card withBorder radius="sm" padding="sm">
      <Anchor component={Link} to="/Reports/PredictedDiscard" fw={600}>
        {PREDICTED_DISCARD_TITLE}
      </Anchor>
      <Text size="xs" c="dimmed">
        Items whose measured wear reaches the discard limit within the months you choose
      </Text>
    </Card>
  );
}
