import { type ReactElement, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { AccessDeniedPage } from '../components/AccessDeniedPage.tsx';
import { FullPageLoader } from '../components/FullPageLoader.tsx';
import { NotFoundPage } from '../components/NotFoundPage.tsx';
import { LoginRoute } from '../features/account/routes/LoginRoute.tsx';
import { ErrorPage } from './ErrorPage.tsx';
import { FrameLayout } from './FrameLayout.tsx';
import { lazyPage } from './lazyPage.ts';
import { PageGate } from './PageGate.tsx';
import { pages } from './pages.tsx';
import { RootLayout } from './RootLayout.tsx';

// The password pages load on first use, like the signed-in pages: the sign-in page downloads only its own code.
const ForgotPasswordRoute = lazyPage(() => import('../features/account/routes/ForgotPasswordRoute.tsx'), 'ForgotPasswordRoute');
const ResetPasswordRoute = lazyPage(() => import('../features/account/routes/ResetPasswordRoute.tsx'), 'ResetPasswordRoute');
// The public document check (issue 25 part 4): no sign-in, no frame.
const VerifyRoute = lazyPage(() => import('../features/documents/routes/VerifyRoute.tsx'), 'VerifyRoute');
const signedOut = (page: ReactElement) => <Suspense fallback={<FullPageLoader />}>{page}</Suspense>;

/**
 * The router's routes: the login page, the signed-in pages of the route table (pages.tsx), each behind
 * its level, and the bare status pages. Screens not built yet fall through to page not found.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    children: [
      { index: true, element: <LoginRoute /> },
      // Signed-out pages of the password self-service (they work signed in too: a mailed link is opened anywhere).
      { path: 'ForgotPassword', element: signedOut(<ForgotPasswordRoute />) },
      { path: 'ResetPassword', element: signedOut(<ResetPasswordRoute />) },
      { path: 'ResetPassword/:userId/:code', element: signedOut(<ResetPasswordRoute />) },
      { path: 'Verify/:code', element: signedOut(<VerifyRoute />) },
      {
        element: <FrameLayout requireLogin />,
        // `handle`: the page, so that the first load can fetch its code early (firstLoad.ts).
        children: pages.map((page) => ({ path: page.path.slice(1), element: <PageGate page={page} />, handle: page })),
      },
      {
        element: <FrameLayout />,
        children: [
          { path: '401', element: <AccessDeniedPage /> },
          { path: '404', element: <NotFoundPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
