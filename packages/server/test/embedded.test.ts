/** The embedded database runs in its own process: a slow query must not stall the HTTP server. */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { messages } from '@portal/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { readConfig } from '../src/config.ts';
import { maintainDatabase } from '../src/db/client.ts';
import { openEmbedded } from '../src/db/embedded.ts';
import { runMigrations } from '../src/db/migrate.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-embedded-'));
const handle = await openEmbedded(dataDir);
afterAll(async () => {
  await handle.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('embedded database', () => {
  it('keeps its socket in a private folder inside DATA_DIR', () => {
    const socketDir = path.join(dataDir, 'socket');
    expect(statSync(socketDir).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(socketDir, '.s.PGSQL.5432')).isSocket()).toBe(true);
  });

  it('answers /api/health while a slow query runs', async () => {
    await runMigrations(handle.db);
    const app = await buildApp({ db: handle.db, databaseReady: handle.ready, config: readConfig({}) });
    let slowQueryDone = false;
    const slow = handle.pool.query('select pg_sleep(2)').then(() => {
      slowQueryDone = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const health = await app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(slowQueryDone).toBe(false);
    await slow;
    await app.close();
  });

  it('keeps answering after a query fails, and rolls back a failed transaction', async () => {
    await handle.pool.query('create table probe (id int primary key)');
    await handle.pool.query('insert into probe values (1)');
    await expect(handle.pool.query('insert into probe values (1)')).rejects.toMatchObject({ code: '23505' });
    expect((await handle.pool.query('select count(*)::int as n from probe')).rows).toEqual([{ n: 1 }]);
    const failing = handle.db.transaction(async (tx) => {
      await tx.execute('insert into probe values (2)');
      await tx.execute('insert into probe values (2)');
    });
    await expect(failing).rejects.toThrow();
    expect((await handle.pool.query('select count(*)::int as n from probe')).rows).toEqual([{ n: 1 }]);
  });

  it('restarts its database process when it dies: health says not ready, then recovers with the data', async () => {
    const app = await buildApp({ db: handle.db, databaseReady: handle.ready, config: readConfig({}) });
    await handle.pool.query('create table survivor (id int primary key)');
    await handle.pool.query('insert into survivor values (42)');
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
    const pid = handle.childPid();
    process.kill(pid as number, 'SIGKILL');
    const down = await until(
      () => app.inject({ url: '/api/health' }),
      (response) => response.statusCode === 503,
    );
    expect(down.json()).toMatchObject({ status: 503, title: 'Service Unavailable', message: messages.databaseUnavailable });
    // A data call meanwhile is a 503 too, not a 500 (whichever moment it lands in).
    const during = await app.inject({ url: '/api/Account/CurrentUser', headers: { authorization: 'Bearer x'.padEnd(50, 'x') } });
    expect([401, 503]).toContain(during.statusCode);
    await until(
      () => app.inject({ url: '/api/health' }),
      (response) => response.statusCode === 200,
    );
    expect(handle.childPid()).not.toBe(pid);
    expect((await handle.pool.query('select id from survivor')).rows).toEqual([{ id: 42 }]);
    await app.close();
  });

  it('runs its own VACUUM and CHECKPOINT', async () => {
    await expect(maintainDatabase(handle)).resolves.toBeUndefined();
  });
});

/** Asks again (each answer is what a load balancer would see) until the answer is the awaited one. */
async function until<T>(ask: () => Promise<T>, done: (answer: T) => boolean, attempts = 600): Promise<T> {
  for (let i = 0; i < attempts; i++) {
    const answer = await ask();
    if (done(answer)) return answer;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the awaited answer never came');
}
