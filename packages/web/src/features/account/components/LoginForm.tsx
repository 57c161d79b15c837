import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { loginBody } from '@portal/contract';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { isApiError } from '../../../lib/api/ApiError.ts';
import { useValidatedForm, zodRules } from '../../../lib/forms/index.ts';
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
    // Required and the limits (320, 1024) come from the login body the server checks, with its messages.
    rules: zodRules(loginBody, ['username', 'password']),
  });

  const submit = onSave((values) =>
    login.mutateAsync(values).catch((error: unknown) => {
      if (!isApiError(error)) return;
      if (error.status === 401) {
        // Spec section 8: a failed login marks both fields invalid; the server says why.
        form.setErrors({ username: true, password: error.message });
      } else if (error.hasFieldErrors) {
        applyServerErrors(error);
        showErrorToast(error);
      }
    }),
  );

  // 401 and field errors are shown on the fields; anything else (offline, locked out) up here.
  const formError = isApiError(login.error) && login.error.status !== 401 && !login.error.hasFieldErrors ? login.error : null;

  return (
    <form onSubmit={submit} noValidate aria-label="Sign in">
      <Stack gap="md">
        {formError && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} title={formError.title} role="alert">
            {formError.message}
          </Alert>
        )}
        <TextInput label="Username" name="username" autoComplete="username" required autoFocus {...form.getInputProps('username')} />
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
