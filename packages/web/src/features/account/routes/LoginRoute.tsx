import { Button, Stack, Text } from '@mantine/core';
import { Navigate, useLocation } from 'react-router';
import { FrameSkeleton } from '../../../components/FrameSkeleton.tsx';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { endSession } from '../../../lib/session.ts';
import { useCurrentUser } from '../api.ts';
import { AccountCard } from '../components/AccountCard.tsx';
import { LoginForm } from '../components/LoginForm.tsx';
import { homePath } from '../homePath.ts';

/** '/': the login page when logged out; otherwise on to the user's start page (spec section 2). */
export function LoginRoute() {
  const { token, user, query } = useCurrentUser();
  const location = useLocation();
  usePageTitle(token ? null : 'Sign in');

  if (token && user) {
    const from = (location.state as { from?: string } | null)?.from;
    return <Navigate to={from && from !== '/' ? from : homePath(user)} replace />;
  }
  // Signed in: the frame's outline shows until the user is known and their start page opens.
  if (token && !query.isError) return <FrameSkeleton label="Signing in" />;

  return (
    <AccountCard intro="Sign in to track mooring and rigging equipment, events and certificates.">
      {token && query.isError ? (
        <Stack gap="sm">
          <Text c="red" role="alert">
            {query.error.message}
          </Text>
          <Button onClick={() => query.refetch()}>Try again</Button>
          <Button variant="default" onClick={endSession}>
            Sign in as someone else
          </Button>
        </Stack>
      ) : (
        <LoginForm />
      )}
    </AccountCard>
  );
}
