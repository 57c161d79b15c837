/** The committed migrations up to `n`, as an older release of the portal had them, in a folder of their own. */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { type Database, poolOf } from '../src/db/client.ts';
import { migrationsFolder } from '../src/db/migrate.ts';

/**
 * The schema of an older release only: its migrations without the derived files, which follow the
 * code's schema (a file may read a column that release did not have yet). The next runMigrations
 * applies the rest and every file.
 */
export async function migrateSchemaOnly(db: Database, folder: string) {
  await migrate(drizzle(poolOf(db)), { migrationsFolder: folder });
}

export function olderMigrations() {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'portal-migrations-'));
  return {
    folder,
    /** Keeps the first `n` migrations of the journal. */
    upTo(n: number) {
      cpSync(migrationsFolder, folder, { recursive: true });
      const journalFile = path.join(folder, 'meta', '_journal.json');
      const journal = JSON.parse(readFileSync(journalFile, 'utf8'));
      journal.entries = journal.entries.slice(0, n);
      writeFileSync(journalFile, JSON.stringify(journal));
      return folder;
    },
    /** The number of the migration named `tag` (e.g. '0032_status_meanings'). */
    indexOf(tag: string): number {
      const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'));
      return journal.entries.findIndex((entry: { tag: string }) => entry.tag === tag);
    },
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}
