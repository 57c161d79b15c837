/** Opens the database: a PostgreSQL server (DATABASE_URL) or the embedded PGlite in a child process. */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.ts';

export type Database = NodePgDatabase<typeof schema>;
/** A transaction handle has the same query API as the database. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Tx;

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  kind: 'postgres' | 'pglite';
  close(): Promise<void>;
}

// Dates come back as strings, counts (bigint) as numbers: ids and counts here stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

export function wrapPool(pool: pg.Pool, kind: DatabaseHandle['kind'], onClose?: () => Promise<void>): DatabaseHandle {
  pool.on('error', () => {}); // an idle client dropped by the server is replaced on next use
  return {
    db: drizzle(pool, { schema }),
    pool,
    kind,
    async close() {
      await pool.end();
      await onClose?.();
    },
  };
}

export function openPostgres(connectionString: string, max = 10): DatabaseHandle {
  return wrapPool(new pg.Pool({ connectionString, max }), 'postgres');
}

export async function openEmbedded(dataDir: string): Promise<DatabaseHandle> {
  mkdirSync(dataDir, { recursive: true });
  const child = fork(new URL('./pglite-host.ts', import.meta.url), [], {
    env: { ...process.env, PGLITE_DATA_DIR: dataDir },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const socketDir = await waitForReady(child);
  // PGlite is single-user: one connection, and the pool queues the rest.
  const pool = new pg.Pool({ host: socketDir, user: 'postgres', database: 'postgres', max: 1 });
  return wrapPool(pool, 'pglite', () => stopChild(child));
}

function waitForReady(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    child.once('message', (message: { ready?: boolean; socketDir?: string }) => {
      if (message.ready && message.socketDir) resolve(message.socketDir);
    });
    child.once('exit', (code) => reject(new Error(`The embedded database exited with code ${code}`)));
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/**
 * PGlite runs single-user: no autovacuum and no automatic checkpoints, so the server does both
 * (query plans depend on fresh statistics). Harmless on a PostgreSQL server.
 */
export async function maintainDatabase(handle: DatabaseHandle): Promise<void> {
  await handle.pool.query('VACUUM (ANALYZE)');
  if (handle.kind === 'pglite') await handle.pool.query('CHECKPOINT');
}

/** The pool behind a drizzle database, for work that needs one connection of its own (a backup run). */
export function poolOf(db: Database): pg.Pool {
  return (db as Database & { $client: pg.Pool }).$client;
}
