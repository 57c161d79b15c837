import { Alert, List, Text } from '@mantine/core';
import { plural } from '@portal/contract';
import type { AddPlan } from './draft.ts';

const MAX_LISTED = 10;
const some = (ids: string[]) =>
  ids.length > MAX_LISTED ? `${ids.slice(0, MAX_LISTED).join(', ')} and ${ids.length - MAX_LISTED} more` : ids.join(', ');

/** What a series or an import added, and which stamped ids it left out and why. */
export function AddOutcome({ plan, found }: { plan: AddPlan; found?: string }) {
  const left = plan.taken.length + plan.listed.length;
  return (
    <Alert color={left ? 'yellow' : 'green'} variant="light" p="xs" mt="xs" role="status" aria-live="polite">
      {found && (
        <Text size="sm" fw={500}>
          {found}
        </Text>
      )}
      <Text size="sm">Added {plural(plan.add.length, 'item')}.</Text>
      {left > 0 && (
        <List size="sm" mt={4}>
          {plan.taken.length > 0 && <List.Item>In use on other equipment, not added: {some(plan.taken)}</List.Item>}
          {plan.listed.length > 0 && <List.Item>Already in the list: {some(plan.listed)}</List.Item>}
        </List>
      )}
    </Alert>
  );
}
