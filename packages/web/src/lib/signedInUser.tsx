import type { CurrentUser } from '@portal/contract';
import { createContext, type ReactNode, use } from 'react';

const SignedInUserContext = createContext<CurrentUser | null>(null);

export function SignedInUserProvider({ user, children }: { user: CurrentUser; children: ReactNode }) {
  return <SignedInUserContext value={user}>{children}</SignedInUserContext>;
}

/** The signed-in user inside the frame (pages under a login-required layout). */
export function useSignedInUser(): CurrentUser {
  const user = use(SignedInUserContext);
  if (!user) throw new Error('useSignedInUser is used outside the signed-in frame');
  return user;
}

/** The signed-in user, or null outside the frame (a table rendered alone in a test). */
export function useSignedInUserOrNull(): CurrentUser | null {
  return use(SignedInUserContext);
}
