/** The app on a fresh database for one test file, with helpers to call it as a given user. */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll } from 'vitest';
import { buildApp } from '../src/app.ts';
import { startSessionCache } from '../src/auth/session-cache.ts';
import { createSession } from '../src/auth/sessions.ts';
import { type Config, readConfig } from '../src/config.ts';
import { type AnswerCaches, startAnswerCaches } from '../src/db/answer-cache.ts';
import { type DatabaseHandle, preparingPool, wrapPool } from '../src/db/client.ts';
import { createTestDatabase } from './database.ts';
import { createUser, type UserOptions } from './factories.ts';

export interface TestContext {
  app: Awaited<ReturnType<typeof buildApp>>;
  handle: DatabaseHandle;
  db: DatabaseHandle['db'];
  config: Config;
  /** The app's answer caches (db/answer-cache.ts). */
  answers: AnswerCaches;
  /**
   * Makes a user and a session for it directly (no login request, no password check) and returns the
   * bearer header. Tests of signing in itself call POST /api/Account/Login.
   */
  loginAs(options?: UserOptions): Promise<{ authorization: string; userId: number; email: string }>;
}

export async function setupTestApp(): Promise<TestContext> {
  const handle = await createTestDatabase();
  // Backups go to a folder of this test file's own, never into the repository.
  const backupDir = mkdtempSync(path.join(os.tmpdir(), 'portal-backups-'));
  const config = { ...readConfig({}), publicUrl: 'http://portal.test', backupDir };
  const answers = await startAnswerCaches(handle);
  // With the session and answer caches, as in production, so every API test also checks that changes apply at once.
  const app = await buildApp({
    db: handle.db,
    databaseReady: handle.ready,
    config,
    sessions: await startSessionCache(handle),
    answers,
  });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await handle.close();
    rmSync(backupDir, { recursive: true, force: true });
  });
  return {
    app,
    handle,
    db: handle.db,
    config,
    answers,
    async loginAs(options = {}) {
      const user = await createUser(handle.db, options);
      // The address app.inject's requests come from, as the login route would record it.
      const token = await createSession(handle.db, { userId: user.id, ip: '127.0.0.1' });
      return { authorization: `Bearer ${token}`, userId: user.id, email: user.email };
    },
  };
}

/**
 * A second instance of the portal on the same PostgreSQL database, as another process would be: its
 * own pool, and caches told of changes only by the database's notifications.
 */
export async function startSecondInstance(t: TestContext) {
  const handle = wrapPool(preparingPool(new pg.Pool(t.handle.pool.options)), 'postgres');
  const app = await buildApp({
    db: handle.db,
    databaseReady: handle.ready,
    config: readConfig({}),
    sessions: await startSessionCache(handle, { ownRevocations: false }),
    answers: await startAnswerCaches(handle),
  });
  return {
    app,
    async close() {
      await app.close();
      await handle.close();
    },
  };
}
