import { Box, Button, Center, Stack } from '@mantine/core';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageLoader } from '../components/FullPageLoader.tsx';
import { StatusPage } from '../components/StatusPage.tsx';
import { useCurrentUser } from '../features/account/api.ts';
import { AppFrame } from './frame/AppFrame.tsx';

/**
 * Wraps pages in the signed-in frame. With `requireLogin`, a visitor without a session goes to the
 * login page (and back here after signing in); without it (not found, access denied) the page
 * shows bare.
 */
export function FrameLayout({ requireLogin = false }: { requireLogin?: boolean }) {
  const { token, user, query } = useCurrentUser();
  const location = useLocation();

  if (!token) {
    if (requireLogin) return <Navigate to="/" replace state={{ from: `${location.pathname}${location.search}` }} />;
    return (
      <Center mih="100vh" p="md">
        <Box w="100%" maw={640}>
          <Outlet />
        </Box>
      </Center>
    );
  }
  if (!user) {
    if (!query.isError) return <FullPageLoader label="Loading your account" />;
    return (
      <StatusPage title="Your account could not be loaded" actionTo="/" actionLabel="Go to start page">
        <Stack component="span" gap="sm" align="center">
          {query.error.message}
          <Button variant="default" onClick={() => query.refetch()}>
            Try again
          </Button>
        </Stack>
      </StatusPage>
    );
  }
  return (
    <AppFrame user={user}>
      <Outlet />
    </AppFrame>
  );
}
