import { ActionIcon, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { type EquipmentDetail, equipmentMessages, messages } from '@portal/contract';
import { IconTrash } from '@tabler/icons-react';
import { ChipCodeField } from '../../../components/ChipCodeField.tsx';
import { openDeleteConfirm } from '../../../components/openDeleteConfirm.tsx';
import { formatDate } from '../../../lib/format.ts';
import { showSuccessToast } from '../../../lib/notify.tsx';
import { useAddChip, useRemoveChip } from '../api.ts';

/**
 * The item's chips, and for Events level the shared chip field (ChipCodeField: typed or scanned,
 * refusals of spec section 8 under it). Removing a chip is confirmed.
 */
export function ChipsPanel({ item, canEdit }: { item: EquipmentDetail; canEdit: boolean }) {
  const addChip = useAddChip();
  const removeChip = useRemoveChip();

  const confirmRemove = (chipId: string) =>
    openDeleteConfirm({
      text: (
        <>
          Chip {chipId} will be taken off {item.stampedId}. {messages.cannotBeUndone}.
        </>
      ),
      confirm: 'Remove',
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
          <ChipCodeField
            label="Add chip"
            submitLabel="Add"
            pending={addChip.isPending}
            onSubmit={(chipId) =>
              addChip
                .mutateAsync({ body: { chipId, stampedId: item.stampedId } })
                .then(() => showSuccessToast(messages.addedChip(chipId, item.stampedId)))
            }
          />
        )}
      </Stack>
    </Paper>
  );
}
