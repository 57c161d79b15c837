import { Notifications } from '@mantine/notifications';
import { TOAST_AUTO_CLOSE_MS } from '@portal/contract';

/**
 * The toasts' container, loaded just after the first paint (providers.tsx): its transitions are about
 * 6 KB of the first route's JavaScript. A toast shown before it arrives waits in Mantine's store.
 */
export default function Toasts() {
  // Spec section 2/9: toasts bottom-right, closing after 4 s.
  return <Notifications position="bottom-right" autoClose={TOAST_AUTO_CLOSE_MS} />;
}
