/** runMigrations says when it upgraded an existing database (the start then vacuums: bootstrap.ts). */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.ts';
import { olderMigrations } from '../../test/migrations.ts';
import { migrationsFolder, runMigrations } from './migrate.ts';

const handle = await createTestDatabase({ empty: true });
const older = olderMigrations();
afterAll(async () => {
  await handle.close();
  older.remove();
});

describe('runMigrations', () => {
  it('a new database is created, not upgraded; a later release upgrades it; an up-to-date one is left alone', async () => {
    expect(await runMigrations(handle.db, older.upTo(3))).toEqual({ upgraded: false });
    expect(await runMigrations(handle.db)).toEqual({ upgraded: true });
    expect(await runMigrations(handle.db)).toEqual({ upgraded: false });
    const { rows } = await handle.pool.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(rows[0].n).toBe(JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')).entries.length);
  });
});
