/** Opens a PostgreSQL server (DATABASE_URL); the embedded PGlite in a child process is embedded.ts. */
import { EventEmitter } from 'node:events';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { takeTurns } from './fair-turns.ts';
import { probeDatabase, probeServer, sharedProbe } from './readiness.ts';
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
  /**
   * The notifications the pool's connections receive: every channel on the embedded database (see
   * embeddedPool), the data channel on PostgreSQL (this process's own writes, heard before they return).
   */
  notifications?: EventEmitter;
  close(): Promise<void>;
}

/** The channel of the session and access triggers (db/derived/notify.sql, auth/session-cache.ts). */
export const AUTH_CHANNEL = 'portal_auth';
/** The channel of the answer caches' triggers (db/derived/notify.sql, db/answer-cache.ts). */
export const DATA_CHANNEL = 'portal_data';

// Dates come back as strings, counts (bigint) as numbers: ids and counts here stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

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
  const { onClose, running = () => true } = options;
  const probe = sharedProbe(options.probe ?? (() => probeDatabase(pool)));
  pool.on('error', () => {}); // an idle client dropped by the server is replaced on next use
  // A checked-out client has no listener of the pool's: one dropped between two statements (a
  // transaction's, a backup's) by pg_terminate_backend or a server restart would otherwise emit an
  // unhandled 'error' and take the whole server down. Its next query fails instead (503), and the
  // pool discards it on release.
  pool.on('connect', (client) => client.on('error', () => {}));
  takeTurns(pool);
  const notifications = options.notifications ?? (kind === 'postgres' ? hearOwnWrites(pool) : undefined);
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

/**
 * PostgreSQL hands a session its own notification before its statement's (or commit's) answer when it
 * listens: so each pool connection listens on the data channel, and a write of this process drops
 * the answers it changed before it returns (db/answer-cache.ts).
 */
function hearOwnWrites(pool: pg.Pool): EventEmitter {
  const heard = new EventEmitter();
  // The pool awaits this hook before it hands a new connection out.
  pool.options.onConnect = async (client: pg.ClientBase) => {
    client.on('notification', (message) => heard.emit('notification', message));
    await client.query(`LISTEN ${DATA_CHANNEL}`).catch(() => {}); // without it, the dedicated listener still tells (a moment later)
  };
  return heard;
}

export function openPostgres(connectionString: string, max = 10): DatabaseHandle {
  return wrapPool(preparingPool(new pg.Pool({ connectionString, max })), 'postgres', { probe: () => probeServer(connectionString) });
}
/** At most this many distinct statements are prepared (per connection); others run unnamed. */
const MAX_PREPARED = 1000;
/** At most this many statements with a literal page window are prepared (per connection). */
const MAX_WINDOWS = 200;
const windowNames = new WeakMap<pg.Pool, (text: string) => string | undefined>();

/**
 * The name a statement is prepared under, the same for the same text (decision 038). PostgreSQL then
 * parses and plans a statement once per connection instead of on every request: for the portal's
 * joins, planning cost more than running.
 */
export function statementNamer(max = MAX_PREPARED, prefix = 's') {
  const names = new Map<string, string>();
  return (text: string): string | undefined => {
    let name = names.get(text);
    if (!name && names.size < max) {
      name = `${prefix}${names.size + 1}`;
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
  windowNames.set(pool, statementNamer(MAX_WINDOWS, 'w'));
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

/**
 * A name for a statement whose text holds its page's limit and offset as literals, from a budget of
 * its own (so pages never use up the pool's names), or undefined: the pool does not prepare (PGlite)
 * or the budget is spent, and the caller sends the statement with the window as parameters instead.
 * A limit given as a parameter makes PostgreSQL's generic plan assume 10% of the rows, so it plans
 * such a statement anew on every run (more than running it).
 */
export function windowStatementName(pool: pg.Pool, text: string): string | undefined {
  return windowNames.get(pool)?.(text);
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
