import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { startFirstLoad } from './app/firstLoad.ts';
import { Providers } from './app/providers.tsx';
import { createAppRouter } from './app/router.ts';
import { createQueryClient } from './lib/queryClient.ts';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
startFirstLoad(queryClient);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The first render is a transition, so React renders it in slices of a few milliseconds and the page
// stays responsive while it mounts (no long task on a slow phone: Lighthouse's total blocking time).
const reactRoot = createRoot(root);
startTransition(() => {
  reactRoot.render(
    <StrictMode>
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
});
