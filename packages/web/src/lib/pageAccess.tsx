import { hasLevel, isInternal, type UserLevelName } from '@portal/contract';
import { createContext, type ReactNode, use } from 'react';

/**
 * What a page needs (spec section 6): a least level (none: any signed-in user) and, optionally, an
 * internal user, or a user with all owners (a page whose data holds every owner's rows: backups).
 */
export interface PageAccess {
  level?: UserLevelName;
  internal?: boolean;
  allOwners?: boolean;
}

export function mayOpen(user: { userLevel: number; userType: number; allOwners: boolean }, access: PageAccess): boolean {
  if (access.level && !hasLevel(user, access.level)) return false;
  if (access.allOwners && !user.allOwners) return false;
  return !(access.internal && !isInternal(user));
}

/** Answers whether the signed-in user may open an address: the page exists (is in the route table) and they may open it. */
export type CanOpen = (path: string) => boolean;

const CanOpenContext = createContext<CanOpen>(() => false);

/** The app supplies the answer from its route table, so that shared code and features need not import it. */
export function CanOpenProvider({ canOpen, children }: { canOpen: CanOpen; children: ReactNode }) {
  return <CanOpenContext value={canOpen}>{children}</CanOpenContext>;
}

/** Use it to show a link only when it leads somewhere the user may go. */
export function useCanOpen(): CanOpen {
  return use(CanOpenContext);
}
