/**
 * Backup runs (decision 034): one at a time across every instance (a PostgreSQL advisory lock held
 * by the run's connection), in the background, writing a data-only and a full backup of one
 * REPEATABLE READ snapshot into BACKUP_DIR, then keeping the newest BACKUP_RETAIN of each kind.
 */
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { type BackupList, backupMessages, messages } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { connectionSettings, writeBackups, writeBackupsInWorker } from '../../backups/dump.ts';
import { listBackupFiles, pruneBackups } from '../../backups/files.ts';
import { backupName } from '../../backups/format.ts';
import type { Config } from '../../config.ts';
import { type Database, poolOf } from '../../db/client.ts';
import { type DatabaseSnapshot, sharesOneSession } from '../../db/embedded.ts';
import { conflict } from '../../http/errors.ts';
import { backupLockHeld, finishRunRows, insertRunRows, latestRun, tryLock, unlock } from './queries.ts';

export interface BackupContext {
  db: Database;
  config: Pick<Config, 'backupDir' | 'backupRetain'>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /**
   * The embedded database: a copy to read from (db/embedded.ts), so the run does not hold PGlite's one
   * backend in a transaction for its whole length. Absent on PostgreSQL, which reads a snapshot in parallel.
   */
  snapshot?: () => Promise<DatabaseSnapshot>;
}

export type RunOutcome = 'done' | 'failed' | 'busy';

const KINDS = ['partial', 'full'] as const;

/** Runs one backup now; answers 'busy' when another run (any instance) holds the lock. */
export async function runBackup(ctx: BackupContext, startedBy: string | null): Promise<RunOutcome> {
  const pool = poolOf(ctx.db);
  let client: pg.PoolClient | undefined = await pool.connect();
  // The lock is the session's. On PostgreSQL the run keeps its connection (the session) throughout. The
  // embedded database has one session for every connection, so there the lock outlives the client,
  // which goes back to the pool while the copy is read: other requests need it.
  const onLockSession = async <T>(work: (c: pg.ClientBase) => Promise<T>): Promise<T> => {
    if (client) return work(client);
    const again = await pool.connect();
    try {
      return await work(again);
    } finally {
      again.release();
    }
  };
  try {
    if (!(await tryLock(client))) return 'busy';
    const at = new Date();
    const ids = await insertRunRows(
      client,
      KINDS.map((kind) => ({ kind, name: backupName(kind, at), startedBy, at })),
    );
    try {
      await mkdir(ctx.config.backupDir, { recursive: true });
      const job = { dir: ctx.config.backupDir, kinds: KINDS, at };
      // The dump runs in a worker thread on a session of its own (the copy's, or PostgreSQL's); only
      // a database whose connections share one session (the tests' PGlite) is read on the lock's.
      if (ctx.snapshot) {
        client.release();
        client = undefined;
        const copy = await ctx.snapshot();
        try {
          await writeBackupsInWorker(connectionSettings(copy.pool), job);
        } finally {
          await copy.close();
        }
      } else if (sharesOneSession(pool)) await writeBackups(client, job);
      else await writeBackupsInWorker(connectionSettings(pool), job);
      // Old backups go before the run reads as done: a listing never shows more than BACKUP_RETAIN of
      // a kind once the run is done. Failing to remove them does not fail the backup.
      const removed = await pruneBackups(ctx.config.backupDir, ctx.config.backupRetain).catch((err: unknown) => {
        ctx.log.error({ err }, 'old backups could not be removed');
        return null;
      });
      await onLockSession((c) => finishRunRows(c, ids, { status: 'done' }));
      ctx.log.info({ at, removed }, 'backup done');
      return 'done';
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      for (const kind of KINDS) await rm(path.join(ctx.config.backupDir, `${backupName(kind, at)}.part`), { force: true });
      await onLockSession((c) => finishRunRows(c, ids, { status: 'failed', error: message }));
      ctx.log.error({ err: error }, 'backup failed');
      return 'failed';
    } finally {
      await onLockSession(unlock);
    }
  } finally {
    client?.release();
  }
}

/** PUT /Backups: refuses while a run holds the lock, else starts one in the background. */
export async function startBackup(ctx: BackupContext, startedBy: string): Promise<{ message: string }> {
  if (await backupLockHeld(ctx.db)) throw conflict(backupMessages.alreadyRunning);
  void runBackup(ctx, startedBy).catch((error) => ctx.log.error({ err: error }, 'backup could not run'));
  return { message: messages.backupStarted };
}

/** GET /Backups: the files and the latest run; a run left 'running' without the lock was interrupted (a crash). */
export async function listBackups(ctx: BackupContext): Promise<BackupList> {
  // The run's status before the folder: a run that finishes in between then shows 'running' with
  // the files it already wrote, never 'done' without them.
  let rows = await latestRun(ctx.db);
  // A run marks its rows finished before it lets the lock go: rows still 'running' with the lock free
  // are read once more, so a run that just ended is not taken for an interrupted one.
  const lockHeld = rows.some((row) => row.status === 'running') && (await backupLockHeld(ctx.db));
  if (!lockHeld && rows.some((row) => row.status === 'running')) rows = await latestRun(ctx.db);
  const files = await listBackupFiles(ctx.config.backupDir);
  let status: BackupList['status'] = null;
  if (rows.length) {
    const failed = rows.find((row) => row.status === 'failed');
    const running = rows.some((row) => row.status === 'running');
    const state = failed ? 'failed' : running ? (lockHeld ? 'running' : 'interrupted') : 'done';
    status = {
      state,
      startedAt: rows[0].createdAt.toISOString(),
      finishedAt: running ? null : (rows[0].finishedAt?.toISOString() ?? null),
      startedBy: rows[0].createdBy,
      error: failed?.error ?? null,
    };
  }
  const present = ({ name, createdAt, size, sha256 }: (typeof files)[number]) => ({
    name,
    url: `/api/Backups/${encodeURIComponent(name)}`,
    created: createdAt,
    size,
    sha256,
  });
  return {
    status,
    fullBackups: files.filter((file) => file.kind === 'full').map(present),
    partialBackups: files.filter((file) => file.kind === 'partial').map(present),
  };
}
