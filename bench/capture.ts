/**
 * The bare SQL behind an endpoint, recorded rather than written twice: the portal's app runs in this
 * process on its own pool, one request per endpoint goes through `inject`, and every statement it sends
 * is kept (text, values, row mode). Statements that overlapped in time (a `Promise.all`) form one wave;
 * the bare server runs the waves in order and the statements of a wave in parallel, as the portal did.
 * The session look-up is left out: the bare server has no sign-in. Answers the portal keeps in memory
 * (db/answer-cache.ts) are recorded with those caches emptied: the bare server runs the SQL they are
 * made of, while the statement counts show what a warm request sends (none).
 */
import { buildApp } from '../packages/server/src/app.ts';
import { startSessionCache } from '../packages/server/src/auth/session-cache.ts';
import { readConfig } from '../packages/server/src/config.ts';
import { startAnswerCaches } from '../packages/server/src/db/answer-cache.ts';
import { openPostgres } from '../packages/server/src/db/client.ts';
import type { Fixtures } from './database.ts';
import type { BenchEndpoint } from './endpoints.ts';

export interface Statement {
  text: string;
  values: unknown[];
  rowMode?: 'array';
}
export type Waves = Statement[][];
/** What one warm request sent, session look-up included: statements, and waves of them in sequence. */
export interface Trips {
  statements: number;
  roundTrips: number;
}

interface Timed extends Statement {
  start: number;
  end: number;
}

const SESSION_SQL = /"sessions"|\bsessions\b/;

export async function captureBareSql(
  url: string,
  token: string,
  fixtures: Fixtures,
  list: BenchEndpoint[],
): Promise<{ waves: Record<string, Waves>; trips: Record<string, Trips> }> {
  const handle = openPostgres(url);
  let log: Timed[] = [];
  // Every statement of the app goes through pool.query (drizzle's node-postgres session calls it).
  const pool = handle.pool as unknown as { query: (config: unknown, values?: unknown) => Promise<unknown> };
  const original = pool.query.bind(pool);
  pool.query = (config: unknown, values?: unknown) => {
    const c = (typeof config === 'string' ? { text: config } : config) as { text: string; values?: unknown[]; rowMode?: 'array' };
    const entry: Timed = {
      text: c.text,
      values: (values ?? c.values ?? []) as unknown[],
      rowMode: c.rowMode,
      start: performance.now(),
      end: 0,
    };
    log.push(entry);
    const result = original(config, values);
    return result.finally(() => {
      entry.end = performance.now();
    });
  };
  const config = { ...readConfig({ ...process.env, DATABASE_URL: url }), loginsPerMinute: 1_000_000 };
  // With the session and answer caches, as the production server runs, so the counts show what a warm request sends.
  const answers = await startAnswerCaches(handle);
  const app = await buildApp({
    db: handle.db,
    databaseReady: handle.ready,
    config,
    logger: false,
    sessions: await startSessionCache(handle),
    answers,
  });
  const waves: Record<string, Waves> = {};
  const trips: Record<string, Trips> = {};
  try {
    for (const endpoint of list.filter((e) => e.bare)) {
      // Once to warm (and to let the caches fill); then the SQL the answer is made of, with the answer
      // caches emptied (a warm request of a cached answer sends none, and the bare figure stays the limit
      // of that SQL); then what a warm request sends.
      for (const pass of ['warm', 'sql', 'trips'] as const) {
        if (pass === 'sql') answers.dropAll();
        log = [];
        const response = await app.inject({
          method: endpoint.method ?? 'GET',
          url: endpoint.path(fixtures),
          headers: { authorization: `Bearer ${token}` },
          ...(endpoint.body ? { payload: endpoint.body(fixtures) as object } : {}),
        });
        if (response.statusCode !== 200) throw new Error(`${endpoint.name}: ${response.statusCode} ${response.body.slice(0, 200)}`);
        if (pass === 'sql') waves[endpoint.name] = toWaves(log.filter((s) => !SESSION_SQL.test(s.text)));
        if (pass === 'trips') trips[endpoint.name] = { statements: log.length, roundTrips: toWaves(log).length };
      }
    }
  } finally {
    await app.close();
    await handle.close();
  }
  return { waves, trips };
}

function toWaves(statements: Timed[]): Waves {
  const waves: Timed[][] = [];
  for (const s of statements) {
    const current = waves.at(-1);
    if (current?.some((other) => s.start < other.end)) current.push(s);
    else waves.push([s]);
  }
  return waves.map((wave) => wave.map(({ text, values, rowMode }) => ({ text, values, rowMode })));
}
