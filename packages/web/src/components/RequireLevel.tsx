import { hasLevel, isInternal, type UserLevelName } from '@portal/contract';
import type { ReactNode } from 'react';
import { useSignedInUser } from '../features/account/signedInUser.tsx';
import { AccessDeniedPage } from './AccessDeniedPage.tsx';

/**
 * Shows its page only to signed-in users with at least `level` (spec section 6); with `internal`,
 * Report (external) users are refused too. Everyone else sees the access-denied page.
 */
export function RequireLevel({ level, internal = false, children }: { level: UserLevelName; internal?: boolean; children: ReactNode }) {
  const user = useSignedInUser();
  if (!hasLevel(user, level) || (internal && !isInternal(user))) return <AccessDeniedPage />;
  return children;
}
