import type { RouteObject } from 'react-router';
import { AccessDeniedPage } from '../components/AccessDeniedPage.tsx';
import { NotFoundPage } from '../components/NotFoundPage.tsx';
import { ForgotPasswordRoute } from '../features/account/routes/ForgotPasswordRoute.tsx';
import { LoginRoute } from '../features/account/routes/LoginRoute.tsx';
import { ResetPasswordRoute } from '../features/account/routes/ResetPasswordRoute.tsx';
import { ErrorPage } from './ErrorPage.tsx';
import { FrameLayout } from './FrameLayout.tsx';
import { PageGate } from './PageGate.tsx';
import { pages } from './pages.tsx';
import { RootLayout } from './RootLayout.tsx';

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
      { path: 'ForgotPassword', element: <ForgotPasswordRoute /> },
      { path: 'ResetPassword', element: <ResetPasswordRoute /> },
      { path: 'ResetPassword/:userId/:code', element: <ResetPasswordRoute /> },
      {
        element: <FrameLayout requireLogin />,
        children: pages.map((page) => ({ path: page.path.slice(1), element: <PageGate page={page} /> })),
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
