import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { messages, type UserDetail, userMessages } from '@portal/contract';
import { IconNfcOff } from '@tabler/icons-react';
import { ChipCodeField } from '../../../components/ChipCodeField.tsx';
import { showSuccessToast } from '../../../lib/notify.tsx';
import { useRemoveUserChip, useSetUserChip } from '../api.ts';

/**
 * The user's chip (a sign-in card): add or replace it by typing or scanning its code into the shared
 * chip field, or remove it after confirming (every destructive action is confirmed, docs/ui.md).
 */
export function UserChipPanel({ user }: { user: UserDetail }) {
  const setChip = useSetUserChip();
  const removeChip = useRemoveUserChip();

  const confirmRemove = (chipId: string) =>
    modals.openConfirmModal({
      title: messages.confirmDelete,
      children: (
        <Text size="sm">
          Chip {chipId} will be taken off {user.email}, who can then no longer sign in with it. {messages.cannotBeUndone}.
        </Text>
      ),
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => removeChip.mutate({ params: { id: user.id } }, { onSuccess: () => showSuccessToast(userMessages.chipRemoved) }),
    });

  return (
    <Paper withBorder p="md" radius="sm">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Chip
        </Title>
        <Group justify="space-between" gap="xs">
          <Text size="sm">
            {user.chipId ? (
              <>
                Current chip:{' '}
                <Text span ff="monospace" fw={600} data-testid="user-chip">
                  {user.chipId}
                </Text>
              </>
            ) : (
              <Text span c="dimmed" size="sm">
                No chip
              </Text>
            )}
          </Text>
          {user.chipId && (
            <Button
              variant="light"
              color="red"
              size="xs"
              leftSection={<IconNfcOff size={14} />}
              loading={removeChip.isPending}
              onClick={() => confirmRemove(user.chipId!)}
            >
              Remove chip
            </Button>
          )}
        </Group>
        <ChipCodeField
          label={user.chipId ? 'Replace with chip' : 'Add chip'}
          submitLabel={user.chipId ? 'Replace' : 'Add'}
          pending={setChip.isPending}
          onSubmit={(chipId) =>
            setChip.mutateAsync({ params: { userId: user.id, chipId } }).then(() => showSuccessToast(userMessages.chipAdded(chipId)))
          }
        />
      </Stack>
    </Paper>
  );
}
