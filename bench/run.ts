/**
 * `npm run bench`: the portal at production scale against the bare limit (issue 11's protocol,
 * docs/performance.md). Builds or reuses the scale database, starts the production server, and for each
 * endpoint of bench/endpoints.ts: a warm-up, then autocannon for a few seconds; beside it, in the same
 * run and in alternating slices, the same SQL through a bare `node:http` + `pg` server. Writes bench/results/*.json and the
 * table in docs/performance.md.
 *
 *   npm run bench [-- --only name,name] [--seconds 5] [--warmup 2] [--connections 32] [--embedded]
 */
import { type ChildProcess, fork } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { SERVER_NODE_FLAGS } from '../packages/server/src/node-flags.ts';
import { captureBareSql, type Trips } from './capture.ts';
import { BENCH_USER, benchDatabaseUrl, ensureScaleData, type Fixtures, findFixtures, runNode } from './database.ts';
import { type BenchEndpoint, endpoints } from './endpoints.ts';
import { type LoadResult, load, rssMb, type Sample, summarize } from './load.ts';
import { growthTable, type Row, type RunInfo, writeDoc, writeGrowth } from './report.ts';

const root = path.resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: {
    embedded: { type: 'boolean', default: false },
    only: { type: 'string' },
    seconds: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '32' },
    'no-doc': { type: 'boolean', default: false },
    scale: { type: 'string', default: '1' },
  },
});
/** `--scale 5`: the scale set five times over, in its own database, compared with the last full 1x run. */
const scale = Number(args.scale);
if (!Number.isInteger(scale) || scale < 1) throw new Error('--scale must be a whole number of at least 1');
if (scale > 1 && args.embedded) throw new Error('--scale runs on PostgreSQL only');
const seconds = Number(args.seconds);
const warmup = Number(args.warmup);
const connections = args.embedded ? 1 : Number(args.connections);
const port = Number(process.env.BENCH_PORT ?? 3990);
const barePort = port + 1;
const log = (line: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}`);

const only = args.only?.split(',').map((s) => s.trim().toLowerCase());
const selected = endpoints.filter((e) => (!args.embedded || e.embedded) && (!only || only.some((o) => e.name.toLowerCase().includes(o))));

function startNode(script: string, scriptArgs: string[], env: NodeJS.ProcessEnv, execArgv: string[] = []): ChildProcess {
  return fork(path.join(root, script), scriptArgs, { cwd: root, env, execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
}

async function waitForHttp(url: string, child: ChildProcess, timeoutMs = 300_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited with ${child.exitCode}`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(`${url} did not answer in ${timeoutMs / 1000} s`);
}

/** Fails when something already listens on the port (its answers would be taken for the portal's). */
function assertPortFree(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', () =>
      reject(new Error(`Port ${port} is in use: set BENCH_PORT to a free port (the bare server takes the next one).`)),
    );
    probe.listen(port, () => probe.close(() => resolve()));
  });
}

