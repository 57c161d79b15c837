import { type CurrentUser, isInternal, UserLevel } from '@portal/contract';

/** Spec section 2: internal users above None go to the events list, everyone else to reports. */
export function homePath(user: Pick<CurrentUser, 'userType' | 'userLevel'>): string {
  return isInternal(user) && user.userLevel > UserLevel.None ? '/Events' : '/Reports';
}
