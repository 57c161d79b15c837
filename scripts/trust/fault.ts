/**
 * Fault test (issue 13): a write load where each write carries a client id and every acknowledged write
 * is recorded; the server (with its embedded database process) is killed with SIGKILL mid-load several
 * times and restarted; at the end every acknowledged write must be there exactly once.
 *
 * The write is POST /api/Rigs with a name derived from the client id, so it is idempotent by client id:
 * rig names are unique, and a write in flight at the kill (unknown outcome) is sent again after the
 * restart, where 201 (it was lost before commit) or 400 "already exists" (it was committed) both settle
 * it. Run on the embedded database and on PostgreSQL (a database of its own, dropped afterwards).
 *
 *   node scripts/trust/fault.ts [embedded|postgres ...]   (default: both)
 *   FAULT_KILLS=3  FAULT_WORKERS=4  TRUST_PG_URL=postgres://postgres@127.0.0.1:5432/postgres
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, killServer, login, type RunningServer, startServer, stopServer, waitForReady } from './server.ts';
import { countNames, createRig, rigName, rigNames } from './writes.ts';

const KILLS = Number(process.env.FAULT_KILLS ?? 3);
const WORKERS = Number(process.env.FAULT_WORKERS ?? 4);
const PG_URL = process.env.TRUST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface Result {
  database: string;
  kills: number;
  sent: number;
  acknowledged: number;
  inDoubt: number;
  inDoubtFoundWritten: number;
  lost: string[];
  duplicated: string[];
  unexpected: string[];
  serverErrors: number;
}

/** Tallies of one round's load, filled in while it runs (the kill watches `acknowledged`). */
interface Round {
  acknowledged: number[];
  unknown: number[];
  serverErrors: number;
  stopped: boolean;
}

/** Sends writes from several workers until the round is stopped (the kill). */
async function load(baseUrl: string, token: string, run: string, next: () => number, round: Round) {
  const worker = async () => {
    while (!round.stopped) {
      const clientId = next();
      const { outcome, status } = await createRig(baseUrl, token, rigName(run, clientId));
      if (status !== undefined && status >= 500) round.serverErrors += 1;
      if (outcome === 'acknowledged') round.acknowledged.push(clientId);
      else if (outcome === 'unknown') round.unknown.push(clientId);
      else throw new Error(`POST /api/Rigs refused client id ${clientId} with ${status}`);
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, worker));
}

async function runFaults(database: 'embedded' | 'postgres'): Promise<Result> {
  const run = `${database}-${process.pid}-${Date.now().toString(36)}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-fault-'));
  const port = await freePort(Number(process.env.TRUST_PORT ?? 0) || undefined);
  let databaseUrl: string | undefined;
  let admin: pg.Client | undefined;
  const dbName = `portal_fault_${process.pid}_${Date.now().toString(36)}`;
  if (database === 'postgres') {
    admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    const url = new URL(PG_URL);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }

  let clientId = 0;
  const next = () => ++clientId;
  const acknowledged = new Set<number>();
  let pending: number[] = [];
  const result: Result = {
    database,
    kills: 0,
    sent: 0,
    acknowledged: 0,
    inDoubt: 0,
    inDoubtFoundWritten: 0,
    lost: [],
    duplicated: [],
    unexpected: [],
    serverErrors: 0,
  };
  let server: RunningServer | undefined;
  try {
    for (let round = 0; round <= KILLS; round += 1) {
      const starting = Date.now();
      server = startServer({ port, dataDir, databaseUrl });
      await waitForReady(server);
      console.log(`  ${database}: server ready in ${((Date.now() - starting) / 1000).toFixed(1)} s`);
      const token = await login(server.baseUrl);
      // Writes whose answer the last kill cut off: sent again with the same client id.
      for (const id of pending) {
        const { outcome, status } = await createRig(server.baseUrl, token, rigName(run, id));
        if (outcome !== 'acknowledged') throw new Error(`Client id ${id} sent again after the restart: ${status ?? 'no answer'}`);
        if (status === 400) result.inDoubtFoundWritten += 1;
        acknowledged.add(id);
      }
      pending = [];
      if (round === KILLS) break;
      // Kill at a random moment after some writes were acknowledged, so commits are under way when it lands.
      const target = 40 + Math.floor(Math.random() * 80);
      const tally: Round = { acknowledged: [], unknown: [], serverErrors: 0, stopped: false };
      const current = server;
      const kill = (async () => {
        const started = Date.now();
        while (tally.acknowledged.length < target && Date.now() - started < 120_000) {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        // No new writes from here on: those in flight now are the ones whose outcome the kill makes unknown.
        tally.stopped = true;
        await killServer(current);
        result.kills += 1;
      })();
      await Promise.all([load(server.baseUrl, token, run, next, tally), kill]);
      for (const id of tally.acknowledged) acknowledged.add(id);
      pending = tally.unknown;
      result.inDoubt += pending.length;
      result.serverErrors += tally.serverErrors;
      console.log(`  ${database}: kill ${result.kills} after ${tally.acknowledged.length} acknowledged writes, ${pending.length} in doubt`);
    }
    const token = await login(server!.baseUrl);
    const names = await rigNames(server!.baseUrl, token);
    const counts = countNames(names, run);
    result.sent = clientId;
    result.acknowledged = acknowledged.size;
    for (const id of acknowledged) {
      const count = counts.get(rigName(run, id)) ?? 0;
      if (count === 0) result.lost.push(String(id));
      if (count > 1) result.duplicated.push(String(id));
    }
    const expected = new Set([...acknowledged].map((id) => rigName(run, id)));
    result.unexpected = [...counts.keys()].filter((name) => !expected.has(name));
    return result;
  } finally {
    if (server) await stopServer(server);
    await rm(dataDir, { recursive: true, force: true });
    if (admin) {
      await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
      await admin.end();
    }
  }
}

const which = process.argv.slice(2);
const databases = (which.length ? which : ['embedded', 'postgres']) as ('embedded' | 'postgres')[];
let failed = false;
for (const database of databases) {
  const started = Date.now();
  console.log(`Fault test on the ${database} database: ${KILLS} kills (SIGKILL), ${WORKERS} writers`);
  const r = await runFaults(database);
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  console.log(
    `  ${database}: ${r.kills} kills, ${r.sent} writes sent, ${r.acknowledged} acknowledged, ${r.inDoubt} in doubt at a kill ` +
      `(${r.inDoubtFoundWritten} found committed when sent again), lost ${r.lost.length}, duplicated ${r.duplicated.length}, ` +
      `unacknowledged present ${r.unexpected.length}, 5xx ${r.serverErrors} (${seconds} s)`,
  );
  if (r.kills < KILLS || r.lost.length || r.duplicated.length || r.unexpected.length || r.serverErrors) {
    failed = true;
    console.error(
      `  FAILED on ${database}: lost ${r.lost.join(', ')}; duplicated ${r.duplicated.join(', ')}; unexpected ${r.unexpected.join(', ')}`,
    );
  }
}
process.exit(failed ? 1 : 0);
