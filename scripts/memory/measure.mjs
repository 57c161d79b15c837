/**
 * Resident memory of the server (and of the embedded database's process), the way issue 27 part 5
 * measures it: 20 s after start, and again after a warm-up — sign in, the main screens' calls, one
 * Excel and one PDF export — and 10 s idle. docs/performance.md "Memory" has the figures.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/portal_scale node_modules/.bin/node scripts/memory/measure.mjs
 *   node_modules/.bin/node scripts/memory/measure.mjs      # embedded: fresh demo data, measured at its second start
 *
 * Env: DATABASE_URL (PostgreSQL; else the embedded database in a new temporary DATA_DIR), PORT (3970),
 * RUNS (1: starts measured one after the other). The server runs as `npm start` runs it, with this
 * script's environment (so `MALLOC_ARENA_MAX=2 node .../measure.mjs` measures glibc's allocator settings).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { signIn } from '../lighthouse/sign-in.mjs';

const { DATABASE_URL, PORT = '3970', RUNS = '1' } = process.env;
const root = path.resolve(import.meta.dirname, '../..');
const base = `http://127.0.0.1:${PORT}`;
const admin = { username: 'memory@example.com', password: 'Memory-password-1' };
// The flags of `npm start` (packages/server/src/node-flags.ts).
const flags = JSON.parse(
  /SERVER_NODE_FLAGS = (\[[^\]]*\])/
    .exec(readFileSync(path.join(root, 'packages/server/src/node-flags.ts'), 'utf8'))[1]
    .replaceAll("'", '"'),
);

const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
const children = (pid) => readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);

function start(dataDir) {
  const env = {
    ...process.env,
    PORT,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    PORTAL_ADMIN_EMAIL: admin.username,
    PORTAL_ADMIN_PASSWORD: admin.password,
    LOGINS_PER_MINUTE: '1000',
  };
  if (!DATABASE_URL) env.DATA_DIR = dataDir;
  const server = spawn(process.execPath, [...flags, 'packages/server/src/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return server;
}

async function ready() {
  for (let i = 0; i < 600; i++) {
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await sleep(500);
  }
  throw new Error('the server did not start');
}

async function stop(server) {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
}

/**
 * Server and embedded database, in MB; a PDF worker process still running (decision 092) counts with
 * the database's figure, so that the pair is all the server's processes.
 */
function reading(server) {
  const all = children(server.pid).map(rssMb);
  const rest = Math.round(all.reduce((sum, mb) => sum + mb, 0));
  return { server: Math.round(rssMb(server.pid)), database: DATABASE_URL ? null : rest, others: DATABASE_URL ? rest : 0 };
}

async function get(token, url) {
  const response = await fetch(`${base}/api${url}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  return response.json();
}

async function download(token, url) {
  const issued = await fetch(`${base}/api/Account/DownloadToken`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  const { token: link } = await issued.json();
  const response = await fetch(`${base}/api${url}${url.includes('?') ? '&' : '?'}access_token=${link}`);
  if (!response.ok) throw new Error(`download ${url}: ${response.status}`);
  await response.arrayBuffer();
}

/** What a person does first: the main screens, one Excel and one PDF. */
async function warmUp() {
  const token = await signIn(base, admin.username, admin.password);
  await get(token, '/Account/CurrentUser');
  await get(token, '/Events/codetables');
  const events = await get(token, '/Events?page=0&pageSize=50');
  await get(token, '/Certificates?page=0&pageSize=50');
  await get(token, '/Reports/Due?Light=red&Page=0&PageSize=50');
  const owners = await get(token, '/Owners');
  const event = events.items[0];
  await get(token, `/Events/${event.id}/Details`);
  await get(token, `/EventComponents/${event.id}/GetChipsForEdit`);
  await get(token, '/Equipment/Search?search=00');
  await fetch(`${base}/api/Report/general/${owners[0].id}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({}),
  });
  await download(token, `/Export/${event.id}`);
  await download(token, `/Export/Pdf/${event.id}`);
}

const dataDir = DATABASE_URL ? undefined : mkdtempSync(path.join(tmpdir(), 'portal-memory-'));
try {
  if (dataDir) {
    console.log('first start: loading the demo data');
    const first = start(dataDir);
    try {
      await ready();
    } finally {
      await stop(first);
    }
  }
  for (let run = 1; run <= Number(RUNS); run++) {
    const server = start(dataDir);
    let after;
    let warm;
    try {
      await ready();
      await sleep(20_000);
      after = reading(server);
      await warmUp();
      await sleep(10_000);
      warm = reading(server);
    } finally {
      await stop(server);
    }
    const pair = (r) =>
      r.database === null
        ? `${r.server} MB${r.others ? ` (+ ${r.others} MB in its child processes)` : ''}`
        : `${r.server} + ${r.database} = ${r.server + r.database} MB`;
    console.log(`run ${run} (${DATABASE_URL ? 'PostgreSQL' : 'embedded'}): after start ${pair(after)}; after the warm-up ${pair(warm)}`);
  }
} finally {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
