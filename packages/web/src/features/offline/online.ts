import { useSyncExternalStore } from 'react';

function subscribe(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the browser says it has a network (a cut cable or flight mode says no at once). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * Service workers and the crypto the offline store keys by need a secure context: HTTPS, or
 * localhost and loopback addresses. On plain HTTP the editor says 'Offline work needs HTTPS'.
 */
export const offlineSupported = () =>
  typeof window !== 'undefined' && window.isSecureContext && 'serviceWorker' in navigator && 'indexedDB' in window;

let registered: Promise<unknown> | undefined;

/**
 * Registers /sw.js once, when an editor first shows its rows (not with the first route: the login page
 * and /Events never need it). A failure only means no offline shell: the page works as before.
 */
export function registerServiceWorker(): void {
  if (!offlineSupported() || registered) return;
  registered = navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
    registered = undefined;
  });
}
