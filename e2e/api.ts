/**
 * Journeys that need data the screens do not show first (a chip code that is on equipment) ask the
 * running server's API, signed in as a demo user, from the journey file's own loopback address.
 */
import type { ChipPage } from '@portal/contract';
import { baseUrl, DEMO_PASSWORD } from './browser.ts';

/** A bearer header for a demo user (POST /api/Account/Login). */
export async function apiAuthorization(username: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await fetch(`${baseUrl()}/api/Account/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`Login as ${username} failed: ${response.status} ${await response.text()}`);
  const { token } = (await response.json()) as { token: string };
  return `Bearer ${token}`;
}

/**
 * A call to the running server's API as `authorization`, answering its JSON (nothing for a 204); a JSON
 * body (a string) goes with its content type. Any other answer than 2xx fails the journey with its text.
 */
export async function api<T>(path: string, authorization: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${baseUrl()}/api${path}`, {
    ...init,
    headers: { authorization, ...(typeof init.body === 'string' ? { 'content-type': 'application/json' } : {}) },
  });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

/**
 * Nordsund's 76 mm chain items (the demo chain template judges them), those the demo data measured
 * (some, in series: seed/measurements.ts) and those it left unmeasured. A journey that records
 * readings and reads a trend needs an unmeasured item of its own: recording takes the first,
 * predicted-discard the last; the offline queue, which reads no trend, takes a measured one.
 */
export async function demoChains(authorization: string): Promise<{ measured: string[]; unmeasured: string[] }> {
  const chains = await api<{ stampedId: string }[]>('/Equipment/autocomplete?search=NSD-R4-076-', authorization);
  const details = await Promise.all(
    chains.map((chain) => api<{ wear: unknown }>(`/Equipment/Item/${encodeURIComponent(chain.stampedId)}`, authorization)),
  );
  const ids = (measured: boolean) => chains.filter((_, i) => (details[i].wear !== null) === measured).map((chain) => chain.stampedId);
  return { measured: ids(true), unmeasured: ids(false) };
}

/**
 * The journeys' short form of `api`: `call(method, path, body)` as the user `authorization()` names
 * (read at each call, so a journey can sign in in its beforeAll), or as `as`.
 */
export const apiAs =
  (authorization: () => string) =>
  <T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: object, as = authorization()): Promise<T> =>
    api<T>(path, as, { method, ...(body && { body: JSON.stringify(body) }) });

/** Equipment chips with their stamped ids (GET /api/Chips/Chips), first page by chip id. */
export async function equipmentChips(authorization: string, pageSize = 5): Promise<ChipPage['items']> {
  const response = await fetch(`${baseUrl()}/api/Chips/Chips?pageSize=${pageSize}`, { headers: { authorization } });
  if (!response.ok) throw new Error(`GET /api/Chips/Chips failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as ChipPage).items;
}

/** A chip code that the demo data puts on an equipment item. */
export async function demoEquipmentChip(): Promise<string> {
  const [chip] = await equipmentChips(await apiAuthorization('sysadmin@demo.example'), 1);
  if (!chip) throw new Error('The demo data has no equipment chips');
  return chip.chipId;
}

/**
 * A user of one journey alone (changing a demo user would disturb the other journeys): registered by
 * the demo SystemAdministrator, optionally given a level and a chip. Answers the user's id.
 */
export async function registerJourneyUser(email: string, options: { level?: number; chipId?: string } = {}): Promise<number> {
  const authorization = await apiAuthorization('sysadmin@demo.example');
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${baseUrl()}/api${path}`, {
      method,
      headers: { authorization, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${method} ${path} failed: ${response.status} ${await response.text()}`);
    return response.json() as Promise<{ id: number }>;
  };
  const { id } = await call('POST', '/Account/Register', { email });
  if (options.level !== undefined)
    await call('PUT', `/Users/${id}`, { userLevel: options.level, userType: 0, allOwners: true, owners: [], alias: null });
  if (options.chipId) await call('POST', `/Account/SetUserChip/${id}/${options.chipId}`);
  return id;
}
