import { Badge, Group, Text } from '@mantine/core';
import type { UserOwner } from '@portal/contract';

/** A user's owners as badges (short code, full name on hover), or 'All owners'. */
export function OwnerBadges({ allOwners, owners }: { allOwners: boolean; owners: UserOwner[] }) {
  if (allOwners) {
    return (
      <Badge variant="light" color="deepSea" radius="sm">
        All owners
      </Badge>
    );
  }
  if (owners.length === 0) {
    return (
      <Text span size="sm" c="dimmed">
        No owners
      </Text>
    );
  }
  return (
    <Group gap={4} wrap="wrap">
      {owners.map((owner) => (
        <Badge key={owner.id} variant="light" color="gray" radius="sm" title={owner.name}>
          {owner.shortCode || owner.name}
        </Badge>
      ))}
    </Group>
  );
}