function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function signIn(base: string): Promise<string> {
  const response = await fetch(`${base}/api/Account/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_USER),
  });
  if (!response.ok) throw new Error(`login: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/** Portal and bare alternate in slices of about a second, so a change in the machine's load hits both alike. */
const SLICES = 3;

async function measure(
  portalUrl: string,
  bareUrl: string | null,
  e: BenchEndpoint,
  f: Fixtures,
  token: string,
  pids: { portal?: number; bare?: number },
): Promise<{ portal: LoadResult; bare: LoadResult | null }> {
  const options = {
    connections: e.connections ?? connections,
    method: e.method ?? 'GET',
    headers: e.anonymous ? undefined : { authorization: `Bearer ${token}` },
    body: e.body ? JSON.stringify(e.body(f)) : undefined,
  } as const;
  if (e.download) return { portal: await downloads(portalUrl, options.method, token, pids.portal), bare: null };
  const slice = seconds / SLICES;
  if (warmup > 0) {
    await load({ ...options, url: portalUrl, seconds: warmup });
    if (bareUrl) await load({ ...options, url: bareUrl, seconds: warmup });
  }
  const portal: Sample[] = [];
  const bare: Sample[] = [];
  for (let i = 0; i < SLICES; i++) {
    portal.push(await load({ ...options, url: portalUrl, seconds: slice, pid: pids.portal }));
    if (bareUrl) bare.push(await load({ ...options, url: bareUrl, seconds: slice, pid: pids.bare }));
  }
  return { portal: summarize(portal), bare: bareUrl ? summarize(bare) : null };
}

/**
 * A download link's time to last byte: one request at a time, each with a fresh download token,
 * for the run's seconds (at least two); the server's RSS is sampled and its growth logged.
 */
async function downloads(url: string, method: 'GET' | 'POST', token: string, pid: number | undefined): Promise<LoadResult> {
  const base = new URL(url);
  const rss = () => (pid === undefined ? null : rssMb(pid));
  const before = rss();
  const samples: Sample[] = [];
  const until = Date.now() + seconds * 1000;
  while (samples.length < 2 || Date.now() < until) {
    const issued = await fetch(`${base.origin}/api/Account/DownloadToken`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    const { token: link } = (await issued.json()) as { token: string };
    let peak: number | null = null;
    const sampler = setInterval(() => {
      const now = rss();
      if (now !== null) peak = Math.max(peak ?? 0, now);
    }, 50);
    const started = performance.now();
    const response = await fetch(`${url}${url.includes('?') ? '&' : '?'}access_token=${link}`, { method });
    let bytes = 0;
    for await (const chunk of response.body ?? []) bytes += (chunk as Uint8Array).length;
    const ms = performance.now() - started;
    clearInterval(sampler);
    samples.push({ times: [ms], errors: response.ok ? 0 : 1, seconds: ms / 1000, peakRssMb: peak });
    log(`  ${base.pathname}: ${response.status}, ${(bytes / 1e6).toFixed(1)} MB in ${ms.toFixed(0)} ms`);
  }
  const result = summarize(samples);
  if (before !== null && result.peakRssMb !== null)
    log(`  RSS growth ${(result.peakRssMb - before).toFixed(0)} MB (from ${before.toFixed(0)} MB)`);
  return result;
}

async function main() {
  const started = Date.now();
  const dataDir = process.env.BENCH_DATA_DIR ?? path.join(root, 'data', 'bench-embedded');
  const url = args.embedded ? undefined : await benchDatabaseUrl(log, scale);
  const baseEnv: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'production' };
  const dbEnv: NodeJS.ProcessEnv = url ? { ...baseEnv, DATABASE_URL: url } : { ...baseEnv, DATABASE_URL: '', DATA_DIR: dataDir };
  if (url) await ensureScaleData(url, dbEnv, log, scale);
  else await seedEmbeddedOnce(dbEnv, dataDir);

  await assertPortFree(port);
  await assertPortFree(barePort);
  const server = startNode(
    'packages/server/src/main.ts',
    [],
    {
      ...dbEnv,
      PORT: String(port),
      DEMO_DATA: '0',
      PORTAL_ADMIN_EMAIL: BENCH_USER.username,
      PORTAL_ADMIN_PASSWORD: BENCH_USER.password,
      LOGINS_PER_MINUTE: '1000000',
    },
    SERVER_NODE_FLAGS,
  );
  let bare: ChildProcess | undefined;
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${base}/api/health`, server);
    log(`portal up (pid ${server.pid})`);
    const fixtureDb = url
      ? new pg.Pool({ connectionString: url, max: 1 })
      : new pg.Pool({ host: path.join(dataDir, 'socket'), user: 'postgres', database: 'postgres', max: 1 });
    const fixtures = await findFixtures(fixtureDb);
    await fixtureDb.end();
    const token = await signIn(base);

    const bareNames: string[] = [];
    let trips: Record<string, Trips> = {};
    if (url) {
      log('recording the SQL of each endpoint for the bare server');
      const captured = await captureBareSql(url, token, fixtures, selected);
      const waves = captured.waves;
      trips = captured.trips;
      bareNames.push(...Object.keys(waves));
      const file = path.join(os.tmpdir(), `bench-statements-${process.pid}.json`);
      writeFileSync(file, JSON.stringify(bareNames.map((n) => waves[n])));
      bare = startNode('bench/bare-server.ts', [String(barePort), file], { ...process.env, DATABASE_URL: url });
      await waitForHttp(`http://127.0.0.1:${barePort}/hello`, bare);
    }

    const rows: Row[] = [];
    if (bare) {
      const helloEndpoint: BenchEndpoint = { name: 'hello', kind: 'light', path: () => '/hello' };
      const hello = (await measure(`http://127.0.0.1:${barePort}/hello`, null, helloEndpoint, fixtures, token, { portal: bare.pid }))
        .portal;
      rows.push({ name: 'bare hello (HTTP floor)', kind: 'floor', connections, load: os.loadavg()[0], portal: null, bare: hello });
      log(`bare hello: ${hello.rps.toFixed(0)} req/s`);
    }
    for (const e of selected) {
      const loadAverage = os.loadavg()[0];
      const index = bareNames.indexOf(e.name);
      const bareUrl = bare && index >= 0 ? `http://127.0.0.1:${barePort}/q/${index}` : null;
      const { portal, bare: bareResult } = await measure(`${base}${e.path(fixtures)}`, bareUrl, e, fixtures, token, {
        portal: server.pid,
        bare: bare?.pid,
      });
      rows.push({
        name: e.name,
        kind: e.kind,
        path: e.path(fixtures),
        connections: e.connections ?? connections,
        target: e.target,
        load: loadAverage,
        trips: trips[e.name],
        portal,
        bare: bareResult,
      });
      const ratio = bareResult ? ` | bare ${bareResult.rps.toFixed(0)} req/s, ratio ${(portal.rps / bareResult.rps).toFixed(2)}` : '';
      log(
        `${e.name}: ${portal.rps.toFixed(0)} req/s, p50 ${portal.p50.toFixed(1)} p95 ${portal.p95.toFixed(1)} p99 ${portal.p99.toFixed(1)} ms, errors ${portal.errors}${ratio}`,
      );
    }

    const info = await runInfo(url, started);
    const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);
    const resultsDir = path.join(root, 'bench', 'results');
    mkdirSync(resultsDir, { recursive: true });
    const file = path.join(resultsDir, `${stamp}-${info.database}${scale > 1 ? `-${scale}x` : ''}.json`);
    writeFileSync(file, `${JSON.stringify({ info, rows, full: !only }, null, 2)}\n`);
    log(`results: ${path.relative(root, file)}`);
    if (scale > 1) console.log(`\n${growthTable(resultsDir, scale, rows)}\n`);
    if (!only && !args['no-doc']) {
      const doc = path.join(root, 'docs', 'performance.md');
      if (scale === 1) writeDoc(doc, info, rows);
      else writeGrowth(doc, resultsDir, scale, info, rows);
      log('docs/performance.md updated');
    }
  } finally {
    await stop(bare);
    await stop(server);
  }
}

