import { messages } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { createOwner, createUser } from '../../../test/factories.ts';
import { buildApp } from '../../app.ts';
import { readConfig } from '../../config.ts';
import { sessions, users } from '../../db/schema.ts';
import { PAIR_MAX_FAILURES } from './throttle.ts';

const t = await setupTestApp();
const login = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/Account/Login', payload });

describe('POST /api/Account/Login', () => {
  it('signs in by email and by alias, answering a token and the user name', async () => {
    const user = await createUser(t.db, { alias: 'Rigger', email: 'Anna@Test.example' });
    const byEmail = await login({ username: 'anna@test.example', password: user.password });
    expect(byEmail.statusCode).toBe(200);
    expect(byEmail.json()).toEqual({ token: expect.stringMatching(/^[\w-]{43}$/), userName: 'Anna@Test.example' });
    const byAlias = await login({ username: 'rigger', password: user.password });
    expect(byAlias.statusCode).toBe(200);
    // Only the token's hash is stored.
    const stored = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(stored).toHaveLength(2);
    expect(stored.map((s) => s.tokenHash)).not.toContain(byEmail.json().token);
  });

  it('answers the same generic 401 for a wrong password and for an unknown user', async () => {
    const user = await createUser(t.db);
    const wrongPassword = await login({ username: user.email, password: 'not-the-password' });
    const unknownUser = await login({ username: 'nobody@test.example', password: user.password });
    for (const response of [wrongPassword, unknownUser]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ status: 401, title: 'Unauthorized', message: messages.loginFailed });
      expect(response.json().errors).toBeUndefined();
    }
  });

  it('locks an address out of a name after repeated wrong passwords, not the owner at another address', async () => {
    const user = await createUser(t.db);
    const from = (remoteAddress: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/api/Account/Login', remoteAddress, payload: { username: user.email, password } });
    for (let i = 0; i < PAIR_MAX_FAILURES; i++) expect((await from('10.5.0.66', 'wrong')).statusCode).toBe(401);
    const locked = await from('10.5.0.66', user.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(messages.loginLocked);
    expect((await from('10.5.0.7', user.password)).statusCode).toBe(200);
  });

  it("counts an account's email and alias against one budget: the alias gives no further guesses", async () => {
    const user = await createUser(t.db, { alias: 'shared-budget' });
    const from = (username: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/api/Account/Login', remoteAddress: '10.5.1.9', payload: { username, password } });
    for (let i = 0; i < PAIR_MAX_FAILURES - 1; i++) expect((await from(user.email, 'wrong')).statusCode).toBe(401);
    expect((await from('Shared-Budget', 'wrong')).statusCode).toBe(401);
    for (const name of ['shared-budget', user.email, user.email.toUpperCase()]) {
      const locked = await from(name, user.password);
      expect(locked.statusCode, name).toBe(429);
      expect(locked.json().message).toBe(messages.loginLocked);
    }
  });

  it('believes X-Forwarded-For only from a TRUST_PROXY address: a direct client cannot rotate addresses past the lock', async () => {
    const app = await buildApp({
      db: t.db,
      databaseReady: t.handle.ready,
      config: { ...t.config, ...readConfig({ TRUST_PROXY: '10.8.0.1' }) },
    });
    const user = await createUser(t.db);
    const attempt = (remoteAddress: string, forwardedFor: string, password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/Account/Login',
        remoteAddress,
        headers: { 'x-forwarded-for': forwardedFor },
        payload: { username: user.email, password },
      });
    // Directly on the port, each attempt claiming another address: all count against the peer's own.
    for (let i = 0; i < PAIR_MAX_FAILURES; i++) expect((await attempt('10.8.5.5', `198.51.100.${i}`, 'wrong')).statusCode).toBe(401);
    expect((await attempt('10.8.5.5', '198.51.100.77', user.password)).statusCode).toBe(429);
    // Through the proxy, each client is its forwarded address: the locked-out one, and the owner elsewhere.
    for (let i = 0; i < PAIR_MAX_FAILURES; i++) expect((await attempt('10.8.0.1', '203.0.113.9', 'wrong')).statusCode).toBe(401);
    expect((await attempt('10.8.0.1', '203.0.113.9', user.password)).statusCode).toBe(429);
    expect((await attempt('10.8.0.1', '203.0.113.10', user.password)).statusCode).toBe(200);
    await app.close();
  });

  it('answers an unknown name exactly like a real one, 429 included (no user enumeration)', async () => {
    const user = await createUser(t.db);
    const statuses = async (username: string, remoteAddress: string) => {
      const seen = [];
      for (let i = 0; i <= PAIR_MAX_FAILURES; i++) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/Account/Login',
          remoteAddress,
          payload: { username, password: 'wrong' },
        });
        seen.push(`${response.statusCode} ${response.json().message}`);
      }
      return seen;
    };
    const real = await statuses(user.email, '10.6.0.1');
    expect(real.at(-1)).toBe(`429 ${messages.loginLocked}`);
    expect(await statuses('nobody-here@test.example', '10.6.0.2')).toEqual(real);
  });

  it('limits sign-in attempts per address', async () => {
    const attempts = [];
    for (let i = 0; i < 21; i++)
      attempts.push(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/Account/Login',
            remoteAddress: '10.9.8.7',
            payload: { username: `nobody${i}@test.example`, password: 'x' },
          })
        ).statusCode,
      );
    expect(attempts.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(attempts[20]).toBe(429);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/Account/Login',
      remoteAddress: '10.9.8.8',
      payload: { username: 'nobody@test.example', password: 'x' },
    });
    expect(other.statusCode).toBe(401);
  });

  it('refuses a bad body with 400 and the field messages, and writes nothing', async () => {
    const before = await t.db.$count(sessions);
    const response = await login({ username: '', extra: 1 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      status: 400,
      title: 'Bad Request',
      errors: {
        username: [messages.required('Username')],
        password: [messages.required('Password')],
        extra: ['This field is not allowed'],
      },
    });
    expect(await t.db.$count(sessions)).toBe(before);
  });
});

