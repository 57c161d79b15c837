import { Alert, Button, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { messages } from '@portal/contract';
import { IconRefresh } from '@tabler/icons-react';

/**
 * A save over a newer version (409) in the event form and the certificate editor: the server's message
 * and a Reload button; with unsaved changes Reload asks first ('Continue without saving?').
 */
export function ConflictAlert({
  title,
  message,
  dirty,
  onReload,
}: {
  title: string;
  message: string;
  dirty: boolean;
  onReload: () => void;
}) {
  const reload = () => {
    if (!dirty) return onReload();
    modals.openConfirmModal({
      title: messages.continueWithoutSaving,
      children: <Text size="sm">{messages.allChangesLost}</Text>,
      labels: { confirm: 'Reload', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: onReload,
    });
  };
  return (
    <Alert color="orange" variant="light" mb="md" title={title} role="alert">
      <Text size="sm">{message}</Text>
      <Button mt="sm" size="xs" variant="white" color="orange" leftSection={<IconRefresh size={14} aria-hidden />} onClick={reload}>
        Reload
      </Button>
    </Alert>
  );
}
