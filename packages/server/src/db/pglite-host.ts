/**
 * Child process that owns the embedded database: PGlite runs on this process's thread, so a slow
 * query never stalls the HTTP server. It serves PostgreSQL's wire protocol on a Unix socket inside
 * DATA_DIR, and the server talks to it with the same `pg` driver it uses for a real PostgreSQL.
 */
import { chmodSync, mkdirSync, rmSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

export const SOCKET_FILE = '.s.PGSQL.5432';

/**
 * PostgreSQL's memory inside the WebAssembly process, whose linear memory only grows: every page the
 * buffer cache or a VACUUM's work memory ever touched stays resident. PGLITE_SHARED_BUFFERS and
 * PGLITE_MAINTENANCE_WORK_MEM change the defaults (docs/performance.md "Memory").
 */
function memoryParams(): string[] {
  const sharedBuffers = process.env.PGLITE_SHARED_BUFFERS ?? '32MB';
  const maintenanceWorkMem = process.env.PGLITE_MAINTENANCE_WORK_MEM ?? '16MB';
  return ['-c', `shared_buffers=${sharedBuffers}`, '-c', `maintenance_work_mem=${maintenanceWorkMem}`];
}

async function main() {
  const dataDir = process.env.PGLITE_DATA_DIR;
  if (!dataDir) throw new Error('PGLITE_DATA_DIR is not set');
  const socketDir = path.join(dataDir, 'socket');
  mkdirSync(socketDir, { recursive: true, mode: 0o700 });
  chmodSync(socketDir, 0o700);
  rmSync(path.join(socketDir, SOCKET_FILE), { force: true });

  const db = await PGlite.create(path.join(dataDir, 'pgdata'), {
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, ...memoryParams()],
  });
  const server = new PGLiteSocketServer({
    db,
    path: path.join(socketDir, SOCKET_FILE),
    // The pool uses one connection, but pg drops a connection after any query error and opens a new
    // one at once: with a limit of one the new connection races the old one's close and fails (EPIPE).
    maxConnections: 8,
  });
  await server.start();
  process.send?.({ ready: true, socketDir });

  // A copy of the data folder for a backup to read from (db/embedded.ts `snapshot`): taken while no
  // statement runs and no transaction is open, just after a checkpoint, so the copy opens as a
  // consistent database (anything committed since the checkpoint is in the copied WAL). Statements wait only for the copy (disk speed), not for the whole backup.
  process.on('message', (message: { snapshot?: string }) => {
    const target = message.snapshot;
    if (!target) return;
    const copy = async (): Promise<void> => {
      // The checkpoint first, on its own: statements cannot run inside runExclusive (same lock).
      await db.exec('CHECKPOINT');
      const copied = await db.runExclusive(async () => {
        if (db.isInTransaction()) return false;
        await db.syncToFs();
        await cp(path.join(dataDir, 'pgdata'), target, { recursive: true });
        return true;
      });
      if (!copied) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return copy();
      }
    };
    copy().then(
      () => process.send?.({ snapshotDone: target }),
      (error: Error) => process.send?.({ snapshotDone: target, error: error.message }),
    );
  });

  const stop = async () => {
    await server.stop().catch(() => {});
    await db.close().catch(() => {});
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // The parent going away (crash or kill -9) must not leave the database open.
  process.on('disconnect', stop);
}

main().catch((error) => {
  console.error('The embedded database could not start:', error);
  process.exit(1);
});
