/** The app on a fresh database for one test file, with helpers to call it as a given user. */
import { afterAll } from 'vitest';
import { buildApp } from '../src/app.ts';
import { readConfig } from '../src/config.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import { createTestDatabase } from './database.ts';
import { createUser, type UserOptions } from './factories.ts';

export interface TestContext {
  app: Awaited<ReturnType<typeof buildApp>>;
  handle: DatabaseHandle;
  db: DatabaseHandle['db'];
  /** Signs in through the real login route and returns the bearer header for that user. */
  loginAs(options?: UserOptions): Promise<{ authorization: string; userId: number; email: string }>;
}

export async function setupTestApp(): Promise<TestContext> {
  const handle = await createTestDatabase();
  const config = { ...readConfig({}), publicUrl: 'http://portal.test' };
  const app = await buildApp({ db: handle.db, config });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await handle.close();
  });
  return {
    app,
    handle,
    db: handle.db,
    async loginAs(options = {}) {
      const user = await createUser(handle.db, options);
      const response = await app.inject({
        method: 'POST',
        url: '/api/Account/Login',
        payload: { username: user.email, password: user.password },
      });
      if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
      return { authorization: `Bearer ${response.json().token}`, userId: user.id, email: user.email };
    },
  };
}
