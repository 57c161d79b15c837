import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { PASSWORD_MIN_LENGTH, setPasswordBody, userEndpoints, userMessages } from '@portal/contract';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../../lib/api/ApiError.ts';
import { useEndpointMutation } from '../../../lib/api/endpointQuery.ts';
import { zodMessage } from '../../../lib/forms/index.ts';
import { showErrorToast, showSuccessToast } from '../../../lib/notify.tsx';

interface SetPasswordDialogProps {
  userId: number;
  email: string;
  opened: boolean;
  onClose: () => void;
}

/** A SystemAdministrator sets a user's password: Save only when it has 8+ characters and is retyped equal. */
export function SetPasswordDialog({ userId, email, opened, onClose }: SetPasswordDialogProps) {
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The dialog shows failures itself.
  const setPassword = useEndpointMutation(userEndpoints.setPassword, { meta: { toastErrors: false } });
  // UI.md: dialogs go full screen under 768 px.
  const narrow = useMediaQuery('(max-width: 48em)');
  // The contract's rules: 8 characters or more, within the limit, retyped equal.
  const valid = zodMessage(setPasswordBody, { userId, newPassword, confirmPassword }) === null;

  const close = () => {
    setNewPassword('');
    setConfirmPassword('');
    setErrors({});
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    setPassword.mutate(
      { body: { userId, newPassword, confirmPassword } },
      {
        onSuccess: () => {
          showSuccessToast(userMessages.passwordSet);
          close();
        },
        onError: (failure) => {
          if (isApiError(failure))
            setErrors(Object.fromEntries(Object.entries(failure.fieldErrors).map(([field, list]) => [field, list.join(' ')])));
          showErrorToast(failure);
        },
      },
    );
  };

  const retypeDiffers = confirmPassword.length > 0 && confirmPassword !== newPassword;
  return (
    <Modal opened={opened} onClose={close} title="Set password" fullScreen={narrow}>
      <form onSubmit={submit} noValidate aria-label="Set password">
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            A new password for {email}. They are signed out everywhere and use it from their next sign-in.
          </Text>
          <PasswordInput
            label="New password"
            description={`At least ${PASSWORD_MIN_LENGTH} characters`}
            autoComplete="new-password"
            data-autofocus
            value={newPassword}
            onChange={(event) => setNewPassword(event.currentTarget.value)}
            error={errors.newPassword}
          />
          <PasswordInput
            label="Retype password"
            autoComplete="new-password"
            value={confirmPassword}
            onChange={(event) => setConfirmPassword(event.currentTarget.value)}
            error={errors.confirmPassword ?? (retypeDiffers ? userMessages.passwordsDiffer : undefined)}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={!valid} loading={setPassword.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
