import type { QueryClient } from '@tanstack/react-query';
import { matchRoutes } from 'react-router';
import { currentUserQuery } from '../features/account/api.ts';
import { getToken } from '../lib/session.ts';
import { preloadFrame } from './FrameLayout.tsx';
import type { Page } from './pages.tsx';
import { routes } from './routes.tsx';

/**
 * On a full load of a signed-in page, starts at once, side by side, what the page would otherwise ask
 * for one after another: the current user, the frame's code and the page's code. As a chain they cost
 * three round trips and the parsing between them before the page can even ask for its rows
 * (docs/ui.md "First rows on a phone").
 */
export function startFirstLoad(queryClient: QueryClient) {
  const token = getToken();
  if (!token) return;
  void queryClient.prefetchQuery(currentUserQuery(token));
  void preloadFrame();
  for (const match of matchRoutes(routes, window.location) ?? []) {
    const page = match.route.handle as Page | undefined;
    void page?.Component.preload();
  }
}
