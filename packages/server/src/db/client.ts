/** Opens the database: a PostgreSQL server (DATABASE_URL) or the embedded PGlite in a child process. */
import { type ChildProcess, fork } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { mkdirSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
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
  /** Readiness: whether the database answers (for /api/health and a load balancer); an answer is at most a second old. */
  ready(): Promise<boolean>;
  /** Embedded only: the notifications the pool's connections receive (see embeddedPool). */
  notifications?: EventEmitter;
  close(): Promise<void>;
}

/** The channel of the session and access triggers (migration 0007, auth/session-cache.ts). */
export const AUTH_CHANNEL = 'portal_auth';

// Dates come back as strings, counts (bigint) as numbers: ids and counts here stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

/** How long the readiness probe waits for `select 1`. */
const PROBE_TIMEOUT_MS = 2000;

/** How long a readiness answer is reused: a load balancer asking many times a second costs one probe. */
const PROBE_FRESH_MS = 1000;

/**
 * One probe at a time, its answer reused for `freshMs`: callers that ask meanwhile share it. On
 * PostgreSQL a probe opens a connection of its own (about 3 ms of the server's CPU and a backend start);
 * done per request, `/api/health` under load answered a quarter of what it did without the probe.
 */
export function sharedProbe(probe: () => Promise<boolean>, freshMs = PROBE_FRESH_MS): () => Promise<boolean> {
  let pending: Promise<boolean> | undefined;
  let answer: { ready: boolean; at: number } | undefined;
  return () => {
    if (answer && performance.now() - answer.at < freshMs) return Promise.resolve(answer.ready);
    pending ??= probe().then(
      (ready) => {
        answer = { ready, at: performance.now() };
        pending = undefined;
        return ready;
      },
      () => {
        answer = { ready: false, at: performance.now() };
        pending = undefined;
        return false;
      },
    );
    return pending;
  };
}

/** Resolves false when the promise does not settle in time or fails. */
async function answersInTime(work: Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([
      work.then(
        () => true,
        () => false,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The embedded database's readiness, through the pool. A pool whose one connection is busy is taken
 * as alive without a probe: a probe queued behind a long query would report a working database as dead.
 */
export async function probeDatabase(pool: pg.Pool): Promise<boolean> {
  if (pool.totalCount > 0 && pool.idleCount === 0) return true;
  return answersInTime(pool.query('select 1'));
}

/**
 * A PostgreSQL server's readiness, on a connection of its own: the pool's connections may all be busy
 * (or still trying to reach a server that went away), and a PostgreSQL server answers in parallel.
 */
function probeServer(connectionString: string): Promise<boolean> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: PROBE_TIMEOUT_MS });
  client.on('error', () => {});
  const work = client.connect().then(() => client.query('select 1'));
  return answersInTime(work).finally(() => client.end().catch(() => {}));
}

export function wrapPool(
  pool: pg.Pool,
  kind: DatabaseHandle['kind'],
  options: {
    onClose?: () => Promise<void>;
    running?: () => boolean;
    probe?: () => Promise<boolean>;
    notifications?: EventEmitter;
  } = {},
): DatabaseHandle {
  const { onClose, running = () => true, notifications } = options;
  const probe = sharedProbe(options.probe ?? (() => probeDatabase(pool)));
  pool.on('error', () => {}); // an idle client dropped by the server is replaced on next use
  // A checked-out client has no listener of the pool's: one dropped between two statements (a
  // transaction's, a backup's) by pg_terminate_backend or a server restart would otherwise emit an
  // unhandled 'error' and take the whole server down. Its next query fails instead (503), and the
  // pool discards it on release.
  pool.on('connect', (client) => client.on('error', () => {}));
  return {
    db: drizzle(pool, { schema }),
    pool,
    kind,
    ready: async () => running() && (await probe()),
    notifications,
    async close() {
      await pool.end();
      await onClose?.();
    },
  };
}

export function openPostgres(connectionString: string, max = 10): DatabaseHandle {
  return wrapPool(preparingPool(new pg.Pool({ connectionString, max })), 'postgres', { probe: () => probeServer(connectionString) });
}
/** At most this many distinct statements are prepared (per connection); others run unnamed. */
const MAX_PREPARED = 1000;

/**
 * The name a statement is prepared under, the same for the same text (decision 038). PostgreSQL then
 * parses and plans a statement once per connection instead of on every request: for the portal's
 * joins, planning cost more than running (certificate rows: 1.1 ms planning, 0.2 ms execution).
 */
export function statementNamer(max = MAX_PREPARED) {
  const names = new Map<string, string>();
  return (text: string): string | undefined => {
    let name = names.get(text);
    if (!name && names.size < max) {
      name = `s${names.size + 1}`;
      names.set(text, name);
    }
    return name;
  };
}

/**
 * Pool queries (drizzle's reads and single writes) run as named, prepared statements. Only on a
 * PostgreSQL server: PGlite's connections share one backend, where a name prepared by a closed
 * connection would still exist for the next. Statements in a transaction (pool.connect) stay unnamed.
 */
export function preparingPool(pool: pg.Pool): pg.Pool {
  const nameOf = statementNamer();
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const named = (config: unknown) => {
    if (typeof config !== 'object' || config === null) return config;
    const c = config as { text?: unknown; name?: unknown };
    if (typeof c.text !== 'string' || c.name) return config;
    const name = nameOf(c.text);
    return name ? { ...c, name } : config;
  };
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest: unknown[]) =>
    query(named(config), ...rest);
  return pool;
}

