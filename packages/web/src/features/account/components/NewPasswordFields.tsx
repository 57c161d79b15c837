import { PasswordInput } from '@mantine/core';
import { PASSWORD_MIN_LENGTH, userMessages } from '@portal/contract';

export interface NewPassword {
  newPassword: string;
  confirmPassword: string;
}

/** Spec section 5: the new password has 8+ characters and is retyped equal; Save waits for both. */
export const newPasswordReady = ({ newPassword, confirmPassword }: NewPassword) =>
  newPassword.length >= PASSWORD_MIN_LENGTH && newPassword === confirmPassword;

/** New password and its retype, with the hint and the mismatch shown as the user types. */
export function NewPasswordFields({
  value,
  onChange,
  errors = {},
  autoFocus = false,
}: {
  value: NewPassword;
  onChange: (value: NewPassword) => void;
  errors?: Record<string, string[]>;
  autoFocus?: boolean;
}) {
  const retypeDiffers = value.confirmPassword.length > 0 && value.confirmPassword !== value.newPassword;
  return (
    <>
      <PasswordInput
        label="New password"
        name="newPassword"
        description={`At least ${PASSWORD_MIN_LENGTH} characters`}
        autoComplete="new-password"
        autoFocus={autoFocus}
        value={value.newPassword}
        onChange={(event) => onChange({ ...value, newPassword: event.currentTarget.value })}
        error={errors.newPassword?.join(' ')}
      />
      <PasswordInput
        label="Retype password"
        name="confirmPassword"
        autoComplete="new-password"
        value={value.confirmPassword}
        onChange={(event) => onChange({ ...value, confirmPassword: event.currentTarget.value })}
        error={errors.confirmPassword?.join(' ') ?? (retypeDiffers ? userMessages.passwordsDiffer : undefined)}
      />
    </>
  );
}
