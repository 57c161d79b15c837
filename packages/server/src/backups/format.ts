/**
 * The backup file (decision 034): gzip of text lines, each a one-letter kind, a space and JSON.
 *   H {header: format, version, kind, createdAt, migrations, derived}   once, first
 *   T {table, columns}                                         before a table's rows
 *   R {row}                                                    one per row (row_to_json)
 *   E {table, rows, sha256}                                    after a table's rows
 *   M {tables: [{table, rows, sha256}]}                        the checksum manifest, last
 * The per-table sha256 covers that table's R lines' JSON, each followed by a newline. `derived` lists
 * the derived-data definitions the database had applied (db/derived/, decision 067): with their SQL
 * in a full backup, by name and hash in a data-only one.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { migrationsFolder } from '../db/migrate.ts';
import { SUPERSEDED_MIGRATIONS } from './superseded-migrations.ts';

export const BACKUP_FORMAT = 'portal-backup';
export const BACKUP_VERSION = 1;
export type BackupKind = 'full' | 'partial';

/** Name of a backup file: portal-full-20261123-184500.backup.gz (UTC). */
export const BACKUP_NAME = /^portal-(full|partial)-(\d{8})-(\d{6})\.backup\.gz$/;

export function backupName(kind: BackupKind, at: Date): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `portal-${kind}-${stamp}.backup.gz`;
}

/**
 * Left out of every backup: sign-in secrets (sessions, download tokens, reset codes), mail that
 * carries them (the outbox), the backup run log and the day's kept answers to Idempotency-Key (which
 * may hold a session token), and the demo's signing key. A restored portal starts with everyone signed out. The applied
 * derived-data definitions travel in the header instead of as rows: restoring applies them.
 */
export const EXCLUDED_TABLES = new Set([
  'sessions',
  'download_tokens',
  'password_reset_codes',
  'outbox_mails',
  'backups',
  'idempotent_answers',
  'derived_definitions',
  // The demo's signing key (decision 076): a key does not travel with the data.
  'signing_certificates',
]);

export interface Migration {
  tag: string;
  when: number;
  hash: string;
  breakpoints: boolean;
  /** The migration's SQL: in full backups only (the schema travels with them). */
  sql?: string;
}

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  kind: BackupKind;
  createdAt: string;
  migrations: Migration[];
  /** Absent in backups made before decision 067. */
  derived?: { name: string; hash: string; sql?: string }[];
}

export interface TableSum {
  table: string;
  rows: number;
  sha256: string;
}

interface JournalEntry {
  tag: string;
  when: number;
  breakpoints: boolean;
}

/** The code's migrations, in order, with the hash drizzle records for each (sha256 of the SQL). */
export function codeMigrations(folder = migrationsFolder): (Migration & { sql: string })[] {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  return journal.entries.map((entry) => {
    const sql = readFileSync(path.join(folder, `${entry.tag}.sql`), 'utf8');
    return { tag: entry.tag, when: entry.when, breakpoints: entry.breakpoints, hash: sha256Hex(sql), sql };
  });
}

/** The code's migrations by the hashes a database may have recorded for them: today's and superseded ones. */
export function migrationsByHash(): Map<string, Migration & { sql: string }> {
  return new Map(
    codeMigrations().flatMap((migration) => {
      const superseded = SUPERSEDED_MIGRATIONS[migration.tag];
      return superseded ? [[migration.hash, migration] as const, [superseded, migration] as const] : [[migration.hash, migration] as const];
    }),
  );
}

export const sha256Hex = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

export interface TableInfo {
  name: string;
  columns: string[];
  byteaColumns: string[];
  primaryKey: string[];
}

export const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The public schema's tables to back up, with their stored (not generated) columns and primary key. */
export async function listTables(client: pg.ClientBase): Promise<TableInfo[]> {
  const { rows } = await client.query<{ name: string; columns: string[]; types: string[]; pk: string[] | null }>(`
    select c.relname::text as name,
      array_agg(a.attname::text order by a.attnum) as columns,
      array_agg(format_type(a.atttypid, null) order by a.attnum) as types,
      (select array_agg(k.attname::text order by array_position(i.indkey, k.attnum))
         from pg_index i join pg_attribute k on k.attrelid = i.indrelid and k.attnum = any(i.indkey)
         where i.indrelid = c.oid and i.indisprimary) as pk
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
    where c.relkind = 'r'
    group by c.oid, c.relname
    order by c.relname`);
  return rows
    .filter((row) => !EXCLUDED_TABLES.has(row.name))
    .map((row) => ({
      name: row.name,
      columns: row.columns,
      byteaColumns: row.columns.filter((_, i) => row.types[i] === 'bytea'),
      primaryKey: row.pk ?? [],
    }));
}
