import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router';
import { setUnauthorizedHandler } from '../lib/api/client.ts';
import { routes } from './routes.tsx';

export function createAppRouter(queryClient: QueryClient) {
  const router = createBrowserRouter(routes);
  // Any 401 (expired or revoked token) drops cached data and returns to the login page.
  setUnauthorizedHandler(() => {
    queryClient.clear();
    void router.navigate('/', { replace: true });
  });
  return router;
}
