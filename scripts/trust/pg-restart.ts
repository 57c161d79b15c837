/**
 * PostgreSQL outage test (issue 13, readiness): the portal runs on a PostgreSQL instance of its own
 * (initdb and pg_ctl in a temporary folder, on a free port: the shared server is never touched) under
 * a write load. The database then goes away in two ways, several times each:
 *
 * - restart: `pg_ctl stop -m immediate` (a crash: no checkpoint, recovery on start), a pause during
 *   which /api/health must answer 503 and a data call must answer 503, then `pg_ctl start`;
 * - terminate: `pg_terminate_backend` of every connection to the portal's database, a few times in a row.
 *
 * Throughout, no answer may be another 5xx and no request may hang (no answer within
 * TRUST_REQUEST_TIMEOUT_MS). Writes that answer 503 or lose their connection are in doubt and are sent
 * again with the same client id (writes.ts). When the database is back the server must recover by
 * itself (/api/health 200, sign-in, reads, writes) and every acknowledged write must be there exactly once.
 *
 *   node scripts/trust/pg-restart.ts      PG_RESTARTS=3  PG_TERMINATES=3  FAULT_WORKERS=4
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, login, type RunningServer, startServer, stopServer, waitForReady } from './server.ts';
import { countNames, createRig, rigName, rigNames } from './writes.ts';

const RESTARTS = Number(process.env.PG_RESTARTS ?? 3);
const TERMINATES = Number(process.env.PG_TERMINATES ?? 3);
const WORKERS = Number(process.env.FAULT_WORKERS ?? 4);
const REQUEST_TIMEOUT_MS = Number(process.env.TRUST_REQUEST_TIMEOUT_MS ?? 60_000);
/** Answers of each kind seen while the database is stopped, before it is started again. */
const DOWN_PROBES = 3;

/** Debian's PostgreSQL binaries (initdb is not on PATH there), else PATH. */
function pgBin(name: string): string {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
    for (const version of versions) {
      const candidate = path.join(root, version, 'bin', name);
      if (existsSync(candidate)) return candidate;
    }
  }
  return name;
}

/** PostgreSQL refuses to run as root: as root, its commands run as the postgres user. */
function runPg(name: string, args: string[]) {
  const asRoot = process.getuid?.() === 0;
  const [command, commandArgs] = asRoot ? ['runuser', ['-u', 'postgres', '--', pgBin(name), ...args]] : [pgBin(name), args];
  execFileSync(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'], timeout: 180_000 });
}

interface Instance {
  dir: string;
  port: number;
  url: string;
  start(): void;
  crash(): void;
  stop(): void;
}

async function createInstance(): Promise<Instance> {
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-pg-'));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, 'data');
  runPg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=on -c max_connections=50`;
  const instance: Instance = {
    dir,
    port,
    url: `postgres://postgres@127.0.0.1:${port}/portal`,
    start: () => runPg('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', '-t', '120', 'start']),
    crash: () => runPg('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']),
    stop: () => runPg('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
  };
  instance.start();
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query('create database portal');
  await admin.end();
  return instance;
}

interface Tally {
  sent: number;
  acknowledged: Set<number>;
  /** Client ids whose write answered 503 or lost its connection: sent again until settled. */
  inDoubt: Set<number>;
  inDoubtFoundWritten: number;
  status: Map<number, number>;
  otherServerErrors: string[];
  hangs: string[];
  healthDown: number;
  dataDown: number;
}

function record(tally: Tally, what: string, status: number | undefined, timedOut?: boolean) {
  if (timedOut) tally.hangs.push(what);
  if (status !== undefined) tally.status.set(status, (tally.status.get(status) ?? 0) + 1);
  if (status !== undefined && status >= 500 && status !== 503) tally.otherServerErrors.push(`${what}: ${status}`);
}

