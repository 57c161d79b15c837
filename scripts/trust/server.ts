/**
 * Starts and stops the portal as a separate process for the trust suite (fault test, sqlmap): its own
 * process group, so SIGKILL takes the server and its embedded database process down together, as a
 * power cut or the OOM killer would. Everything waits for readiness with generous, bounded timeouts:
 * the suite must pass on a loaded 2-core machine.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from '../../packages/server/src/node-flags.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const ADMIN_EMAIL = 'trust-admin@example.com';
export const ADMIN_PASSWORD = 'Trust-suite-password-1';
const READY_TIMEOUT_MS = Number(process.env.TRUST_READY_TIMEOUT_MS ?? 180_000);
const REQUEST_TIMEOUT_MS = 60_000;

export interface ServerOptions {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  demoData?: boolean;
}

export interface RunningServer {
  baseUrl: string;
  process: ChildProcess;
  output(): string;
}

export function startServer(options: ServerOptions): RunningServer {
  const pinnedNode = path.join(ROOT, 'node_modules', '.bin', 'node');
  const { NODE_ENV: _ignored, ...env } = process.env;
  const child = spawn(existsSync(pinnedNode) ? pinnedNode : process.execPath, [...SERVER_NODE_FLAGS, 'packages/server/src/main.ts'], {
    cwd: ROOT,
    detached: true,
    env: {
      ...env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      DEMO_DATA: options.demoData ? '1' : '0',
      PORTAL_ADMIN_EMAIL: ADMIN_EMAIL,
      PORTAL_ADMIN_PASSWORD: ADMIN_PASSWORD,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      LOGINS_PER_MINUTE: '600',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { baseUrl: `http://127.0.0.1:${options.port}`, process: child, output: () => log };
}

/** Waits until /api/health says ready (200), failing early when the server exits. */
export async function waitForReady(server: RunningServer): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.process.exitCode !== null || server.process.signalCode !== null) {
      throw new Error(`The server exited (${server.process.exitCode ?? server.process.signalCode}):\n${server.output()}`);
    }
    try {
      const response = await fetch(`${server.baseUrl}/api/health`, { signal: AbortSignal.timeout(10_000) });
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${server.output()}`);
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** SIGKILL to the whole process group (server and embedded database), then waits for the server to be gone. */
export async function killServer(server: RunningServer): Promise<void> {
  try {
    process.kill(-(server.process.pid as number), 'SIGKILL');
  } catch {
    // Already gone.
  }
  await exited(server.process);
  // The embedded database's process is in the same group; give the kernel a moment to reap it.
  await waitForGroupGone(server.process.pid as number);
}

async function waitForGroupGone(pgid: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      process.kill(-pgid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Processes of group ${pgid} outlived SIGKILL`);
}

/** The ordinary stop (SIGTERM), forced after a bounded wait. */
export async function stopServer(server: RunningServer): Promise<void> {
  if (server.process.exitCode !== null || server.process.signalCode !== null) return;
  const force = setTimeout(() => killServer(server), 30_000);
  server.process.kill('SIGTERM');
  await exited(server.process);
  clearTimeout(force);
}

export async function login(baseUrl: string, username = ADMIN_EMAIL, password = ADMIN_PASSWORD): Promise<string> {
  const response = await fetch(`${baseUrl}/api/Account/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`Login as ${username} failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

export async function freePort(preferred?: number): Promise<number> {
  const { createServer } = await import('node:net');
  const tryPort = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const probe = createServer();
      probe.once('error', reject);
      probe.listen(port, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
      });
    });
  if (preferred) {
    try {
      return await tryPort(preferred);
    } catch {
      // Taken: any free port.
    }
  }
  return tryPort(0);
}
