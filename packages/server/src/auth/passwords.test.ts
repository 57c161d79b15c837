/** Test users get cheap hashes (test/factories.ts); these tests pin production's Argon2id cost. */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/app.ts';
import { createUser } from '../../test/factories.ts';
import { users } from '../db/schema.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

const t = await setupTestApp();

describe('password hashing', () => {
  it("stores Argon2id with OWASP's minimum cost (m=19456 KiB, t=2, p=1), a 16-byte salt and a 32-byte tag", async () => {
    const hash = await hashPassword('Correct-horse-1');
    const [, algorithm, version, params, salt, tag] = hash.split('$');
    expect([algorithm, version, params]).toEqual(['argon2id', 'v=19', 'm=19456,t=2,p=1']);
    expect(Buffer.from(salt, 'base64url')).toHaveLength(16);
    expect(Buffer.from(tag, 'base64url')).toHaveLength(32);
    expect(await hashPassword('Correct-horse-1')).not.toBe(hash);
    expect(await verifyPassword('Correct-horse-1', hash)).toBe(true);
    expect(await verifyPassword('Correct-horse-2', hash)).toBe(false);
  });

  it('signs a user in through the real login route with a production-cost hash', async () => {
    const user = await createUser(t.db);
    const password = 'Production-cost-1';
    await t.db
      .update(users)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(users.id, user.id));
    const login = (candidate: string) =>
      t.app.inject({ method: 'POST', url: '/api/Account/Login', payload: { username: user.email, password: candidate } });
    const ok = await login(password);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ userName: user.email });
    expect((await login('Wrong-password-1')).statusCode).toBe(401);
  });
});
