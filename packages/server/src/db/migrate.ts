import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './client.ts';

export const migrationsFolder = fileURLToPath(new URL('../../migrations', import.meta.url));

async function appliedCount(db: Database): Promise<number> {
  const exists = await db.execute<{ t: string | null }>(sql`select to_regclass('drizzle.__drizzle_migrations')::text as t`);
  if (!exists.rows[0].t) return 0;
  const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return Number(rows[0].n);
}

/**
 * Applies the committed SQL migrations that the database has not seen yet, and says whether it
 * upgraded an existing database (some were applied where others had been before).
 */
export async function runMigrations(db: Database, folder = migrationsFolder): Promise<{ upgraded: boolean }> {
  const before = await appliedCount(db);
  await migrate(db, { migrationsFolder: folder });
  return { upgraded: before > 0 && (await appliedCount(db)) > before };
}
