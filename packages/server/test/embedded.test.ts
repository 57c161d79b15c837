/** The embedded database runs in its own process: a slow query must not stall the HTTP server. */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { readConfig } from '../src/config.ts';
import { maintainDatabase, openEmbedded } from '../src/db/client.ts';
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
    const app = await buildApp({ db: handle.db, config: readConfig({}) });
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

  it('runs its own VACUUM and CHECKPOINT', async () => {
    await expect(maintainDatabase(handle)).resolves.toBeUndefined();
  });
});
