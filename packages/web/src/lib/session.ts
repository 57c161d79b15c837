import { useSyncExternalStore } from 'react';

/** Local storage keys (spec section 9: the token and user name are kept on login). */
export const TOKEN_STORAGE_KEY = 'portal.token';
export const USER_NAME_STORAGE_KEY = 'portal.userName';

const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_STORAGE_KEY);
}

export function getUserName(): string | null {
  return localStorage.getItem(USER_NAME_STORAGE_KEY);
}

export function startSession(token: string, userName: string): void {
  localStorage.setItem(TOKEN_STORAGE_KEY, token);
  localStorage.setItem(USER_NAME_STORAGE_KEY, userName);
  notify();
}

export function endSession(): void {
  localStorage.removeItem(TOKEN_STORAGE_KEY);
  localStorage.removeItem(USER_NAME_STORAGE_KEY);
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab logging in or out changes our session too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === TOKEN_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The current token; components re-render when the user logs in or out (in any tab). */
export function useToken(): string | null {
  return useSyncExternalStore(subscribe, getToken, () => null);
}
