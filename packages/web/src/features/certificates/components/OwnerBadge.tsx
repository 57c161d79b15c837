import { Group, Text } from '@mantine/core';
import type { OwnerRef } from '@portal/contract';
import { ColorBadge } from '../../../components/ColorBadge.tsx';

/** An owner as its short code in the owner's label colour, with the name beside it (or on hover when compact). */
export function OwnerBadge({ owner, compact = false }: { owner: OwnerRef; compact?: boolean }) {
  const code = owner.shortCode || owner.name;
  return (
    <Group gap={6} wrap="nowrap" title={owner.name}>
      <ColorBadge color={owner.label === 'none' ? 'light' : owner.label} size="sm">
        {code}
      </ColorBadge>
      {!compact && (
        <Text span size="sm" truncate>
          {owner.name}
        </Text>
      )}
    </Group>
  );
}
