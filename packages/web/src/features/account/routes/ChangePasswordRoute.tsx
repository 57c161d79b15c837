import { Button, Group, Paper, PasswordInput, Stack, Text } from '@mantine/core';
import { accountEndpoints, messages } from '@portal/contract';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { isApiError } from '../../../lib/api/ApiError.ts';
import { useEndpointMutation } from '../../../lib/api/mutation.ts';
import { showSuccessToast } from '../../../lib/notify.tsx';
import { useSignedInUser } from '../../../lib/signedInUser.tsx';
import { InspectorProfileCard } from '../components/InspectorProfileCard.tsx';
import { type NewPassword, NewPasswordFields, newPasswordReady } from '../components/NewPasswordFields.tsx';
import { homePath } from '../homePath.ts';

/**
 * /Changepassword: old, new and retyped password. Success toasts 'Password reset' and goes home; a
 * failure shows the server's message in red (spec section 8). Other sessions of the user end.
 */
export function ChangePasswordRoute() {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const [oldPassword, setOldPassword] = useState('');
  const [value, setValue] = useState<NewPassword>({ newPassword: '', confirmPassword: '' });
  const change = useEndpointMutation(accountEndpoints.changePassword, {
    meta: { toastErrors: false },
    onSuccess: () => {
      showSuccessToast(messages.passwordChanged);
      navigate(homePath(user));
    },
  });
  const ready = oldPassword.length > 0 && newPasswordReady(value);
  const fieldErrors = isApiError(change.error) ? change.error.fieldErrors : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready) change.mutate({ body: { oldPassword, ...value } });
  };

  return (
    <Stack maw={720}>
      <PageHeader title="Change password" />
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" maw={480}>
        <form onSubmit={submit} noValidate aria-label="Change password">
          <Stack gap="md">
            <PasswordInput
              label="Old password"
              name="oldPassword"
              autoComplete="current-password"
              autoFocus
              value={oldPassword}
              onChange={(event) => setOldPassword(event.currentTarget.value)}
              // Marked invalid; the server's message shows once, in red below.
              error={fieldErrors.oldPassword ? true : undefined}
            />
            <NewPasswordFields value={value} onChange={setValue} errors={fieldErrors} />
            {change.isError && (
              <Text c="red" size="sm" role="alert">
                {change.error.message}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => navigate(-1)}>
                Cancel
              </Button>
              <Button type="submit" disabled={!ready} loading={change.isPending}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <InspectorProfileCard />
    </Stack>
  );
}
