import { Suspense } from 'react';
import { Navigate } from 'react-router';
import { AccessDeniedPage } from '../components/AccessDeniedPage.tsx';
import { PageSkeleton } from '../components/FrameSkeleton.tsx';
import { mayOpen } from '../lib/pageAccess.tsx';
import { useSignedInUser } from '../lib/signedInUser.tsx';
import type { Page } from './pages.tsx';

/**
 * Shows a page of the route table to users who may open it (spec section 6); everyone else sees
 * access denied, or is sent to the page's `deniedRedirect`. A page's code loads on first use
 * (pages.tsx); meanwhile the frame shows the page skeleton.
 */
export function PageGate({ page }: { page: Page }) {
  const user = useSignedInUser();
  if (!mayOpen(user, page)) return page.deniedRedirect ? <Navigate to={page.deniedRedirect} replace /> : <AccessDeniedPage />;
  return (
    <Suspense fallback={<PageSkeleton />}>
      <page.Component />
    </Suspense>
  );
}
