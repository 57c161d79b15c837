import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { accountEndpoints, accountMessages, messages } from '@portal/contract';
import { IconCircleCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { isApiError } from '../../../lib/api/ApiError.ts';
import { useEndpointMutation } from '../../../lib/api/mutation.ts';
import { parseId } from '../../../lib/routeIds.ts';
import { AccountCard } from '../components/AccountCard.tsx';
import { ErrorDetails } from '../components/ErrorDetails.tsx';
import { type NewPassword, NewPasswordFields, newPasswordReady } from '../components/NewPasswordFields.tsx';

/**
 * /ResetPassword/{userId}/{code} (the link of the forgot-password and the welcome mail) and
 * /ResetPassword?userId=&code=. Save is enabled once the new password is 8+ characters and retyped.
 */
export function ResetPasswordRoute() {
  usePageTitle('Reset password');
  const params = useParams();
  const [search] = useSearchParams();
  const userId = parseId(params.userId ?? search.get('userId') ?? '');
  const code = params.code ?? search.get('code') ?? '';
  const [value, setValue] = useState<NewPassword>({ newPassword: '', confirmPassword: '' });
  const reset = useEndpointMutation(accountEndpoints.resetPassword, { meta: { toastErrors: false } });
  const ready = newPasswordReady(value);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready && userId !== null) reset.mutate({ body: { userId, code, ...value } });
  };
  const fieldErrors = isApiError(reset.error) ? reset.error.fieldErrors : {};

  return (
    <AccountCard title="Choose a new password" intro="Enter a new password of at least 8 characters, twice.">
      {userId === null || !code ? (
        <Stack gap="md">
          <Alert color="red" role="alert">
            {accountMessages.resetLinkIncomplete}
          </Alert>
          <Button component={Link} to="/ForgotPassword" variant="default">
            Ask for a new link
          </Button>
        </Stack>
      ) : reset.isSuccess ? (
        <Stack gap="md">
          <Alert color="green" icon={<IconCircleCheck size={18} />} role="status">
            {messages.passwordWasReset}
          </Alert>
          <Button component={Link} to="/">
            Sign in
          </Button>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate aria-label="Reset password">
          <Stack gap="md">
            {reset.isError && <ErrorDetails error={reset.error} />}
            <NewPasswordFields value={value} onChange={setValue} errors={fieldErrors} autoFocus />
            <Button type="submit" fullWidth disabled={!ready} loading={reset.isPending}>
              Save
            </Button>
            <Anchor component={Link} to="/ForgotPassword" size="sm" ta="center">
              Ask for a new link
            </Anchor>
          </Stack>
        </form>
      )}
    </AccountCard>
  );
}
