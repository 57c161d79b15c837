import { hideNotification, notificationsStore } from '@mantine/notifications';
import { TOAST_AUTO_CLOSE_MS } from '@portal/contract';

/**
 * Toasts close TOAST_AUTO_CLOSE_MS after they appear, whatever the pointer does (spec sections 2 and 9).
 * Mantine holds a toast while the pointer rests on it, and a toast held over the sticky Save blocked
 * it for 20 s; this timer hides each shown toast on time. A toast shown with `autoClose: false` (a
 * backup starting) stays until its screen updates or hides it. Answers the unsubscribe.
 */
export function closeToastsOnTime(store = notificationsStore): () => void {
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const unsubscribe = store.subscribe((state) => {
    const shown = new Set<string>();
    for (const toast of state.notifications) {
      const id = toast.id;
      if (!id || toast.autoClose === false) continue;
      shown.add(id);
      if (timers.has(id)) continue;
      const delay = typeof toast.autoClose === 'number' ? toast.autoClose : TOAST_AUTO_CLOSE_MS;
      timers.set(
        id,
        setTimeout(() => hideNotification(id, store), delay),
      );
    }
    for (const [id, timer] of timers) {
      if (shown.has(id)) continue;
      clearTimeout(timer);
      timers.delete(id);
    }
  });
  return () => {
    unsubscribe();
    for (const timer of timers.values()) clearTimeout(timer);
  };
}
