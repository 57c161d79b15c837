/**
 * Measures a backup run's memory (issue 10: "a 1 GB database backs up with the server's RSS growing
 * by under 200 MB"): starts the portal on DATABASE_URL, signs in as the trust suite's administrator,
 * starts a backup (PUT /api/Backups), samples the server process's resident set from /proc every
 * 100 ms until the run is done, and prints the RSS before, the peak during the run and the growth.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/portal_bench_trust node scripts/trust/backup-rss.ts
 *
 * Not part of CI (it needs a large database); docs/account.md records the figure.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, login, startServer, stopServer, waitForReady } from './server.ts';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('Set DATABASE_URL to the database to back up');

/** The resident set (VmRSS) of a process, in MB. */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-rss-'));
const backupDir = path.join(dataDir, 'backups');
process.env.BACKUP_DIR = backupDir;
const server = startServer({ port: await freePort(), dataDir, databaseUrl });
try {
  await waitForReady(server);
  const token = await login(server.baseUrl);
  const headers = { authorization: `Bearer ${token}` };
  // A few reads first, so the baseline is a warmed-up server rather than a fresh one.
  for (let i = 0; i < 5; i += 1) await fetch(`${server.baseUrl}/api/Backups`, { headers });
  const pid = server.process.pid as number;
  const before = rssMb(pid);
  let peak = before;
  const started = Date.now();
  const put = await fetch(`${server.baseUrl}/api/Backups`, { method: 'PUT', headers });
  if (put.status !== 200) throw new Error(`PUT /api/Backups: ${put.status} ${await put.text()}`);
  let state = 'running';
  let polls = 0;
  while (state === 'running' || polls < 10) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    peak = Math.max(peak, rssMb(pid));
    polls += 1;
    if (polls % 10 === 0) {
      const list = (await (await fetch(`${server.baseUrl}/api/Backups`, { headers })).json()) as { status: { state: string } | null };
      state = list.status?.state ?? 'running';
    }
  }
  const seconds = (Date.now() - started) / 1000;
  const files = await readdir(backupDir);
  const sizes = await Promise.all(
    files.map(async (name) => `${name} ${((await stat(path.join(backupDir, name))).size / 2 ** 20).toFixed(0)} MB`),
  );
  console.log(`Backup ${state} in ${seconds.toFixed(0)} s: ${sizes.join(', ')}`);
  console.log(`Server RSS before ${before.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, growth ${(peak - before).toFixed(0)} MB`);
  if (state !== 'done') process.exitCode = 1;
} finally {
  await stopServer(server);
  await rm(dataDir, { recursive: true, force: true });
}