export interface EmbeddedOptions {
  /** Called when the database cannot be restarted (default: exit, so a supervisor restarts the server). */
  onGiveUp?: (error: Error) => void;
  /** Where restarts are reported (default: stderr). */
  log?: (message: string) => void;
}

/** Restarts of the embedded database in a row, failing to start, before the server gives up. */
const MAX_FAILED_STARTS = 5;

/** A consistent copy of the database, open on a pool of its own, for a backup to read from. */
export interface DatabaseSnapshot {
  pool: pg.Pool;
  close(): Promise<void>;
}

/** The embedded database's handle also names its child process (tests kill it). */
export type EmbeddedHandle = DatabaseHandle & {
  childPid(): number | undefined;
  /**
   * A copy of the data folder opened as a second embedded database: PGlite has one backend, so a
   * backup reading the live database in one transaction would hold every other request back for its
   * whole run. The copy takes the time of a file copy; the backup then reads the copy.
   */
  snapshot(): Promise<DatabaseSnapshot>;
};

/**
 * The embedded database in a supervised child process: when the child dies it is started again (its
 * data is on disk, written ahead like PostgreSQL's), with a growing pause if it keeps failing. While it
 * is down, queries fail (503) and `ready()` is false; the pool reconnects to the same socket path.
 */
export async function openEmbedded(dataDir: string, options: EmbeddedOptions = {}): Promise<EmbeddedHandle> {
  mkdirSync(dataDir, { recursive: true });
  const log = options.log ?? ((message: string) => console.error(message));
  const giveUp = options.onGiveUp ?? (() => process.exit(1));
  let child: ChildProcess;
  let running = false;
  let closing = false;
  let failedStarts = 0;

  const start = async (): Promise<string> => {
    child = fork(new URL('./pglite-host.ts', import.meta.url), [], {
      env: { ...process.env, PGLITE_DATA_DIR: dataDir },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const socketDir = await waitForReady(child);
    running = true;
    failedStarts = 0;
    child.once('exit', (code, signal) => {
      running = false;
      if (!closing) void restart(`The embedded database stopped (${signal ?? `code ${code}`}); restarting it`);
    });
    return socketDir;
  };

  const restart = async (reason: string) => {
    log(reason);
    while (!closing) {
      await new Promise((resolve) => setTimeout(resolve, 200 * 2 ** failedStarts));
      try {
        await start();
        log('The embedded database is running again');
        return;
      } catch (error) {
        failedStarts += 1;
        if (failedStarts >= MAX_FAILED_STARTS) return giveUp(error as Error);
      }
    }
  };

  const socketDir = await start();
  const { pool, notifications } = embeddedPool(socketDir);
  const handle = wrapPool(pool, 'pglite', {
    notifications,
    running: () => running,
    onClose: () => {
      closing = true;
      return stopChild(child);
    },
  });
  let snapshots = 0;
  const snapshot = async (): Promise<DatabaseSnapshot> => {
    const dir = path.join(dataDir, `snapshot-${process.pid}-${++snapshots}`);
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    try {
      await copyDataFolder(child, path.join(dir, 'pgdata'));
      const copy = await openEmbedded(dir, {
        log,
        onGiveUp: (error) => log(`The backup's copy of the database stopped: ${error.message}`),
      });
      return {
        pool: copy.pool,
        close: async () => {
          await copy.close();
          await rm(dir, { recursive: true, force: true });
        },
      };
    } catch (error) {
      await rm(dir, { recursive: true, force: true });
      throw error;
    }
  };
  return Object.assign(handle, { childPid: () => child.pid, snapshot });
}

/** Asks the database's process for a copy of its data folder at `target` (pglite-host.ts). */
function copyDataFolder(child: ChildProcess, target: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: { snapshotDone?: string; error?: string }) => {
      if (message.snapshotDone !== target) return;
      done();
      if (message.error) reject(new Error(message.error));
      else resolve();
    };
    const onExit = () => {
      done();
      reject(new Error('The embedded database stopped while copying its data folder'));
    };
    const done = () => {
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
    child.send({ snapshot: target });
  });
}

/**
 * The pool on PGlite's socket. PGlite is single-user: one connection, and the pool queues the rest.
 * All connections share its one backend, and a notification goes to the connection whose statement
 * raised it, so each connection listens and passes what it hears on.
 */
export function embeddedPool(socketDir: string): { pool: pg.Pool; notifications: EventEmitter } {
  const notifications = new EventEmitter();
  const pool = new pg.Pool({
    host: socketDir,
    user: 'postgres',
    database: 'postgres',
    max: 1,
    onConnect: async (client) => {
      client.on('notification', (message) => notifications.emit('notification', message));
      await client.query(`LISTEN ${AUTH_CHANNEL}`);
    },
  });
  return { pool, notifications };
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
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
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
