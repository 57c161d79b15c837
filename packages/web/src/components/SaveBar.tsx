import { Button, Group, Paper, Text } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import classes from './SaveBar.module.css';

/**
 * The editors' save bar, sticky at the bottom so Save stays in reach on a long form: 'Unsaved
 * changes' while dirty, Cancel, and Save (the form's submit button). Toasts move up above it
 * (SaveBar.module.css), so none ever covers Save.
 */
export function SaveBar({ dirty, saving, onCancel }: { dirty: boolean; saving: boolean; onCancel: () => void }) {
  return (
    <Paper
      className={classes.bar}
      withBorder
      radius="sm"
      p="xs"
      mt="md"
      shadow="sm"
      style={{ position: 'sticky', bottom: 'var(--mantine-spacing-xs)', zIndex: 3 }}
      aria-label="Save bar"
      component="section"
    >
      <Group justify="flex-end" gap="xs">
        {dirty && (
          <Text size="sm" c="dimmed" mr="auto">
            Unsaved changes
          </Text>
        )}
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" leftSection={<IconDeviceFloppy size={16} aria-hidden />} loading={saving}>
          Save
        </Button>
      </Group>
    </Paper>
  );
}
