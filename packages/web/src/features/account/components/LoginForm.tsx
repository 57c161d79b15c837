import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { accountMessages, CHIP_LOGIN_PASSWORD } from '@portal/contract';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../../lib/api/ApiError.ts';
import { lazyZodRules } from '../../../lib/forms/lazyZodRules.ts';
import { useValidatedForm } from '../../../lib/forms/useValidatedForm.ts';
import { SCAN_TARGET_ATTRIBUTE, useKeyboardScanner } from '../../../lib/keyboardScanner.ts';
import { showErrorToast } from '../../../lib/notify.tsx';
import { useLogin } from '../api.ts';

interface LoginValues {
  username: string;
  password: string;
}

export function LoginForm() {
  const login = useLogin();
  const { form, onSave, applyServerErrors } = useValidatedForm<LoginValues>({
    initialValues: { username: '', password: '' },
    // Required and the limits (320, 1024) come from the login body the server checks, with its messages;
    // the schema loads at the first check, so the login page's first paint needs no zod (decision 043).
    rules: lazyZodRules(async () => (await import('../loginSchema.ts')).loginBody, ['username', 'password']),
  });

  // A chip scan signs in with the code and the fixed password (spec section 7; the chip is the credential).
  const [chipFailed, setChipFailed] = useState<string | null>(null);
  useKeyboardScanner(({ code }) => {
    if (login.isPending) return;
    // The scanner typed the code into the username field too: clear it, it is not a username (after
    // this key press has put its character in, which happens after the key's handlers).
    setTimeout(() => form.reset(), 0);
    setChipFailed(null);
    login.mutateAsync({ username: code, password: CHIP_LOGIN_PASSWORD }).catch((error: unknown) => {
      setChipFailed(
        isApiError(error) && error.status === 401
          ? accountMessages.chipNotRegistered
          : error instanceof Error
            ? error.message
            : String(error),
      );
    });
  });

  const submit = onSave((values) => {
    setChipFailed(null);
    return login.mutateAsync(values).catch((error: unknown) => {
      if (!isApiError(error)) return;
      if (error.status === 401) {
        // Spec section 8: a failed login marks both fields invalid; the server says why.
        form.setErrors({ username: true, password: error.message });
      } else if (error.hasFieldErrors) {
        applyServerErrors(error);
        showErrorToast(error);
      }
    });
  });

  // 401 and field errors are shown on the fields; anything else (offline, locked out) up here.
  const formError =
    !chipFailed && isApiError(login.error) && login.error.status !== 401 && !login.error.hasFieldErrors ? login.error : null;

  return (
    <form onSubmit={submit} noValidate aria-label="Sign in">
      <Stack gap="md">
        {chipFailed && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} title="Chip sign-in failed" role="alert">
            {chipFailed}
          </Alert>
        )}
        {formError && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} title={formError.title} role="alert">
            {formError.message}
          </Alert>
        )}
        <TextInput
          label="Username"
          name="username"
          autoComplete="username"
          required
          autoFocus
          description="Or scan your chip"
          {...{ [SCAN_TARGET_ATTRIBUTE]: true }}
          {...form.getInputProps('username')}
        />
        <PasswordInput label="Password" name="password" autoComplete="current-password" required {...form.getInputProps('password')} />
        <Button type="submit" fullWidth loading={login.isPending}>
          Sign in
        </Button>
        <Anchor component={Link} to="/ForgotPassword" size="sm" ta="center">
          Forgot your password?
        </Anchor>
      </Stack>
    </form>
  );
}
