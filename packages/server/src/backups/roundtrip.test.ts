import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.ts';
import { createFile } from '../../test/factories-files.ts';
import { functionBodies, release } from '../../test/releases.ts';
import { poolOf } from '../db/client.ts';
import { derivedFiles } from '../db/derived/files.ts';
import { derivedDifferences } from '../db/derived/rebuild.ts';
import { runMigrations } from '../db/migrate.ts';
import { loadDemoData } from '../seed/demo.ts';
import { writeBackup, writeBackupsInWorker } from './dump.ts';
import { EXCLUDED_TABLES, quote } from './format.ts';
import { RestoreError, restoreBackup } from './restore.ts';

const source = await createTestDatabase();
const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-roundtrip-'));
afterAll(async () => {
  await source.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Per table: row count and an md5 over every row's text, in a fixed order (independent of the backup format). */
async function tableChecksums(pool: import('pg').Pool) {
  const { rows } = await pool.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'r' order by 1`,
  );
  const sums: Record<string, string> = {};
  for (const { name } of rows) {
    if (EXCLUDED_TABLES.has(name)) continue;
    const result = await pool.query(
      `select count(*) || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as sum from ${quote(name)} t`,
    );
    sums[name] = result.rows[0].sum;
  }
  return sums;
}

/** The derived-data definitions a database has applied (db/derived/): what a full backup carries. */
const definitions = async (pool: import('pg').Pool) =>
  (await pool.query('select name, hash, sql, objects from derived_definitions order by name')).rows;

const fileHashes = async (pool: import('pg').Pool) =>
  (await pool.query(`select id, sha256, encode(sha256(data), 'hex') as actual, octet_length(data) as size from files order by id`)).rows;

async function backUp(kind: 'full' | 'partial', from = source) {
  const client = await poolOf(from.db).connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const written = await writeBackup(client, { dir, kind, at: new Date(Date.now() + (kind === 'full' ? 0 : 1000)) });
    await client.query('commit');
    return written;
  } finally {
    client.release();
  }
}

// Each case migrates an empty database and restores the whole demo set into it: about 5 s on a quiet
// machine, over 30 s (the default limit) when the machine is busy.
describe('backup and restore round trip', { timeout: 180_000 }, async () => {
  await loadDemoData(source.db);
  // A file larger than one insert batch's worth of small rows, with bytes that are not text.
  await createFile(source.db, { fileName: 'big.bin', data: randomBytes(3 * 1024 * 1024) });
  const before = await tableChecksums(poolOf(source.db));
  const full = await backUp('full');

  it('restores a full backup into an empty database: every table and every file identical, ids continue', async () => {
    const written = full;
    expect(written.name).toMatch(/^portal-full-\d{8}-\d{6}\.backup\.gz$/);
    const target = await createTestDatabase({ empty: true });
    try {
      const result = await restoreBackup(target.pool, path.join(dir, written.name));
      expect(result.kind).toBe('full');
      expect(await tableChecksums(target.pool)).toEqual(before);
      const files = await fileHashes(target.pool);
      expect(files.length).toBeGreaterThan(1);
      for (const file of files) expect(file.actual).toBe(file.sha256);
      expect(files).toEqual(await fileHashes(poolOf(source.db)));
      // Sequences moved past the restored ids: a new row gets a new id.
      const maxId = Math.max(...files.map((file) => file.id));
      expect((await createFile(target.db)).id).toBeGreaterThan(maxId);
      // The derived definitions came with it, and their triggers keep the tables from the next write on.
      expect(await definitions(target.pool)).toEqual(await definitions(poolOf(source.db)));
      await target.pool.query('update event_items set status_id = null where id = (select min(id) from event_items)');
      expect(await derivedDifferences(target.pool)).toEqual({});
      // Restoring again is refused: the database is no longer empty.
      await expect(restoreBackup(target.pool, path.join(dir, written.name))).rejects.toThrow(RestoreError);
    } finally {
      await target.close();
    }
  });

  it('restores a data-only backup: every row identical except the file contents, which it leaves out', async () => {
    const written = await backUp('partial');
    const target = await createTestDatabase({ empty: true });
    try {
      await restoreBackup(target.pool, path.join(dir, written.name));
      const { files: _files, ...restoredWithoutFiles } = await tableChecksums(target.pool);
      const { files: _source, ...sourceWithoutFiles } = before;
      expect(restoredWithoutFiles).toEqual(sourceWithoutFiles);
      const files = await fileHashes(target.pool);
      expect(files.map((file) => [file.id, file.sha256])).toEqual(
        (await fileHashes(poolOf(source.db))).map((file) => [file.id, file.sha256]),
      );
      expect(files.every((file) => file.size === 0)).toBe(true);
      expect(await definitions(target.pool)).toEqual(await definitions(poolOf(source.db)));
    } finally {
      await target.close();
    }
  });

  it("restores a full backup's own derived definitions; the next start applies the code's and rebuilds", async () => {
    const { gunzipSync, gzipSync } = await import('node:zlib');
    const { readFileSync, writeFileSync } = await import('node:fs');
    const { createHash } = await import('node:crypto');
    const lines = gunzipSync(readFileSync(path.join(dir, full.name)))
      .toString('utf8')
      .split('\n');
    const header = JSON.parse(lines[0].slice(2));
    // As an older release had it: the report items' rule without the chips (every row then differs).
    const older = header.derived.find((definition: { name: string }) => definition.name === 'report_items');
    older.sql = older.sql.replace('(SELECT count(*) FROM chips ch WHERE ch.equipment_id = e.id)::int', '0');
    older.hash = createHash('sha256').update(older.sql).digest('hex');
    lines[0] = `H ${JSON.stringify(header)}`;
    const file = path.join(dir, 'older-derived.backup.gz');
    writeFileSync(file, gzipSync(lines.join('\n')));
    const target = await createTestDatabase({ empty: true });
    try {
      await restoreBackup(target.pool, file);
      const restored = await definitions(target.pool);
      expect(restored.find((definition) => definition.name === 'report_items')?.hash).toBe(older.hash);
      expect(await tableChecksums(target.pool)).toEqual(before);
      expect(await runMigrations(target.db)).toEqual({ upgraded: true });
      expect(await definitions(target.pool)).toEqual(await definitions(poolOf(source.db)));
      expect(await derivedDifferences(target.pool)).toEqual({});
    } finally {
      await target.close();
    }
  });

  it('refuses a damaged file: a changed row fails its table checksum and nothing is kept', async () => {
    const written = full;
    const { gunzipSync, gzipSync } = await import('node:zlib');
    const { readFileSync, writeFileSync } = await import('node:fs');
    const text = gunzipSync(readFileSync(path.join(dir, written.name))).toString('utf8');
    const damaged = text.replace(/"email":"([^"]+)"/, '"email":"x$1"');
    expect(damaged).not.toBe(text);
    const file = path.join(dir, 'damaged.backup.gz');
    writeFileSync(file, gzipSync(damaged));
    const target = await createTestDatabase({ empty: true });
    try {
      await expect(restoreBackup(target.pool, file)).rejects.toThrow(/does not match its checksum/);
      expect((await target.pool.query('select count(*)::int as n from users')).rows[0].n).toBe(0);
    } finally {
      await target.close();
    }
  });
});

const derivedTables = new Set(derivedFiles().flatMap((file) => (file.table ? [file.table] : [])));
const withoutDerived = (sums: Record<string, string>) =>
  Object.fromEntries(Object.entries(sums).filter(([table]) => !derivedTables.has(table)));

// The release before decision 088 (test/fixtures/release-before-088.json.gz): the seal rules in its
// migrations 0035, 0038 and 0042, report_event_counts kept by its derived files.
describe('a backup the release before decision 088 wrote', { timeout: 180_000 }, async () => {
  const before088 = release('release-before-088.json.gz');
  const old = await createTestDatabase({ empty: true });
  afterAll(async () => {
    await old.close();
    before088.remove();
  });
  await runMigrations(old.db, before088.folder(), { files: before088.derivedFiles() });
  await loadDemoData(old.db);
  const sealed = (await old.pool.query<{ id: number }>('select min(event_id)::int as id from event_items')).rows[0].id;
  await old.pool.query(
    `insert into event_seals (event_id, kind, user_email, inspector, qualification, company, form_version, snapshot, hash)
     values ($1, 'signOff', 'inspector@example.com', 'I. Inspector', 'Level 2', 'Inspections Ltd', 1, '{}', 'test')`,
    [sealed],
  );
  const oldSums = await tableChecksums(poolOf(old.db));
  expect(oldSums.report_event_counts).toMatch(/^[1-9]\d*:/);
  const { report_event_counts: _dropped, ...keptSums } = oldSums;

  /** A backup of the old database with its header as that release wrote it: its migrations' own SQL and hashes. */
  async function releaseBackup(kind: 'full' | 'partial') {
    const { gunzipSync, gzipSync } = await import('node:zlib');
    const { readFileSync, writeFileSync } = await import('node:fs');
    const { createHash } = await import('node:crypto');
    const written = await backUp(kind, old);
    const lines = gunzipSync(readFileSync(path.join(dir, written.name)))
      .toString('utf8')
      .split('\n');
    const header = JSON.parse(lines[0].slice(2));
    const patched: string[] = [];
    for (const migration of header.migrations as { tag: string; hash: string; sql?: string }[]) {
      const sql = before088.files[migration.tag];
      const hash = createHash('sha256').update(sql).digest('hex');
      if (hash === migration.hash) continue;
      patched.push(migration.tag);
      migration.hash = hash;
      if (kind === 'full') migration.sql = sql;
    }
    expect(patched).toEqual(['0035_sign_off', '0038_measurement_templates', '0042_amendment_measurements']);
    expect(header.derived.map((definition: { name: string }) => definition.name)).toContain('report_event_counts');
    lines[0] = `H ${JSON.stringify(header)}`;
    const file = path.join(dir, `before-088-${kind}.backup.gz`);
    writeFileSync(file, gzipSync(lines.join('\n')));
    return file;
  }

  /** Restored, then started once: the rows as they were but report_event_counts, the code's rules and definitions. */
  async function restoreAndStart(file: string) {
    const target = await createTestDatabase({ empty: true });
    try {
      await restoreBackup(target.pool, file);
      const { files: _files, ...restored } = await tableChecksums(target.pool);
      const { files: _oldFiles, ...expected } = oldSums;
      expect(restored).toEqual(expected);
      expect(await runMigrations(target.db)).toEqual({ upgraded: true });
      expect(await functionBodies(target.pool)).toEqual(await functionBodies(poolOf(source.db)));
      expect(await definitions(target.pool)).toEqual(await definitions(poolOf(source.db)));
      // The rows as they were; the derived tables (a later release may add some, or a column) are
      // rebuilt from them and checked against their rebuild statements instead.
      const { files: _restoredFiles, ...after } = await tableChecksums(target.pool);
      const { files: _keptFiles, ...kept } = keptSums;
      expect(withoutDerived(after)).toEqual(withoutDerived(kept));
      expect(await derivedDifferences(target.pool)).toEqual({});
      await expect(
        target.pool.query(`update event_items set comment = 'changed' where id = (select min(id) from event_items where event_id = $1)`, [
          sealed,
        ]),
      ).rejects.toThrow(/signed off/);
    } finally {
      await target.close();
    }
  }

  it('restores a full backup (the seal rules from its migrations); the next start drops report_event_counts and applies seals.sql', async () => {
    await restoreAndStart(await releaseBackup('full'));
  });

  it('restores a data-only backup (old migration hashes, rows of report_event_counts); the next start drops the table', async () => {
    await restoreAndStart(await releaseBackup('partial'));
  });
});

describe('a backup in a worker thread', () => {
  it('fails with the driver’s error when its connection cannot open, and writes nothing', async () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), 'portal-worker-'));
    try {
      const job = { dir: empty, kinds: ['full'] as const, at: new Date() };
      await expect(writeBackupsInWorker({ host: '127.0.0.1', port: 1 }, job)).rejects.toThrow(/ECONNREFUSED/);
      expect(readdirSync(empty)).toEqual([]);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
