/**
 * Child process that owns the embedded database: PGlite runs on this process's thread, so a slow
 * query never stalls the HTTP server. It serves PostgreSQL's wire protocol on a Unix socket inside
 * DATA_DIR, and the server talks to it with the same `pg` driver it uses for a real PostgreSQL.
 */
import { chmodSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

export const SOCKET_FILE = '.s.PGSQL.5432';

async function main() {
  const dataDir = process.env.PGLITE_DATA_DIR;
  if (!dataDir) throw new Error('PGLITE_DATA_DIR is not set');
  const socketDir = path.join(dataDir, 'socket');
  mkdirSync(socketDir, { recursive: true, mode: 0o700 });
  chmodSync(socketDir, 0o700);
  rmSync(path.join(socketDir, SOCKET_FILE), { force: true });

  const db = await PGlite.create(path.join(dataDir, 'pgdata'), { extensions: { pg_trgm } });
  const server = new PGLiteSocketServer({
    db,
    path: path.join(socketDir, SOCKET_FILE),
    // The pool uses one connection, but pg drops a connection after any query error and opens a new
    // one at once: with a limit of one the new connection races the old one's close and fails (EPIPE).
    maxConnections: 8,
  });
  await server.start();
  process.send?.({ ready: true, socketDir });

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
