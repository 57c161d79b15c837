import { Box, Button, Center, Group, Text, Title } from '@mantine/core';
import { Suspense, useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { FrameSkeleton } from '../components/FrameSkeleton.tsx';
import { useCurrentUser } from '../features/account/api.ts';
import { endSession } from '../lib/session.ts';
import { lazyPage, type Preloadable } from './lazyPage.ts';
import type { Page } from './pages.tsx';

// The frame (top bar, menus, search) and its styles load with the first signed-in page, not with the login page.
const AppFrame = lazyPage(() => import('./frame/AppFrame.tsx'), 'AppFrame');
/** Fetches the frame's code before the user is known (firstLoad.ts). */
export const preloadFrame = () => AppFrame.preload();

/**
 * Whether the frame's and the first page's code are in (or failed to load: then React.lazy reports it
 * as before). Until then the frame's skeleton shows as a plain render, not as a Suspense fallback: React
 * holds the commit that replaces a fallback until 300 ms after it showed, twice on a first load (the
 * frame, then the page). Only the first render waits here; later pages suspend in PageGate.
 */
function useFirstCodeIn(): boolean {
  const pages = useMatches().flatMap((match) => (match.handle ? [(match.handle as Page).Component] : []));
  const parts: Pick<Preloadable<object>, 'preload' | 'loaded'>[] = [AppFrame, ...pages];
  const [done, setDone] = useState(() => parts.every((part) => part.loaded()));
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the first render's parts; once done, it stays done
  useEffect(() => {
    if (done) return;
    let live = true;
    void Promise.allSettled(parts.map((part) => part.preload())).then(() => {
      if (live) setDone(true);
    });
    return () => {
      live = false;
    };
  }, [done]);
  return done;
}

/**
 * Wraps pages in the signed-in frame. With `requireLogin`, a visitor without a session goes to the
 * login page (and back here after signing in); without it (not found, access denied) the page
 * shows bare. While the user or the frame's code loads, the frame's skeleton shows.
 */
export function FrameLayout({ requireLogin = false }: { requireLogin?: boolean }) {
  const { token, user, query } = useCurrentUser();
  const location = useLocation();
  const codeIn = useFirstCodeIn();

  if (!token) {
    if (requireLogin) return <Navigate to="/" replace state={{ from: `${location.pathname}${location.search}` }} />;
    return (
      <Center component="main" mih="100vh" p="md">
        <Box w="100%" maw={640}>
          <Outlet />
        </Box>
      </Center>
    );
  }
  if (!user) {
    if (!query.isError) return <FrameSkeleton />;
    // Trying again is what usually helps (the server was busy or the network dropped); signing in
    // again is the way out when the session itself is the problem.
    return (
      <FrameSkeleton>
        <Box ta="center" py={64}>
          <Title order={1} size="h2">
            Your account could not be loaded
          </Title>
          <Text c="dimmed" mt="sm" role="alert">
            {query.error.message}
          </Text>
          <Group justify="center" mt="lg">
            <Button onClick={() => query.refetch()}>Try again</Button>
            <Button variant="default" onClick={endSession}>
              Sign in again
            </Button>
          </Group>
        </Box>
      </FrameSkeleton>
    );
  }
  if (!codeIn) return <FrameSkeleton />;
  return (
    <Suspense fallback={<FrameSkeleton />}>
      <AppFrame user={user}>
        <Outlet />
      </AppFrame>
    </Suspense>
  );
}
