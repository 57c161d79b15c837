/**
 * One migrated database template per test run; each test file then gets its own copy, so files never
 * see each other's data. With TEST_DATABASE_URL the template is a database on that PostgreSQL server,
 * made afresh each run. Otherwise it is a dump of a migrated embedded PGlite with its derived data
 * applied, cached under node_modules/.cache/portal-test-template/ by a hash of the migrations, the
 * derived-data folder and the PGlite version: a rerun with unchanged files skips migrating; a changed
 * one makes a new file.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../src/db/client.ts';
import { applyDerived, type SqlRunner } from '../src/db/derived/apply.ts';
import { derivedFolder } from '../src/db/derived/files.ts';
import { migrationsFolder, runMigrations } from '../src/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: { kind: 'pglite'; templateFile: string } | { kind: 'postgres'; url: string; template: string };
  }
}

const CACHE_DIR = path.resolve(import.meta.dirname, '../../../node_modules/.cache/portal-test-template');
/** Templates of other migration sets are removed once they are this old (another run may still be reading a newer one). */
const STALE_MS = 24 * 60 * 60 * 1000;

export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `portal_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    const target = new URL(url);
    target.pathname = `/${template}`;
    const handle = openPostgres(target.toString(), 1);
    await runMigrations(handle.db);
    await handle.close();
    project.provide('testDatabase', { kind: 'postgres', url, template });
    return async () => {
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    };
  }
  project.provide('testDatabase', { kind: 'pglite', templateFile: await pgliteTemplate() });
}

/** The cached template's path, building it first when the migrations (or PGlite) changed. */
async function pgliteTemplate(): Promise<string> {
  const templateFile = path.join(CACHE_DIR, `${templateKey()}.tar`);
  if (existsSync(templateFile)) return templateFile;
  mkdirSync(CACHE_DIR, { recursive: true });
  const db = await PGlite.create({ extensions: { pg_trgm } });
  await migrate(drizzle(db), { migrationsFolder });
  await applyDerived(pgliteRunner(db));
  const dump = await db.dumpDataDir('none');
  await db.close();
  // Written beside its final name and renamed into place, so a concurrent run never reads half a file.
  const partial = `${templateFile}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, templateFile);
  removeStale(templateFile);
  return templateFile;
}

/** PGlite's own API as the derived-data runner's: a text without parameters may hold several statements. */
function pgliteRunner(db: PGlite): SqlRunner {
  return {
    query: async <T>(text: string, params?: unknown[]) =>
      params ? db.query<T>(text, params) : { rows: ((await db.exec(text)).at(-1)?.rows ?? []) as T[] },
  };
}

/** SHA-256 of every migration and derived-data file (name and content) and of the PGlite version that wrote the dump. */
function templateKey(): string {
  const hash = createHash('sha256');
  // The package does not export its package.json: read it beside the resolved entry (dist/index.cjs).
  const pglitePackage = path.join(path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), '../package.json');
  hash.update(`pglite ${JSON.parse(readFileSync(pglitePackage, 'utf8')).version}\0`);
  for (const folder of [migrationsFolder, derivedFolder]) {
    const files = readdirSync(folder, { recursive: true, encoding: 'utf8' })
      .filter((name) => statSync(path.join(folder, name)).isFile())
      .sort();
    for (const name of files)
      hash
        .update(`${name}\0`)
        .update(readFileSync(path.join(folder, name)))
        .update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

function removeStale(keep: string) {
  for (const name of readdirSync(CACHE_DIR)) {
    const file = path.join(CACHE_DIR, name);
    if (file === keep) continue;
    try {
      if (Date.now() - statSync(file).mtimeMs > STALE_MS) rmSync(file, { force: true });
    } catch {
      // Removed by another run meanwhile.
    }
  }
}
