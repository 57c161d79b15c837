import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { CHIP_CODE_PATTERN, SCAN_CODE_LENGTH, type UserDetail, userMessages } from '@portal/contract';
import { IconNfc, IconNfcOff } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../../lib/api/ApiError.ts';
import { showErrorToast, showSuccessToast } from '../../../lib/notify.tsx';
import { useRemoveUserChip, useSetUserChip } from '../api.ts';

/**
 * The user's chip (a sign-in card): add one by typing or scanning its 16-character code into the
 * field, or remove it. A refusal (chip on equipment or on another user) shows under the field.
 */
export function UserChipPanel({ user }: { user: UserDetail }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const setChip = useSetUserChip();
  const removeChip = useRemoveUserChip();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chipId = code.trim();
    if (!CHIP_CODE_PATTERN.test(chipId)) {
      setError(userMessages.chipCode);
      return;
    }
    setChip.mutate(
      { params: { userId: user.id, chipId } },
      {
        onSuccess: () => {
          setCode('');
          showSuccessToast(userMessages.chipAdded(chipId));
        },
        onError: (failure) => {
          setError(isApiError(failure) ? (failure.fieldErrors.chipId?.join(' ') ?? failure.message) : String(failure));
          showErrorToast(failure, {
            fieldLabels: { chipId: user.chipId ? 'Replace with chip' : 'Add chip' },
            shownUnderFields: ['chipId'],
          });
        },
      },
    );
  };

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
              onClick={() =>
                removeChip.mutate({ params: { id: user.id } }, { onSuccess: () => showSuccessToast(userMessages.chipRemoved) })
              }
            >
              Remove chip
            </Button>
          )}
        </Group>
        <form onSubmit={submit} noValidate aria-label="Add chip">
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              label={user.chipId ? 'Replace with chip' : 'Add chip'}
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
            <Button type="submit" mt={25} variant="default" leftSection={<IconNfc size={16} />} loading={setChip.isPending}>
              {user.chipId ? 'Replace' : 'Add'}
            </Button>
          </Group>
        </form>
      </Stack>
    </Paper>
  );
}
