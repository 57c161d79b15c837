import { Box, Group, Text } from '@mantine/core';
import type { OwnerRef } from '@portal/contract';
import { ColorBadge } from '../../../components/ColorBadge.tsx';

/** An owner as its short code in the owner's label colour, with the name beside it (or on hover when compact). */
export function OwnerBadge({ owner, compact = false, wrap = false }: { owner: OwnerRef; compact?: boolean; wrap?: boolean }) {
  const code = owner.shortCode || owner.name;
  return (
    <Group gap={6} wrap="nowrap" align={wrap ? 'flex-start' : 'center'} title={owner.name}>
      {/* The short code is never cut; a long name gives way. */}
      <Box component="span" style={{ flex: 'none', display: 'inline-flex' }}>
        <ColorBadge color={owner.label === 'none' ? 'light' : owner.label} size="sm">
          {code}
        </ColorBadge>
      </Box>
      {!compact && (
        <Text span size="sm" truncate={!wrap}>
          {owner.name}
        </Text>
      )}
    </Group>
  );
}
