/** The embedded database: PGlite in a child process (pglite-host.ts), reached over a socket. */
import { type ChildProcess, fork } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { mkdirSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { AUTH_CHANNEL, DATA_CHANNEL, type DatabaseHandle, wrapPool } from './client.ts';

export interface EmbeddedOptions {
  /** Called when the database cannot be restarted (default: exit, so a supervisor restarts the server). */
  onGiveUp?: (error: Error) => void;
  /** Where restarts are reported (default: stderr). */
  log?: (message: string) => void;
}

/** Restarts of the embedded database in a row, failing to start, before the server gives up. */
const MAX_FAILED_STARTS = 5;

/** A consistent copy of the database, open on a pool of its own, for a backup to read from. */
export interface DatabaseSnapshot {
  pool: pg.Pool;
  close(): Promise<void>;
}

/** The embedded database's handle also names its child process (tests kill it). */
export type EmbeddedHandle = DatabaseHandle & {
  childPid(): number | undefined;
  /**
   * A copy of the data folder opened as a second embedded database: PGlite has one backend, so a
   * backup reading the live database in one transaction would hold every other request back for its
   * whole run. The copy takes the time of a file copy; the backup then reads the copy.
   */
  snapshot(): Promise<DatabaseSnapshot>;
};

/**
 * The embedded database in a supervised child process: when the child dies it is started again (its
 * data is on disk, written ahead like PostgreSQL's), with a growing pause if it keeps failing. While it
 * is down, queries fail (503) and `ready()` is false; the pool reconnects to the same socket path.
 */
export async function openEmbedded(dataDir: string, options: EmbeddedOptions = {}): Promise<EmbeddedHandle> {
  mkdirSync(dataDir, { recursive: true });
  const log = options.log ?? ((message: string) => console.error(message));
  const giveUp = options.onGiveUp ?? (() => process.exit(1));
  let child: ChildProcess;
  let running = false;
  let closing = false;
  let failedStarts = 0;

  const start = async (): Promise<string> => {
    child = fork(new URL('./pglite-host.ts', import.meta.url), [], {
      env: { ...process.env, PGLITE_DATA_DIR: dataDir },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const socketDir = await waitForReady(child);
    running = true;
    failedStarts = 0;
    child.once('exit', (code, signal) => {
      running = false;
      if (!closing) void restart(`The embedded database stopped (${signal ?? `code ${code}`}); restarting it`);
    });
    return socketDir;
  };

  const restart = async (reason: string) => {
    log(reason);
    while (!closing) {
      await new Promise((resolve) => setTimeout(resolve, 200 * 2 ** failedStarts));
      try {
        await start();
        log('The embedded database is running again');
        return;
      } catch (error) {
        failedStarts += 1;
        if (failedStarts >= MAX_FAILED_STARTS) return giveUp(error as Error);
      }
    }
  };

  const socketDir = await start();
  const { pool, notifications } = embeddedPool(socketDir);
  const handle = wrapPool(pool, 'pglite', {
    notifications,
    running: () => running,
    onClose: () => {
      closing = true;
      return stopChild(child);
    },
  });
  let snapshots = 0;
  const snapshot = async (): Promise<DatabaseSnapshot> => {
    const dir = path.join(dataDir, `snapshot-${process.pid}-${++snapshots}`);
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    try {
      await copyDataFolder(child, path.join(dir, 'pgdata'));
      const copy = await openEmbedded(dir, {
        log,
        onGiveUp: (error) => log(`The backup's copy of the database stopped: ${error.message}`),
      });
      return {
        pool: copy.pool,
        close: async () => {
          await copy.close();
          await rm(dir, { recursive: true, force: true });
        },
      };
    } catch (error) {
      await rm(dir, { recursive: true, force: true });
      throw error;
    }
  };
  return Object.assign(handle, { childPid: () => child.pid, snapshot });
}

/** Asks the database's process for a copy of its data folder at `target` (pglite-host.ts). */
function copyDataFolder(child: ChildProcess, target: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: { snapshotDone?: string; error?: string }) => {
      if (message.snapshotDone !== target) return;
      done();
      if (message.error) reject(new Error(message.error));
      else resolve();
    };
    const onExit = () => {
      done();
      reject(new Error('The embedded database stopped while copying its data folder'));
    };
    const done = () => {
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
    child.send({ snapshot: target });
  });
}

/**
 * The pool on PGlite's socket. PGlite is single-user: one connection, and the pool queues the rest.
 * All connections share its one backend, and a notification goes to the connection whose statement
 * raised it, so each connection listens and passes what it hears on.
 */
export function embeddedPool(socketDir: string): { pool: pg.Pool; notifications: EventEmitter } {
  const notifications = new EventEmitter();
  const pool = new pg.Pool({
    host: socketDir,
    user: 'postgres',
    database: 'postgres',
    max: 1,
    onConnect: async (client) => {
      client.on('notification', (message) => notifications.emit('notification', message));
      await client.query(`LISTEN ${AUTH_CHANNEL}`);
      await client.query(`LISTEN ${DATA_CHANNEL}`);
    },
  });
  embeddedPools.add(pool);
  return { pool, notifications };
}

const embeddedPools = new WeakSet<pg.Pool>();

/** Whether every connection of `pool` shares one session (PGlite's): a second connection is no session of its own. */
export function sharesOneSession(pool: pg.Pool): boolean {
  return embeddedPools.has(pool);
}

function waitForReady(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    child.once('message', (message: { ready?: boolean; socketDir?: string }) => {
      if (message.ready && message.socketDir) resolve(message.socketDir);
    });
    child.once('exit', (code) => reject(new Error(`The embedded database exited with code ${code}`)));
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
