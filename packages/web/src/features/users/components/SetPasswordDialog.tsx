import { PasswordInput, Text } from '@mantine/core';
import { PASSWORD_MIN_LENGTH, setPasswordBody, userEndpoints, userMessages } from '@portal/contract';
import { type FormEvent, useState } from 'react';
import { EditDialog } from '../../../components/EditDialog.tsx';
import { isApiError } from '../../../lib/api/ApiError.ts';
import { useEndpointMutation } from '../../../lib/api/mutation.ts';
import { zodMessage } from '../../../lib/forms/index.ts';
import { showErrorToast, showSuccessToast } from '../../../lib/notify.tsx';

const labels = { newPassword: 'New password', confirmPassword: 'Retype password' } as const;

interface SetPasswordDialogProps {
  userId: number;
  email: string;
  onClose: () => void;
}

/**
 * A SystemAdministrator sets a user's password: Save only when it has 8+ characters and is retyped
 * equal. Mounted while open (its address is `?dialog=password`), so each opening starts empty.
 */
export function SetPasswordDialog({ userId, email, onClose }: SetPasswordDialogProps) {
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  // POST /Account/SetPassword; the dialog shows failures itself.
  const setPassword = useEndpointMutation(userEndpoints.setPassword, { meta: { toastErrors: false } });
  // The contract's rules: 8 characters or more, within the limit, retyped equal.
  const valid = zodMessage(setPasswordBody, { userId, newPassword, confirmPassword }) === null;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!valid) return;
    setPassword.mutate(
      { body: { userId, newPassword, confirmPassword } },
      {
        onSuccess: () => {
          showSuccessToast(userMessages.passwordSet);
          onClose();
        },
        // The call is quiet (toastErrors: false): messages go under the fields, and one toast names them.
        onError: (failure) => {
          const fieldErrors = isApiError(failure) ? failure.fieldErrors : {};
          setErrors(Object.fromEntries(Object.entries(fieldErrors).map(([field, list]) => [field, list.join(' ')])));
          showErrorToast(failure, { fieldLabels: labels, shownUnderFields: Object.keys(labels) });
        },
      },
    );
  };

  const retypeDiffers = confirmPassword.length > 0 && confirmPassword !== newPassword;
  return (
    <EditDialog title="Set password" onClose={onClose} onSubmit={submit} saving={setPassword.isPending} saveDisabled={!valid}>
      <Text size="sm" c="dimmed">
        A new password for {email}. They are signed out everywhere and use it from their next sign-in.
      </Text>
      <PasswordInput
        label={labels.newPassword}
        description={`At least ${PASSWORD_MIN_LENGTH} characters`}
        autoComplete="new-password"
        data-autofocus
        value={newPassword}
        onChange={(event) => setNewPassword(event.currentTarget.value)}
        error={errors.newPassword}
      />
      <PasswordInput
        label={labels.confirmPassword}
        autoComplete="new-password"
        value={confirmPassword}
        onChange={(event) => setConfirmPassword(event.currentTarget.value)}
        error={errors.confirmPassword ?? (retypeDiffers ? userMessages.passwordsDiffer : undefined)}
      />
    </EditDialog>
  );
}
