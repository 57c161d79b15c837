/** A fresh database for one test file: a copy of the migrated template made by global-setup.ts. */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, preparingPool, wrapPool } from '../src/db/client.ts';
import { embeddedPool } from '../src/db/embedded.ts';

/**
 * The template's tar for PGlite, read from disk once per worker (a worker's files share its modules,
 * isolate: false). PGlite reads `loadDataDir` with `arrayBuffer()` alone; a Node Blob's own
 * `arrayBuffer()` reads its 44 MB in chunks and joins them (a third of a PGlite start's CPU in a
 * profile), so this one hands over a copy of the bytes (docs/performance.md, "The one-file test loop").
 */
class TemplateTar extends Blob {
  readonly #bytes: Uint8Array;
  constructor(bytes: Uint8Array) {
    super([], { type: 'application/x-tar' });
    this.#bytes = bytes;
  }
  override async arrayBuffer(): Promise<ArrayBuffer> {
    return new Uint8Array(this.#bytes).buffer;
  }
}
let template: { file: string; bytes: Buffer } | undefined;
function templateTar(file: string): Blob {
  if (template?.file !== file) template = { file, bytes: readFileSync(file) };
  return new TemplateTar(template.bytes);
}

/** `empty`: a database with no schema at all (a restore's target), instead of the migrated copy. */
export async function createTestDatabase({ empty = false } = {}): Promise<DatabaseHandle> {
  const setup = inject('testDatabase');
  if (setup.kind === 'postgres') {
    const name = `portal_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: setup.url });
    await admin.connect();
    await admin.query(`create database ${name} template ${empty ? 'template0' : setup.template}`);
    await admin.end();
    const target = new URL(setup.url);
    target.pathname = `/${name}`;
    return wrapPool(preparingPool(new pg.Pool({ connectionString: target.toString(), max: 4 })), 'postgres', {
      onClose: async () => {
        const cleanup = new pg.Client({ connectionString: setup.url });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.end();
      },
    });
  }
  // Same driver as production: pg over PGlite's wire-protocol socket (in-process here, which is fine for tests).
  const db = empty
    ? await PGlite.create({ extensions: { pg_trgm } })
    : await PGlite.create({ loadDataDir: templateTar(setup.templateFile), extensions: { pg_trgm } });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-db-'));
  const server = new PGLiteSocketServer({ db, path: path.join(dir, '.s.PGSQL.5432'), maxConnections: 8 }); // see pglite-host.ts
  await server.start();
  const { pool, notifications } = embeddedPool(dir);
  return wrapPool(pool, 'pglite', {
    notifications,
    onClose: async () => {
      await server.stop();
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  });
}