describe('GET /api/Account/CurrentUser', () => {
  it('answers the signed-in user with owners and chip', async () => {
    const owner = await createOwner(t.db, { name: 'Aker Mooring' });
    const { authorization, userId, email } = await t.loginAs({ level: 'Read', type: 'Report', owners: [owner.id], alias: 'reader' });
    const response = await t.app.inject({ url: '/api/Account/CurrentUser', headers: { authorization } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: userId,
      email,
      userType: 1,
      userLevel: 1,
      allOwners: false,
      owners: [{ id: owner.id, name: 'Aker Mooring' }],
      chipId: null,
      alias: 'reader',
    });
  });

  it('refuses a missing, malformed or unknown token with 401', async () => {
    for (const authorization of [undefined, 'Basic abc', 'Bearer not-a-real-token']) {
      const response = await t.app.inject({ url: '/api/Account/CurrentUser', headers: authorization ? { authorization } : {} });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ status: 401, message: messages.notSignedIn, correlationId: expect.any(String) });
    }
  });

  it('refuses a token whose session has been idle too long or has expired', async () => {
    const { authorization, userId } = await t.loginAs();
    await t.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 13 * 3600_000) })
      .where(eq(sessions.userId, userId));
    expect((await t.app.inject({ url: '/api/Account/CurrentUser', headers: { authorization } })).statusCode).toBe(401);
    const second = await t.loginAs();
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, second.userId));
    expect((await t.app.inject({ url: '/api/Account/CurrentUser', headers: { authorization: second.authorization } })).statusCode).toBe(
      401,
    );
  });

  it('echoes the client trace header as the correlation id', async () => {
    const response = await t.app.inject({ url: '/api/Account/CurrentUser', headers: { 'x-correlation-id': 'trace-123' } });
    expect(response.headers['x-correlation-id']).toBe('trace-123');
    expect(response.json().correlationId).toBe('trace-123');
  });
});

describe('POST /api/Account/Logout', () => {
  it('ends the session: the token stops working, other sessions keep working', async () => {
    const user = await createUser(t.db);
    const first = (await login({ username: user.email, password: user.password })).json().token;
    const second = (await login({ username: user.email, password: user.password })).json().token;
    const logout = await t.app.inject({ method: 'POST', url: '/api/Account/Logout', headers: { authorization: `Bearer ${first}` } });
    expect(logout.statusCode).toBe(204);
    expect((await t.app.inject({ url: '/api/Account/CurrentUser', headers: { authorization: `Bearer ${first}` } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/Account/CurrentUser', headers: { authorization: `Bearer ${second}` } })).statusCode).toBe(200);
  });

  it('refuses without a token', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/Account/Logout' })).statusCode).toBe(401);
  });

  it('stops a deleted user from using the token', async () => {
    const { authorization, userId } = await t.loginAs();
    await t.db.delete(users).where(eq(users.id, userId));
    expect((await t.app.inject({ url: '/api/Account/CurrentUser', headers: { authorization } })).statusCode).toBe(401);
  });
});
