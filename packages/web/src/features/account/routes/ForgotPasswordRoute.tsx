import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { accountEndpoints, forgotPasswordBody } from '@portal/contract';
import { IconMailCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { useEndpointMutation } from '../../../lib/api/mutation.ts';
import { useValidatedForm, zodRules } from '../../../lib/forms/index.ts';
import { AccountCard } from '../components/AccountCard.tsx';
import { ErrorDetails } from '../components/ErrorDetails.tsx';

/**
 * /ForgotPassword: a username (alias) or email; the server mails a reset link when it knows the
 * user and answers the same either way, so this page cannot tell who has an account.
 */
export function ForgotPasswordRoute() {
  usePageTitle('Forgot password');
  const forgot = useEndpointMutation(accountEndpoints.forgotPassword, { meta: { toastErrors: false } });
  const { form, onSave } = useValidatedForm({
    initialValues: { username: '' },
    // 'Username missing or too short' under 3 characters (spec section 5), from the server's rule.
    rules: zodRules(forgotPasswordBody, ['username']),
  });
  const submit = onSave((values) => forgot.mutate({ body: values }));

  return (
    <AccountCard title="Forgot your password?" intro="Enter your username or email. We mail you a link to choose a new password.">
      {forgot.isSuccess ? (
        <Stack gap="md">
          <Alert color="green" icon={<IconMailCheck size={18} />} role="status">
            {forgot.data.message}
          </Alert>
          <Button component={Link} to="/" variant="default">
            Back to sign in
          </Button>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate aria-label="Forgot password">
          <Stack gap="md">
            {forgot.isError && <ErrorDetails error={forgot.error} />}
            <TextInput
              label="Username or email"
              name="username"
              autoComplete="username"
              required
              autoFocus
              {...form.getInputProps('username')}
            />
            <Button type="submit" fullWidth loading={forgot.isPending}>
              Send reset link
            </Button>
            <Anchor component={Link} to="/" size="sm" ta="center">
              Back to sign in
            </Anchor>
          </Stack>
        </form>
      )}
    </AccountCard>
  );
}
