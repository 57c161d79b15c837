import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { messages } from '@portal/contract';
import type { ReactNode } from 'react';

/**
 * The spec's delete confirmation (section 8): 'Confirm delete' over what will happen (by default
 * 'This cannot be undone'), a red confirm button ('Delete' unless told) and Cancel.
 */
export function openDeleteConfirm({
  text = messages.cannotBeUndone,
  confirm = 'Delete',
  onConfirm,
}: {
  text?: ReactNode;
  confirm?: string;
  onConfirm: () => unknown;
}) {
  modals.openConfirmModal({
    title: messages.confirmDelete,
    children: <Text size="sm">{text}</Text>,
    labels: { confirm, cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm: () => void onConfirm(),
  });
}
