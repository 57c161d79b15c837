/**
 * Restores a backup file into an empty database, as a stream (a batch of rows at a time). First the
 * schema at the backup's version: a full backup brings its migrations' SQL and derived-data
 * definitions, a data-only backup needs this code's migrations to be the same ones. Then every table's rows in one transaction, checking
 * each table's row count and sha256 against the file, and the id sequences after the highest id.
 * Foreign keys are not checked while loading (the rows come from one consistent snapshot); that
 * needs a superuser connection, as pg_restore --disable-triggers does.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { applyDerived, definitionFiles } from '../db/derived/apply.ts';
import { derivedFiles } from '../db/derived/files.ts';
import {
  BACKUP_FORMAT,
  type BackupHeader,
  codeMigrations,
  type Migration,
  migrationsByHash,
  quote,
  sha256Hex,
  type TableSum,
} from './format.ts';

/** Rows per insert, and the most characters of row JSON one insert carries. */
const INSERT_ROWS = 1000;
const INSERT_CHARS = 16 * 1024 * 1024;

export class RestoreError extends Error {}

/** Empty: no table of the public schema holds a row (a fresh database, or one with only the schema). */
async function assertEmpty(pool: pg.Pool) {
  const { rows } = await pool.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'r'`,
  );
  for (const { name } of rows) {
    const { rowCount } = await pool.query(`select 1 from ${quote(name)} limit 1`);
    if (rowCount) throw new RestoreError(`The database is not empty (table ${name} has rows): restore only into an empty database`);
  }
}

/** Writes the backup's migrations in drizzle's folder layout and applies them. */
async function applySchema(pool: pg.Pool, migrations: Migration[], kind: BackupHeader['kind']) {
  const code = migrationsByHash();
  const folder = await mkdtemp(path.join(tmpdir(), 'portal-restore-'));
  try {
    await mkdir(path.join(folder, 'meta'));
    const entries = migrations.map((migration, idx) => {
      // A data-only backup's migration is the code's file of that hash (or of a hash it superseded).
      const sql = kind === 'full' ? migration.sql : code.get(migration.hash)?.sql;
      if (sql === undefined || (kind === 'full' && sha256Hex(sql) !== migration.hash)) {
        throw new RestoreError(
          `The backup's migration ${migration.tag} is not this code's: restore a data-only backup with the code version that made it, or use a full backup`,
        );
      }
      return { idx, version: '7', when: migration.when, tag: migration.tag, breakpoints: migration.breakpoints, sql };
    });
    for (const entry of entries) await writeFile(path.join(folder, `${entry.tag}.sql`), entry.sql);
    const journal = { version: '7', dialect: 'postgresql', entries: entries.map(({ sql: _, ...entry }) => entry) };
    await writeFile(path.join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
    await migrate(drizzle(pool), { migrationsFolder: folder });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * The backup's derived-data definitions (db/derived/, decision 067), applied before any row: a full
 * backup's own, for a data-only one of this release the code's. Rows load with triggers off, so the
 * derived tables' rows come from the backup as they were. Says which tables a data-only backup had
 * kept by another definition: they are rebuilt once the rows are in.
 */
async function applyBackupDerived(pool: pg.Pool, header: BackupHeader): Promise<string[]> {
  if (!header.derived) return [];
  const client = await pool.connect();
  try {
    if (header.kind === 'full') {
      await applyDerived(client, { files: definitionFiles(header.derived.map((d) => ({ ...d, sql: d.sql ?? '' }))) });
      return [];
    }
    // A data-only backup of an earlier release has the schema of its own migrations, which the code's
    // definitions may not fit (a table or column of a later migration): none is applied now. The next
    // start applies the later migrations, then every file (none is recorded) with its rebuild.
    if (header.migrations.length < codeMigrations().length) return [];
    const files = derivedFiles();
    await applyDerived(client, { files });
    const kept = new Map(header.derived.map((definition) => [definition.name, definition.hash]));
    return files.filter((file) => file.table && kept.get(file.name) !== file.hash).map((file) => file.name);
  } finally {
    client.release();
  }
}

interface TableLoad {
  table: string;
  columns: string[];
  rows: number;
  hash: ReturnType<typeof createHash>;
  pending: string[];
  pendingChars: number;
}

async function flush(client: pg.ClientBase, load: TableLoad) {
  if (load.pending.length === 0) return;
  const columns = load.columns.map(quote).join(', ');
  await client.query(
    `insert into ${quote(load.table)} (${columns}) overriding system value
     select ${columns} from json_populate_recordset(null::${quote(load.table)}, $1::json)`,
    [`[${load.pending.join(',')}]`],
  );
  load.pending = [];
  load.pendingChars = 0;
}

/** Moves every id sequence past the restored rows. */
async function resetSequences(client: pg.ClientBase) {
  const { rows } = await client.query<{ table: string; column: string; sequence: string }>(`
    select c.relname as table, a.attname as column, pg_get_serial_sequence(quote_ident(c.relname), a.attname) as sequence
    from pg_class c join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    where c.relkind = 'r' and pg_get_serial_sequence(quote_ident(c.relname), a.attname) is not null`);
  for (const row of rows) {
    await client.query(`select setval($1, coalesce((select max(${quote(row.column)}) from ${quote(row.table)}), 0) + 1, false)`, [
      row.sequence,
    ]);
  }
}

export interface RestoreResult {
  kind: BackupHeader['kind'];
  createdAt: string;
  tables: TableSum[];
}

/**
 * The file's lines, pulled as they are read: a chunk is gunzipped only when the previous lines have
 * been loaded, so memory stays bounded (readline's iterator reads ahead without limit).
 */
async function* readLines(file: string): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  // A line (a row with a 20 MB file) may span many chunks: its pieces are joined once, at its end.
  let pieces: string[] = [];
  for await (const chunk of createReadStream(file).pipe(createGunzip())) {
    const text = decoder.write(chunk as Buffer);
    let start = 0;
    for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', start)) {
      pieces.push(text.slice(start, end));
      yield pieces.join('');
      pieces = [];
      start = end + 1;
    }
    if (start < text.length) pieces.push(text.slice(start));
  }
  pieces.push(decoder.end());
  const last = pieces.join('');
  if (last) yield last;
}

export async function restoreBackup(pool: pg.Pool, file: string): Promise<RestoreResult> {
  const iterator = readLines(file);
  const first = await iterator.next();
  const line: string = first.done ? '' : first.value;
  const header = line.startsWith('H ') ? (JSON.parse(line.slice(2)) as BackupHeader) : null;
  if (header?.format !== BACKUP_FORMAT) throw new RestoreError(`${file} is not a portal backup`);
  await assertEmpty(pool);
  await applySchema(pool, header.migrations, header.kind);
  const stale = await applyBackupDerived(pool, header);

  const client = await pool.connect();
  const sums: TableSum[] = [];
  let manifest: { tables: TableSum[] } | null = null;
  try {
    await client.query('begin');
    await client.query('set local session_replication_role = replica');
    let load: TableLoad | null = null;
    for await (const line of iterator) {
      const json = line.slice(2);
      switch (line[0]) {
        case 'T': {
          const { table, columns } = JSON.parse(json) as { table: string; columns: string[] };
          load = { table, columns, rows: 0, hash: createHash('sha256'), pending: [], pendingChars: 0 };
          break;
        }
        case 'R': {
          if (!load) throw new RestoreError('A row outside a table');
          load.hash.update(`${json}\n`);
          load.rows += 1;
          load.pending.push(json);
          load.pendingChars += json.length;
          if (load.pending.length >= INSERT_ROWS || load.pendingChars >= INSERT_CHARS) await flush(client, load);
          break;
        }
        case 'E': {
          const expected = JSON.parse(json) as TableSum;
          if (!load || load.table !== expected.table) throw new RestoreError('A table end without its start');
          await flush(client, load);
          const sum = { table: load.table, rows: load.rows, sha256: load.hash.digest('hex') };
          if (sum.rows !== expected.rows || sum.sha256 !== expected.sha256) {
            throw new RestoreError(`Table ${sum.table} does not match its checksum: the file is damaged`);
          }
          sums.push(sum);
          load = null;
          break;
        }
        case 'M':
          manifest = JSON.parse(json) as { tables: TableSum[] };
          break;
        default:
          throw new RestoreError(`Unexpected line in ${file}`);
      }
    }
    if (!manifest || JSON.stringify(manifest.tables) !== JSON.stringify(sums)) {
      throw new RestoreError('The backup is incomplete: its checksum manifest is missing or does not match');
    }
    await resetSequences(client);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
  if (stale.length) {
    const rebuilding = await pool.connect();
    await applyDerived(rebuilding, { force: stale }).finally(() => rebuilding.release());
  }
  return { kind: header.kind, createdAt: header.createdAt, tables: sums };
}
