/** runMigrations says when it upgraded an existing database (the start then vacuums: bootstrap.ts). */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.ts';
import { migrationsFolder, runMigrations } from './migrate.ts';

const handle = await createTestDatabase({ empty: true });
const older = mkdtempSync(path.join(os.tmpdir(), 'portal-migrations-'));
afterAll(async () => {
  await handle.close();
  rmSync(older, { recursive: true, force: true });
});

/** The committed migrations up to `n`, as an older release of the portal had them. */
function firstMigrations(n: number) {
  cpSync(migrationsFolder, older, { recursive: true });
  const journalFile = path.join(older, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8'));
  journal.entries = journal.entries.slice(0, n);
  writeFileSync(journalFile, JSON.stringify(journal));
  return older;
}

describe('runMigrations', () => {
  it('a new database is created, not upgraded; a later release upgrades it; an up-to-date one is left alone', async () => {
    expect(await runMigrations(handle.db, firstMigrations(3))).toEqual({ upgraded: false });
    expect(await runMigrations(handle.db)).toEqual({ upgraded: true });
    expect(await runMigrations(handle.db)).toEqual({ upgraded: false });
    const { rows } = await handle.pool.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(rows[0].n).toBe(JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')).entries.length);
  });
});
