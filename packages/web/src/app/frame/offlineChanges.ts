import type { CurrentUser } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLogout } from '../../features/account/api.ts';
import { afterFirstRows } from '../../lib/firstRows.ts';

/*
 * Changes made offline (features/offline, decision 083) outlive a session: the frame sends them after a
 * sign-in and asks before a logout. Their code loads only then, not with the frame.
 */
const offline = () => import('../../features/offline/index.ts');

/** Log out, first asking 'N changes have not been sent' when this user's changes are still on the device. */
export function useGuardedLogout(user: CurrentUser): () => void {
  const logout = useLogout();
  const queryClient = useQueryClient();
  const now = () => logout.mutate();
  return () =>
    void offline()
      .then((m) => m.confirmLogout(queryClient, user.id, now))
      .catch(now);
}

/** Once signed in: what this user left waiting (a 401 stopped it, a logout kept it) is sent. */
export function useResumeSending(userId: number): void {
  const queryClient = useQueryClient();
  // After the page's first rows: its code (the queue, the verdicts, the schemas) is no part of them.
  useEffect(
    () =>
      afterFirstRows(() => {
        void offline()
          .then((m) => m.resumeSending(queryClient, userId))
          .catch(() => {});
      }),
    [queryClient, userId],
  );
}
