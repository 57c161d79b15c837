import { fileURLToPath } from 'node:url';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { type Database, poolOf } from './client.ts';
import { type AppliedFile, applyDerived, beforeMigrations, hasDerivedTable } from './derived/apply.ts';
import type { DerivedFile } from './derived/files.ts';

export const migrationsFolder = fileURLToPath(new URL('../../migrations', import.meta.url));

/** The advisory lock key of schema changes: one instance at a time migrates and applies derived data. */
export const MIGRATION_LOCK_KEY = 740_067;

/** The `when` of the last migration drizzle recorded: it applies those of the folder after it. */
async function lastApplied(client: pg.ClientBase): Promise<number> {
  const exists = await client.query<{ t: string | null }>(`select to_regclass('drizzle.__drizzle_migrations')::text as t`);
  if (!exists.rows[0].t) return 0;
  const { rows } = await client.query<{ at: string | null }>('select max(created_at)::text as at from drizzle.__drizzle_migrations');
  return Number(rows[0].at ?? 0);
}

async function appliedCount(client: pg.ClientBase): Promise<number> {
  const exists = await client.query<{ t: string | null }>(`select to_regclass('drizzle.__drizzle_migrations')::text as t`);
  if (!exists.rows[0].t) return 0;
  const { rows } = await client.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
  return Number(rows[0].n);
}

/**
 * Applies the committed SQL migrations that the database has not seen yet, then the derived-data
 * files that changed (db/derived/apply.ts), all on one connection holding an advisory lock: two
 * instances starting at once apply them once. Says whether it upgraded an existing database (it had
 * migrations, and some migration or derived file was applied). `files`: other derived files than this
 * code's (a test's older release).
 */
export async function runMigrations(
  db: Database,
  folder = migrationsFolder,
  options: { onDerived?: (file: AppliedFile) => void; files?: DerivedFile[] } = {},
): Promise<{ upgraded: boolean }> {
  const client = await poolOf(db).connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const before = await appliedCount(client);
    const last = await lastApplied(client);
    const pending = readMigrationFiles({ migrationsFolder: folder }).filter((migration) => migration.folderMillis > last);
    // A database from before the derived-data module loses its old trigger functions only in the run
    // that creates derived_definitions (the files then bring the current ones).
    const creatingDerived = pending.some((migration) => migration.sql.some((text) => text.includes('CREATE TABLE "derived_definitions"')));
    if (before > 0) await beforeMigrations(client, { pending: pending.length > 0, creatingDerived, files: options.files });
    await migrate(drizzle(client), { migrationsFolder: folder });
    const migrated = (await appliedCount(client)) > before;
    const derived = await applyDerived(client, { files: options.files, onRebuilt: options.onDerived });
    if (folder === migrationsFolder && !(await hasDerivedTable(client))) {
      throw new Error(
        'derived_definitions was not created: the database recorded a migration dated after the one that creates it, so drizzle skipped that one',
      );
    }
    return { upgraded: before > 0 && (migrated || derived.length > 0) };
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    client.release();
  }
}
