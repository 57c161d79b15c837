/**
 * The session cache (decision 037): what it serves, what ends an entry, and revocation across
 * instances. The two-instance test needs PostgreSQL (the CI pass with TEST_DATABASE_URL); on the
 * embedded database there is one instance, and its own writes reach its cache.
 */
import { UserLevel } from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, inject, it, vi } from 'vitest';
import { setupTestApp, startSecondInstance } from '../../test/app.ts';
import { createOwner, createUser } from '../../test/factories.ts';
import { sessions, userOwners, users } from '../db/schema.ts';
import { SessionCache, TOUCH_EVERY_MS } from './session-cache.ts';
import type { AuthUser } from './users.ts';

const user = (id: number): AuthUser => ({
  id,
  email: `u${id}@x.test`,
  userType: 1,
  userLevel: 1,
  allOwners: true,
  ownerIds: [],
  sessionId: id,
});
const entry = (id: number, lastSeenAt: number) => ({ user: user(id), lastSeenAt, expiresAt: lastSeenAt + 7 * 86_400_000 });

describe('SessionCache', () => {
  it('serves an entry until its touch is due or it expires, and nothing while not listening', () => {
    const cache = new SessionCache();
    cache.put('a', entry(1, 1000), cache.epoch);
    expect(cache.get('a', 1000)).toBeUndefined(); // not listening yet: nothing was kept
    cache.setListening(true);
    cache.put('a', entry(1, 1000), cache.epoch);
    expect(cache.get('a', 1000 + TOUCH_EVERY_MS - 1)?.id).toBe(1);
    expect(cache.get('a', 1000 + TOUCH_EVERY_MS)).toBeUndefined();
    cache.put('b', { ...entry(2, 1000), expiresAt: 2000 }, cache.epoch);
    expect(cache.get('b', 1999)?.id).toBe(2);
    expect(cache.get('b', 2000)).toBeUndefined();
  });

  it("drops a user's entries on a notification, and keeps no read that began before one", () => {
    const cache = new SessionCache();
    cache.setListening(true);
    cache.put('a', entry(1, 0), cache.epoch);
    cache.put('b', entry(2, 0), cache.epoch);
    const before = cache.epoch;
    cache.onNotification({ channel: 'portal_auth', payload: '1' });
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('b', 1)?.id).toBe(2);
    cache.put('c', entry(3, 0), before);
    expect(cache.get('c', 1)).toBeUndefined();
    cache.setListening(false);
    cache.setListening(true);
    expect(cache.get('b', 1)).toBeUndefined();
  });
});

const t = await setupTestApp();

describe('session cache in the app', () => {
  it('ends a token at once when its session is revoked, its access changes or the user goes, by any writer', async () => {
    const current = (authorization: string) => t.app.inject({ url: '/api/Account/CurrentUser', headers: { authorization } });
    const statusSoon = (authorization: string, status: number) =>
      vi.waitFor(async () => expect((await current(authorization)).statusCode).toBe(status), { timeout: 1000, interval: 20 });

    // Revoked by plain SQL, as another instance or an operator would.
    const first = await t.loginAs();
    expect((await current(first.authorization)).statusCode).toBe(200);
    await t.db.update(sessions).set({ revokedAt: sql`now()` }).where(eq(sessions.userId, first.userId));
    await statusSoon(first.authorization, 401);

    // A level change shows on the next request (the route needs SystemAdministrator).
    const admin = await t.loginAs({ level: 'SystemAdministrator' });
    const usersList = () => t.app.inject({ url: '/api/Account/GetUsers', headers: { authorization: admin.authorization } });
    expect((await usersList()).statusCode).toBe(200);
    await t.db.update(users).set({ userLevel: UserLevel.Read }).where(eq(users.id, admin.userId));
    await vi.waitFor(async () => expect((await usersList()).statusCode).toBe(403), { timeout: 1000, interval: 20 });

    // Owners: an external user's owner list is read afresh once an owner is taken away.
    const owner = await createOwner(t.db);
    const external = await t.loginAs({ level: 'Read', type: 'Report', owners: [owner.id] });
    const ownerNames = async () =>
      ((await t.app.inject({ url: '/api/Owners', headers: { authorization: external.authorization } })).json() as { id: number }[]).map(
        (o) => o.id,
      );
    expect(await ownerNames()).toEqual([owner.id]);
    await t.db.delete(userOwners).where(eq(userOwners.userId, external.userId));
    await vi.waitFor(async () => expect(await ownerNames()).toEqual([]), { timeout: 1000, interval: 20 });

    // The user deleted.
    await t.db.delete(users).where(eq(users.id, external.userId));
    await statusSoon(external.authorization, 401);
  });
});

const database = inject('testDatabase');

describe.runIf(database.kind === 'postgres')('two instances on one PostgreSQL', () => {
  it('a token signed out on one instance stops working on the other within a second', async () => {
    const second = await startSecondInstance(t);
    const other = second.app;
    try {
      const person = await createUser(t.db);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/Account/Login',
        payload: { username: person.email, password: person.password },
      });
      const authorization = `Bearer ${login.json().token}`;
      const onOther = () => other.inject({ url: '/api/Account/CurrentUser', headers: { authorization } });
      // Both instances now hold the session in their caches.
      expect((await onOther()).statusCode).toBe(200);
      expect((await t.app.inject({ url: '/api/Account/CurrentUser', headers: { authorization } })).statusCode).toBe(200);

      const logout = await t.app.inject({ method: 'POST', url: '/api/Account/Logout', headers: { authorization } });
      expect(logout.statusCode).toBe(204);
      expect((await t.app.inject({ url: '/api/Account/CurrentUser', headers: { authorization } })).statusCode).toBe(401);
      await vi.waitFor(async () => expect((await onOther()).statusCode).toBe(401), { timeout: 1000, interval: 20 });
    } finally {
      await second.close();
    }
  });
});