/** A GET that must answer; its status, or undefined when the request failed (a hang is recorded). */
async function probe(server: RunningServer, tally: Tally, url: string, token?: string): Promise<number | undefined> {
  try {
    const response = await fetch(`${server.baseUrl}${url}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    await response.arrayBuffer();
    record(tally, `GET ${url}`, response.status);
    return response.status;
  } catch (error) {
    record(tally, `GET ${url}`, undefined, (error as Error).name === 'TimeoutError');
    return undefined;
  }
}

async function until(condition: () => Promise<boolean>, what: string | (() => string), timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Timed out waiting for ${typeof what === 'string' ? what : what()}`);
}

async function main() {
  const started = Date.now();
  console.log(
    `PostgreSQL outage test: ${RESTARTS} restarts (stop -m immediate), ${TERMINATES} rounds of pg_terminate_backend, ${WORKERS} writers`,
  );
  const instance = await createInstance();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-pgrestart-'));
  const run = `restart-${process.pid}-${Date.now().toString(36)}`;
  const tally: Tally = {
    sent: 0,
    acknowledged: new Set(),
    inDoubt: new Set(),
    inDoubtFoundWritten: 0,
    status: new Map(),
    otherServerErrors: [],
    hangs: [],
    healthDown: 0,
    dataDown: 0,
  };
  let server: RunningServer | undefined;
  let failed = false;
  try {
    server = startServer({ port: await freePort(), dataDir, databaseUrl: instance.url });
    await waitForReady(server);
    const token = await login(server.baseUrl);
    const running = server;

    let clientId = 0;
    let stopped = false;
    const write = async (id: number, retry: boolean) => {
      tally.sent += 1;
      const { outcome, status, timedOut } = await createRig(running.baseUrl, token, rigName(run, id));
      record(tally, `POST /api/Rigs (client id ${id})`, status, timedOut);
      if (status === undefined && !timedOut && (running.process.exitCode !== null || running.process.signalCode !== null)) {
        throw new Error(`The server exited (${running.process.exitCode ?? running.process.signalCode})`);
      }
      if (outcome === 'acknowledged') {
        tally.acknowledged.add(id);
        if (retry && status === 400) tally.inDoubtFoundWritten += 1;
      } else if (outcome === 'unknown') tally.inDoubt.add(id);
      else throw new Error(`POST /api/Rigs refused client id ${id} with ${status}`);
      return outcome;
    };
    const worker = async () => {
      while (!stopped) {
        // Settle a write in doubt first, else a new one.
        const [doubt] = tally.inDoubt;
        if (doubt !== undefined) tally.inDoubt.delete(doubt); // this worker's to settle
        const outcome = doubt !== undefined ? await write(doubt, true) : await write(++clientId, false);
        // While the database is away, do not spin: a short pause between refused writes.
        if (outcome === 'unknown') await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    let loadError: unknown;
    const load = Promise.all(Array.from({ length: WORKERS }, worker)).catch((error) => {
      loadError = error;
    });
    const acknowledgedAfter = async (more: number) => {
      const target = tally.acknowledged.size + more;
      await until(
        async () => {
          if (loadError) throw loadError;
          return tally.acknowledged.size >= target;
        },
        () => `${more} more acknowledged writes (answers so far: ${JSON.stringify([...tally.status])}, hangs ${tally.hangs.length})`,
      );
    };

    const faults: ('restart' | 'terminate')[] = [];
    for (let i = 0; i < Math.max(RESTARTS, TERMINATES); i += 1) {
      if (i < RESTARTS) faults.push('restart');
      if (i < TERMINATES) faults.push('terminate');
    }
    let restarts = 0;
    let terminated = 0;
    for (const fault of faults) {
      await acknowledgedAfter(30 + Math.floor(Math.random() * 50));
      if (fault === 'restart') {
        instance.crash();
        restarts += 1;
        // While it is down: readiness says so, and data calls answer 503 (not 500, not a hang).
        let health = 0;
        let data = 0;
        await until(async () => {
          if ((await probe(running, tally, '/api/health')) === 503) health += 1;
          if ((await probe(running, tally, '/api/Rigs', token)) === 503) data += 1;
          return health >= DOWN_PROBES && data >= DOWN_PROBES;
        }, '503 from /api/health and /api/Rigs while PostgreSQL is stopped');
        tally.healthDown += health;
        tally.dataDown += data;
        instance.start();
        await until(async () => (await probe(running, tally, '/api/health')) === 200, '/api/health 200 after the restart');
        console.log(
          `  restart ${restarts}: ${tally.acknowledged.size} acknowledged so far, health 503 x${health}, data 503 x${data}, back`,
        );
      } else {
        const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${instance.port}/postgres` });
        await admin.connect();
        let killed = 0;
        for (let round = 0; round < 5; round += 1) {
          const { rowCount } = await admin.query(
            `select pg_terminate_backend(pid) from pg_stat_activity where datname = 'portal' and pid <> pg_backend_pid()`,
          );
          killed += rowCount ?? 0;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        await admin.end();
        terminated += killed;
        console.log(`  terminate round: ${killed} connections terminated, ${tally.acknowledged.size} acknowledged so far`);
      }
    }
    // Recovered: the load goes on for a while on the reconnected pool.
    await acknowledgedAfter(30);
    stopped = true;
    await load;
    // Everything works again: a new sign-in, a read, and the writes still in doubt settled.
    const fresh = await login(running.baseUrl);
    for (const id of [...tally.inDoubt]) {
      tally.inDoubt.delete(id);
      if ((await write(id, true)) !== 'acknowledged') throw new Error(`Client id ${id} could not be settled after recovery`);
    }
    const counts = countNames(await rigNames(running.baseUrl, fresh), run);
    const lost = [...tally.acknowledged].filter((id) => !counts.has(rigName(run, id)));
    const duplicated = [...tally.acknowledged].filter((id) => (counts.get(rigName(run, id)) ?? 0) > 1);
    const expected = new Set([...tally.acknowledged].map((id) => rigName(run, id)));
    const unexpected = [...counts.keys()].filter((name) => !expected.has(name));
    const statuses = [...tally.status.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status} x${count}`)
      .join(', ');
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    console.log(
      `  ${restarts} restarts, ${terminated} connections terminated; ${tally.sent} writes sent, ${tally.acknowledged.size} acknowledged ` +
        `(${tally.inDoubtFoundWritten} in doubt found committed when sent again), lost ${lost.length}, duplicated ${duplicated.length}, ` +
        `unacknowledged present ${unexpected.length}; answers ${statuses}; health 503 x${tally.healthDown} and data 503 x${tally.dataDown} ` +
        `while down; other 5xx ${tally.otherServerErrors.length}, hangs ${tally.hangs.length} (${seconds} s)`,
    );
    if (lost.length || duplicated.length || unexpected.length || tally.otherServerErrors.length || tally.hangs.length) {
      failed = true;
      console.error(
        `  FAILED: lost ${lost.join(', ')}; duplicated ${duplicated.join(', ')}; unexpected ${unexpected.join(', ')}; ` +
          `5xx ${tally.otherServerErrors.slice(0, 10).join('; ')}; hangs ${tally.hangs.slice(0, 10).join('; ')}`,
      );
      console.error(server.output().slice(-4000));
    }
  } catch (error) {
    if (server) console.error(server.output().slice(-6000));
    throw error;
  } finally {
    if (server) await stopServer(server);
    try {
      instance.stop();
    } catch {
      // Already stopped.
    }
    await rm(dataDir, { recursive: true, force: true });
    await rm(instance.dir, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

await main();
