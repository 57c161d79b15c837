import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { SERVER_NODE_FLAGS } from '../packages/server/src/node-flags.ts';
import { startMailbox } from './mailbox.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per journey worker, each with its own data and mailbox (e2e/server.ts). */
    servers: { baseUrl: string; mailboxUrl: string }[];
  }
}

export const CHROMIUM_PATH = '/usr/bin/chromium';
const ROOT = path.resolve(import.meta.dirname, '..');
// The server seeds the demo into its embedded database first: well over a minute on a busy machine (load 15).
const HEALTH_TIMEOUT_MS = 180_000;

/**
 * What the journeys run from Debian: Chromium drives them (a browser is never downloaded), and
 * pdftotext (poppler-utils) reads the PDFs they download. Installed when missing and running as root.
 */
const DEBIAN_TOOLS = [
  { path: CHROMIUM_PATH, pkg: 'chromium' },
  { path: '/usr/bin/pdftotext', pkg: 'poppler-utils' },
];

function ensureDebianTools() {
  const missing = DEBIAN_TOOLS.filter((tool) => !existsSync(tool.path)).map((tool) => tool.pkg);
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    throw new Error(`The journeys need Debian's ${missing.join(' and ')}: sudo apt-get install -y ${missing.join(' ')}`);
  }
  execFileSync('apt-get', ['update'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', ...missing], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForHealth(baseUrl: string, server: ChildProcess, output: () => string) {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer /api/health within ${HEALTH_TIMEOUT_MS / 1000} s:\n${output()}`);
}

function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => server.kill('SIGKILL'), 10_000);
    server.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    server.kill('SIGTERM');
  });
}

/** Vitest sets NODE_ENV=test; the build and the server must not inherit it (React would build for development). */
function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const { NODE_ENV: _ignored, ...env } = process.env;
  return { ...env, ...extra };
}

export default async function setup(project: TestProject) {
  ensureDebianTools();
  execFileSync('npm', ['run', 'build', '-w', '@portal/web'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: childEnv({ NODE_ENV: 'production' }),
  });

  // A server for each journey worker (vitest.config.ts `maxWorkers`; e2e/server.ts), started
  // side by side; a failed start stops the ones that did start.
  const ports: number[] = [];
  while (ports.length < project.config.maxWorkers) {
    const port = await freePort();
    if (!ports.includes(port)) ports.push(port);
  }
  const started = await Promise.allSettled(ports.map((port) => startServer(port)));
  const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await Promise.all(servers.map((server) => server.stop()));
    throw failed.reason;
  }
  project.provide(
    'servers',
    servers.map(({ baseUrl, mailboxUrl }) => ({ baseUrl, mailboxUrl })),
  );
  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
  };
}

/** A portal server with fresh demo data in a folder of its own, and the mailbox its mail goes to. */
async function startServer(port: number) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-e2e-'));
  // Mail goes through SMTP to the journeys' mailbox (it is written to the outbox first all the same).
  const mailbox = await startMailbox();
  // The project's pinned Node 24 runs the TypeScript entry directly.
  const pinnedNode = path.join(ROOT, 'node_modules', '.bin', 'node');
  const node = existsSync(pinnedNode) ? pinnedNode : process.execPath;
  const server = spawn(node, [...SERVER_NODE_FLAGS, 'packages/server/src/main.ts'], {
    cwd: ROOT,
    // The journeys sign in many times from one address; the per-address login limit is tested in the API tests.
    env: childEnv({
      PORT: String(port),
      DATA_DIR: dataDir,
      DEMO_DATA: '1',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      LOGINS_PER_MINUTE: '600',
      SMTP_URL: mailbox.smtpUrl,
      BACKUP_DIR: path.join(dataDir, 'backups'),
      // A bound two or three phone photos reach: e2e/offline-photo-room.test.ts takes photos offline until one is refused.
      OFFLINE_PHOTO_MB: '2',
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);

  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await stopServer(server);
    await mailbox.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, server, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, mailboxUrl: mailbox.readerUrl, stop };
}
