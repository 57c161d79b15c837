/** Readiness of the database for /api/health and a load balancer: probes shared and answered in time. */
import pg from 'pg';

/** How long the readiness probe waits for `select 1`. */
const PROBE_TIMEOUT_MS = 2000;

/** How long a readiness answer is reused: a load balancer asking many times a second costs one probe. */
const PROBE_FRESH_MS = 1000;

/**
 * One probe at a time, its answer reused for `freshMs`: callers that ask meanwhile share it. On
 * PostgreSQL a probe opens a connection of its own (the server's CPU and a backend start);
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
export function probeServer(connectionString: string): Promise<boolean> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: PROBE_TIMEOUT_MS });
  client.on('error', () => {});
  const work = client.connect().then(() => client.query('select 1'));
  return answersInTime(work).finally(() => client.end().catch(() => {}));
}
