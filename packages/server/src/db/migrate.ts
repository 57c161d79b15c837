import { fileURLToPath } from 'node:url';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { type Database, poolOf } from './client.ts';
import { type AppliedFile, applyDerived, beforeMigrations } from './derived/apply.ts';

export const migrationsFolder = fileURLToPath(new URL('../../migrations', import.meta.url));

/** The advisory lock key of schema changes: one instance at a time migrates and applies derived data. */
export const MIGRATION_LOCK_KEY = 740_067;

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
 * migrations, and some migration or derived file was applied).
 */
export async function runMigrations(
  db: Database,
  folder = migrationsFolder,
  options: { onDerived?: (file: AppliedFile) => void } = {},
): Promise<{ upgraded: boolean }> {
  const client = await poolOf(db).connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const before = await appliedCount(client);
    const pending = readMigrationFiles({ migrationsFolder: folder }).length > before;
    if (before > 0) await beforeMigrations(client, { pending });
    await migrate(drizzle(client), { migrationsFolder: folder });
    const migrated = (await appliedCount(client)) > before;
    const derived = await applyDerived(client, { onRebuilt: options.onDerived });
    return { upgraded: before > 0 && (migrated || derived.length > 0) };
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    client.release();
  }
}
