/**
 * runMigrations says when it upgraded an existing database (the start then vacuums: bootstrap.ts),
 * and two instances starting at once on one PostgreSQL migrate and apply the derived data once.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase } from '../../test/database.ts';
import { olderMigrations } from '../../test/migrations.ts';
import { openPostgres } from './client.ts';
import { derivedFiles } from './derived/files.ts';
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

describe.runIf(inject('testDatabase').kind === 'postgres')('two instances starting at once', () => {
  it('migrate and apply the derived data once: the second waits for the lock, then finds nothing to do', async () => {
    const first = await createTestDatabase({ empty: true });
    const second = openPostgres(first.pool.options.connectionString as string, 2);
    try {
      const applied: string[][] = [[], []];
      const results = await Promise.all(
        [first, second].map((instance, i) =>
          runMigrations(instance.db, migrationsFolder, { onDerived: ({ name }) => applied[i].push(name) }),
        ),
      );
      expect(results).toEqual([{ upgraded: false }, { upgraded: false }]);
      expect(applied.map((names) => names.length).sort((a, b) => a - b)).toEqual([0, derivedFiles().length]);
    } finally {
      await second.close();
      await first.close();
    }
  });
});
