import { type CurrentUser, hasLevel, isInternal } from '@portal/contract';

export interface FrameLink {
  label: string;
  to: string;
}

/**
 * The top bar's links (spec section 2 "Frame" and section 6): Events and Help need Read level and
 * are hidden from Report (external) users (the help list itself needs Read); Admin shows to
 * everyone, its page filters entries.
 */
export function frameLinks(user: CurrentUser): FrameLink[] {
  const staff = isInternal(user) && hasLevel(user, 'Read');
  return [
    ...(staff ? [{ label: 'Events', to: '/Events' }] : []),
    ...(staff ? [{ label: 'Help', to: '/Help' }] : []),
    { label: 'Admin', to: '/Admin' },
  ];
}

/** Report users get no search box. */
export const showsSearch = (user: CurrentUser) => isInternal(user);
