import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { EquipmentDetail } from '@portal/contract';
import { ColorBadge } from '../../../components/ColorBadge.tsx';

/** The item's tags (imported labels by stamped id) as badges in their colours, always with their names. */
export function TagsPanel({ tags }: { tags: EquipmentDetail['tags'] }) {
  return (
    <Paper withBorder p="md" radius="sm">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Tags
        </Title>
        {tags.length === 0 ? (
          <Text size="sm" c="dimmed">
            No tags.
          </Text>
        ) : (
          <Group gap={6} aria-label="Tags">
            {tags.map((tag) => (
              <ColorBadge key={tag.id} color={tag.color}>
                {tag.tag}
              </ColorBadge>
            ))}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
