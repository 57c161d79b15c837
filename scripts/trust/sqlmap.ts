/**
 * sqlmap (Debian's package) against the search and list endpoints on loopback, signed in as a
 * SystemAdministrator (who reaches every query), on a server with the demo data (sqlmap compares answers,
 * so the lists must hold rows). Each target is bounded in time; any injection found, any 5xx answer or a
 * target that does not finish in time fails the run.
 *
 *   node scripts/trust/sqlmap.ts      SQLMAP_TARGET_SECONDS=240 bounds each target (default);
 *                                     SQLMAP_ONLY=Certificates tests only the URLs containing it
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, login, startServer, stopServer, waitForReady } from './server.ts';

const TARGET_SECONDS = Number(process.env.SQLMAP_TARGET_SECONDS ?? 240);

/** Every GET endpoint that takes a search term, filter or paging parameter (each parameter is tested). */
const TARGETS = [
  '/api/Equipment/Search?search=shackle',
  '/api/Equipment/autocomplete?search=sh',
  '/api/Equipment?search=sh&type=Chain',
  '/api/Certificates/search?search=10',
  '/api/Certificates/type?search=ch',
  '/api/Certificates?page=0&pageSize=10&sort=id&direction=desc&search=1&owner=1',
  '/api/Events?page=0&pageSize=10',
  '/api/Events/byFilter?page=0&pageSize=10&user=demo&eventType=1&rig=1',
  '/api/Account/GetUsers?search=demo',
  '/api/Chips/Chips?page=0&pageSize=10&search=1',
  '/api/Unlinked?Page=0&PageSize=10&Search=1&HasNoEvents=false',
  '/api/EquipmentTags?page=0&pageSize=10&search=1',
  '/api/Files?page=0&pageSize=10',
  '/api/Notification?page=0&pageSize=10&search=1',
];

/** Debian's sqlmap, installed with apt-get when missing and running as root (as CI does). */
function ensureSqlmap() {
  try {
    execFileSync('sqlmap', ['--version'], { stdio: 'ignore' });
    return;
  } catch {
    // Not installed.
  }
  if (process.getuid?.() !== 0) throw new Error("sqlmap is missing. Install Debian's package first: sudo apt-get install -y sqlmap");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'sqlmap'], { stdio: 'inherit', env });
}

interface Outcome {
  target: string;
  requests: number;
  serverErrors: number;
  injectable: boolean;
  finished: boolean;
  /** sqlmap's first request (the original URL) answered 200: signed in, the endpoint exists. */
  baselineOk: boolean;
  seconds: number;
  output: string;
}

function sqlmap(url: string, token: string, outputDir: string): Promise<Outcome> {
  const traffic = path.join(outputDir, `traffic-${Math.random().toString(36).slice(2)}.txt`);
  const started = Date.now();
  const args = [
    '-u',
    url,
    `--headers=Authorization: Bearer ${token}`,
    '--batch',
    '--flush-session',
    `--output-dir=${outputDir}`,
    '-t',
    traffic,
    '--dbms=PostgreSQL',
    // Boolean, error, UNION and stacked queries; time-based blind is left out: on a loaded 2-core machine
    // response times say nothing, and every endpoint here answers with content the other techniques read.
    '--technique=BEUS',
    '--level=2',
    '--risk=1',
    '--threads=2',
    '--timeout=60',
    '--retries=2',
    '--disable-coloring',
  ];
  return new Promise((resolve) => {
    const child = spawn('sqlmap', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    let finished = true;
    const timer = setTimeout(() => {
      finished = false;
      child.kill('SIGKILL');
    }, TARGET_SECONDS * 1000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      const log = existsSync(traffic) ? readFileSync(traffic, 'utf8') : '';
      resolve({
        target: url,
        requests: (log.match(/^HTTP request \[#\d+\]/gm) ?? []).length,
        serverErrors: (log.match(/^HTTP response \[#\d+\] \(5\d\d/gm) ?? []).length,
        injectable: /identified the following injection point|appears to be injectable|is vulnerable/i.test(output),
        finished: finished && code === 0,
        baselineOk: /^HTTP response \[#1\] \(200/m.test(log),
        seconds: Math.round((Date.now() - started) / 1000),
        output,
      });
    });
  });
}

ensureSqlmap();
const outputDir = await mkdtemp(path.join(tmpdir(), 'portal-sqlmap-'));
const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-sqlmap-data-'));
const server = startServer({ port: await freePort(Number(process.env.TRUST_PORT ?? 0) || undefined), dataDir, demoData: true });
let failed = false;
try {
  await waitForReady(server);
  const token = await login(server.baseUrl);
  let requests = 0;
  let serverErrors = 0;
  const targets = TARGETS.filter((target) => target.includes(process.env.SQLMAP_ONLY ?? ''));
  for (const target of targets) {
    const result = await sqlmap(`${server.baseUrl}${target}`, token, outputDir);
    requests += result.requests;
    serverErrors += result.serverErrors;
    const verdict = result.injectable
      ? 'INJECTABLE'
      : !result.baselineOk
        ? 'THE ORIGINAL REQUEST FAILED'
        : !result.finished
          ? 'DID NOT FINISH'
          : 'nothing found';
    console.log(`  sqlmap ${target}: ${verdict}, ${result.requests} requests, ${result.serverErrors} 5xx (${result.seconds} s)`);
    if (verdict !== 'nothing found' || result.serverErrors > 0) {
      failed = true;
      console.error(result.output.slice(-4000));
    }
  }
  console.log(
    `sqlmap: ${targets.length} endpoints, ${requests} requests, ${serverErrors} 5xx, ${failed ? 'FAILED' : 'no injection found'}`,
  );
} finally {
  await stopServer(server);
  await rm(outputDir, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
