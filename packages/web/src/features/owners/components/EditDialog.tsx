import { Button, Group, Modal, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';

interface EditDialogProps {
  opened: boolean;
  title: string;
  onClose: () => void;
  onSubmit: (event?: React.FormEvent<HTMLFormElement>) => void;
  saving: boolean;
  children: ReactNode;
}

/** The add/edit modal of the owner screens: full screen under 768 px (UI.md), Enter saves, Esc closes. */
export function EditDialog({ opened, title, onClose, onSubmit, saving, children }: EditDialogProps) {
  const narrow = useMediaQuery('(max-width: 48em)');
  return (
    <Modal opened={opened} onClose={onClose} title={title} fullScreen={narrow} size="md" centered={!narrow}>
      <form onSubmit={onSubmit} noValidate aria-label={title}>
        <Stack gap="md">
          {children}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
