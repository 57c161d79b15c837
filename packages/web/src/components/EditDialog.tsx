import { Button, Group, Modal, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useDialogLayout } from './useNarrow.ts';

interface EditDialogProps {
  title: string;
  onClose: () => void;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  /** The save is under way: Save shows it is busy. */
  saving: boolean;
  /** Save stays disabled (e.g. until a password is retyped). */
  saveDisabled?: boolean;
  saveLabel?: string;
  /** Mount the dialog per entry and leave it open; `opened` is for a dialog that stays mounted. */
  opened?: boolean;
  children: ReactNode;
}

/**
 * The one add/edit dialog: a modal titled for what it edits, a form body, Cancel and Save (busy while
 * saving). Enter saves, Esc and Cancel close, and under 768 px it fills the screen. Open it from the
 * address with useEditParam/useDialogParam, so that the back button closes it and a link opens it.
 */
export function EditDialog({
  title,
  onClose,
  onSubmit,
  saving,
  saveDisabled,
  saveLabel = 'Save',
  opened = true,
  children,
}: EditDialogProps) {
  const layout = useDialogLayout();
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="md" {...layout}>
      <form onSubmit={onSubmit} noValidate aria-label={title}>
        <Stack gap="md">
          {children}
          <Group justify="flex-end" gap="xs" mt="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving} disabled={saveDisabled}>
              {saveLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
