import type { QueryClient } from '@tanstack/react-query';
import { matchRoutes } from 'react-router';
import { currentUserQuery } from '../features/account/api.ts';
import { mayOpen } from '../lib/pageAccess.tsx';
import { getToken } from '../lib/session.ts';
import { preloadFrame } from './FrameLayout.tsx';
import type { Page } from './pages.tsx';
import { routes } from './routes.tsx';

/**
 * On a full load of a signed-in page, starts at once, side by side, what the page would otherwise ask
 * for one after another: the current user, the frame's code and the page's code. As a chain they cost
 * three round trips and the parsing between them before the page can even ask for its rows
 * (docs/ui.md "First rows on a phone"). Once the user and the page's code are in, the page's first read
 * starts too (its `prefetch`), while the frame and the page render.
 */
export function startFirstLoad(queryClient: QueryClient) {
  const token = getToken();
  if (!token) return;
  const user = queryClient.fetchQuery(currentUserQuery(token));
  void preloadFrame();
  const { pathname, search } = window.location;
  for (const match of matchRoutes(routes, window.location) ?? []) {
    const page = match.route.handle as Page | undefined;
    if (!page) continue;
    void page.Component.preload();
    user
      .then((signedIn) =>
        mayOpen(signedIn, page)
          ? page.Component.prefetch({ queryClient, user: signedIn, params: match.params, pathname, search: new URLSearchParams(search) })
          : undefined,
      )
      // The frame shows a failed user; a failed page read is the page's own to show.
      .catch(() => {});
  }
}
