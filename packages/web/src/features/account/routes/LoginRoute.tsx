import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAnchor } from '@tabler/icons-react';
import { Navigate, useLocation } from 'react-router';
import { FrameSkeleton } from '../../../components/FrameSkeleton.tsx';
import { PRODUCT_NAME, usePageTitle } from '../../../components/usePageTitle.ts';
import { endSession } from '../../../lib/session.ts';
import { useCurrentUser } from '../api.ts';
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
    <Center component="main" mih="100vh" p="md" bg="deepSea.9">
      <Paper w="100%" maw={400} p={{ base: 'lg', sm: 'xl' }} radius="md" shadow="xl">
        <Stack gap="lg">
          <Stack gap={6} align="center" ta="center">
            <IconAnchor size={40} stroke={1.5} color="var(--mantine-color-deepSea-7)" aria-hidden />
            <Title order={1} size="h3">
              {PRODUCT_NAME}
            </Title>
            <Text size="sm" c="dimmed">
              Sign in to track mooring and rigging equipment, events and certificates.
            </Text>
          </Stack>
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
        </Stack>
      </Paper>
    </Center>
  );
}