/** The embedded database is seeded once into its own DATA_DIR; a marker file says it is done. */
async function seedEmbeddedOnce(env: NodeJS.ProcessEnv, dataDir: string) {
  const marker = path.join(dataDir, 'bench-seeded');
  if (existsSync(marker)) return log(`embedded scale set present in ${dataDir}`);
  rmSync(dataDir, { recursive: true, force: true });
  log(`seeding the scale set into the embedded database in ${dataDir} (a few minutes)`);
  await runNode(['packages/server/src/seed/scale.ts'], env);
  writeFileSync(marker, new Date().toISOString());
}

async function runInfo(url: string | undefined, started: number): Promise<RunInfo> {
  const { execSync } = await import('node:child_process');
  const git = (cmd: string) => {
    try {
      return execSync(`git ${cmd}`, { cwd: root, encoding: 'utf8' }).trim();
    } catch {
      return 'unknown';
    }
  };
  let server = 'PGlite (embedded)';
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    server = (await client.query('show server_version')).rows[0].server_version;
    await client.end();
  }
  return {
    date: new Date().toISOString(),
    commit: `${git('rev-parse --short HEAD')}${git('status --porcelain') ? ' (with uncommitted changes)' : ''}`,
    machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GB, ${os.platform()} ${os.release()}`,
    node: process.version,
    database: url ? 'postgres' : 'embedded',
    scale,
    databaseServer: url ? `PostgreSQL ${server}` : server,
    connections,
    seconds,
    warmup,
    loadAverageEnd: os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' '),
    totalSeconds: Math.round((Date.now() - started) / 1000),
  };
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
