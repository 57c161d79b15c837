import { type CurrentUser, isInternal } from '@portal/contract';
import { canOpen } from '../pages.tsx';

export interface FrameLink {
  label: string;
  to: string;
}

/** The top bar's links in order (spec section 2 "Frame"); each shows only when canOpen (route table + level). */
const FRAME_LINKS: FrameLink[] = [
  { label: 'Events', to: '/Events' },
  { label: 'Help', to: '/Help' },
  { label: 'Admin', to: '/Admin' },
];

/** The user menu's links; Log out is an action, not a page. */
const USER_MENU_LINKS: FrameLink[] = [{ label: 'Change password', to: '/Changepassword' }];

/**
 * Spec section 2 and 6: Events and Help need Read level and are hidden from Report (external) users;
 * Admin shows to everyone, its page filters entries. The route table says so; this only orders them.
 */
export function frameLinks(user: CurrentUser): FrameLink[] {
  return FRAME_LINKS.filter((link) => canOpen(user, link.to));
}

export function userMenuLinks(user: CurrentUser): FrameLink[] {
  return USER_MENU_LINKS.filter((link) => canOpen(user, link.to));
}

/** Report users get no search box. */
export const showsSearch = (user: CurrentUser) => isInternal(user);
