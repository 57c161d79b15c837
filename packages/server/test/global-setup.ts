/**
 * Builds one migrated database template per test run; each test file then gets its own copy, so
 * files never see each other's data. With TEST_DATABASE_URL the template is a database on that
 * PostgreSQL server; otherwise it is a dump of a migrated embedded PGlite.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../src/db/client.ts';
import { migrationsFolder, runMigrations } from '../src/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: { kind: 'pglite'; templateFile: string } | { kind: 'postgres'; url: string; template: string };
  }
}

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
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
  const db = await PGlite.create({ extensions: { pg_trgm } });
  await migrate(drizzle(db), { migrationsFolder });
  const dump = await db.dumpDataDir('none');
  await db.close();
  const templateFile = path.join(dir, 'template.tar');
  writeFileSync(templateFile, Buffer.from(await dump.arrayBuffer()));
  project.provide('testDatabase', { kind: 'pglite', templateFile });
  return () => rmSync(dir, { recursive: true, force: true });
}
