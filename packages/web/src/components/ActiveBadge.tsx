import { Badge } from '@mantine/core';

/** An equipment item's state: 'Active' in green, or 'Inactive' (hidden) in grey. */
export function ActiveBadge({ hidden }: { hidden: boolean }) {
  return hidden ? (
    <Badge color="gray" variant="light" radius="sm" tt="none">
      Inactive
    </Badge>
  ) : (
    <Badge color="green" variant="light" radius="sm" tt="none">
      Active
    </Badge>
  );
}
