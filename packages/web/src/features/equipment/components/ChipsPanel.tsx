import { ActionIcon, Button, Group, Paper, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { CHIP_CODE_PATTERN, type EquipmentDetail, equipmentMessages, messages, SCAN_CODE_LENGTH, userMessages } from '@portal/contract';
import { IconNfc, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../../lib/api/ApiError.ts';
import { formatDate } from '../../../lib/format.ts';
import { showErrorToast, showSuccessToast } from '../../../lib/notify.tsx';
import { useAddChip, useRemoveChip } from '../api.ts';

/**
 * The item's chips, and for Events level an Add chip field: a keyboard-wedge scanner types the
 * 16-character code and Enter, so the field adds on Enter. Refusals (spec section 8) show under it.
 */
export function ChipsPanel({ item, canEdit }: { item: EquipmentDetail; canEdit: boolean }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const addChip = useAddChip();
  const removeChip = useRemoveChip();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chipId = code.trim();
    if (!CHIP_CODE_PATTERN.test(chipId)) {
      setError(userMessages.chipCode);
      return;
    }
    addChip.mutate(
      { body: { chipId, stampedId: item.stampedId } },
      {
        onSuccess: () => {
          setCode('');
          showSuccessToast(messages.addedChip(chipId, item.stampedId));
        },
        onError: (failure) => {
          const field = isApiError(failure) ? (failure.fieldErrors.chipId ?? failure.fieldErrors.stampedId) : undefined;
          setError(field?.join(' ') ?? (failure instanceof Error ? failure.message : String(failure)));
          if (!field) showErrorToast(failure);
        },
      },
    );
  };

  const confirmRemove = (chipId: string) =>
    modals.openConfirmModal({
      title: messages.confirmDelete,
      children: (
        <Text size="sm">
          Chip {chipId} will be taken off {item.stampedId}. {messages.cannotBeUndone}.
        </Text>
      ),
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        removeChip.mutate({ params: { id: chipId } }, { onSuccess: () => showSuccessToast(equipmentMessages.chipRemoved(chipId)) }),
    });

  return (
    <Paper withBorder p="md" radius="sm">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Chips
        </Title>
        {item.chips.length === 0 ? (
          <Text size="sm" c="dimmed">
            No chips{canEdit ? '. Scan or type a chip code below to add one.' : '.'}
          </Text>
        ) : (
          <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Chips">
            {item.chips.map((chip) => (
              <Group key={chip.chipId} component="li" justify="space-between" wrap="nowrap" gap="xs">
                <div>
                  <Text ff="monospace" fw={600} size="sm">
                    {chip.chipId}
                  </Text>
                  <Text size="xs" c="dimmed">
                    Added {formatDate(chip.dateRegistered)}
                    {chip.createdBy ? ` by ${chip.createdBy}` : ''}
                  </Text>
                </div>
                {canEdit && (
                  <Tooltip label="Remove chip">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove chip ${chip.chipId}`}
                      onClick={() => confirmRemove(chip.chipId)}
                      loading={removeChip.isPending && removeChip.variables?.params.id === chip.chipId}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
            ))}
          </Stack>
        )}
        {canEdit && (
          <form onSubmit={submit} noValidate aria-label="Add chip">
            <Group gap="xs" align="flex-start" wrap="nowrap">
              <TextInput
                label="Add chip"
                placeholder="Chip code"
                autoComplete="off"
                maxLength={SCAN_CODE_LENGTH}
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                value={code}
                onChange={(event) => {
                  setCode(event.currentTarget.value);
                  setError(null);
                }}
                error={error}
                style={{ flex: 1 }}
              />
              <Button type="submit" mt={25} variant="default" leftSection={<IconNfc size={16} />} loading={addChip.isPending}>
                Add
              </Button>
            </Group>
          </form>
        )}
      </Stack>
    </Paper>
  );
}
