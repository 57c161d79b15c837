/**
 * Writes a backup file from a database connection, as a stream: rows come through a cursor a batch
 * at a time and go through gzip to disk with backpressure, so memory stays bounded whatever the
 * database's size. Run it inside one REPEATABLE READ transaction, so every table is read at one
 * instant. The file is written as `<name>.part` and renamed when complete, next to a
 * `<name>.sha256` line (sha256sum's format) for the whole file.
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Worker } from 'node:worker_threads';
import { createGzip } from 'node:zlib';
import type pg from 'pg';
import { recordedDefinitions } from '../db/derived/apply.ts';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type BackupHeader,
  type BackupKind,
  backupName,
  listTables,
  migrationsByHash,
  quote,
  type TableInfo,
  type TableSum,
} from './format.ts';

/**
 * Memory (issue 10: a 1 GB database backs up with the server's RSS growing by under 200 MB). V8 puts a
 * string over about 128 KB in its large-object space, which only a full collection frees, and a
 * backup makes nothing but garbage: with 2,000 rows a fetch joined into one chunk (about 800 KB) and
 * file contents in 1 MB slices (2 MB of hex), the server's RSS grew 214 MB on a 1.2 GB database before
 * V8 collected. Every piece now stays under that size, so the young generation's scavenges free it
 * (docs/account.md, "Backups: memory").
 */
/** Rows per fetch; tables holding file bytes fetch a few rows at a time (a file may be 20 MB). */
const BATCH_ROWS = 500;
const BYTEA_BATCH_ROWS = 1;
/** Characters of row lines handed to gzip at a time. */
const CHUNK_CHARS = 32 * 1024;
/**
 * What the row reader may run ahead of gzip and the disk, in bytes. Readable.from's default counts
 * chunks (16), and a chunk of file rows is tens of MB (bytea as JSON hex): 16 of them took the server's
 * RSS 336 MB up on a 1 GB database.
 */
const READ_AHEAD_BYTES = 1 << 20;

export interface WrittenBackup {
  name: string;
  size: number;
  sha256: string;
  tables: TableSum[];
}

/** The migrations the database has applied, as drizzle recorded them, matched to the code's files. */
async function appliedMigrations(client: pg.ClientBase, withSql: boolean) {
  const { rows } = await client.query<{ hash: string }>('select hash from drizzle.__drizzle_migrations order by created_at');
  const known = migrationsByHash();
  return rows.map(({ hash }) => {
    const migration = known.get(hash);
    if (!migration) throw new Error(`The database has a migration this code does not know (hash ${hash})`);
    const { sql, ...rest } = migration;
    return withSql ? { ...rest, sql } : rest;
  });
}

function selectRows(table: TableInfo, kind: BackupKind): string {
  // Data-only backups keep file rows but not their contents (decision 034).
  const columns = table.columns.map((column) =>
    kind === 'partial' && table.byteaColumns.includes(column) ? `'\\x'::bytea as ${quote(column)}` : quote(column),
  );
  const order = table.primaryKey.length ? ` order by ${table.primaryKey.map(quote).join(', ')}` : '';
  return `select row_to_json(r)::text as line from (select ${columns.join(', ')} from ${quote(table.name)}${order}) r`;
}

/** Bytes of a file's contents read at a time (as hex, twice that): a file row never sits whole in memory. */
const SLICE_BYTES = 32 * 1024;

/**
 * A full backup of a table with one bytea column and a primary key: the row comes as JSON with the
 * bytes left empty (`"\\x"`), and the bytes follow in slices spliced in at that spot, so a 20 MB file
 * never sits in memory as one 40 MB line (and its copies). The line is the same as row_to_json's.
 */
function slicedRows(table: TableInfo): boolean {
  return table.byteaColumns.length === 1 && table.primaryKey.length > 0;
}

async function* rowLines(client: pg.ClientBase, table: TableInfo, kind: BackupKind, hash: ReturnType<typeof createHash>) {
  let rows = 0;
  const emit = (piece: string) => {
    hash.update(piece);
    return piece;
  };
  if (kind === 'full' && slicedRows(table)) {
    const column = table.byteaColumns[0];
    const key = table.primaryKey.map(quote);
    // row_to_json writes the emptied bytes as "\\x" (a JSON string holding backslash, x).
    const empty = `"${column}":"\\\\x"`;
    const columns = table.columns.map((c) => (c === column ? `'\\x'::bytea as ${quote(c)}` : `t.${quote(c)} as ${quote(c)}`));
    await client.query(
      `declare backup_rows no scroll cursor for select row_to_json(r)::text as line, ${key.map((k, i) => `t.${k} as k${i}`).join(', ')}, ` +
        `octet_length(t.${quote(column)}) as size from ${quote(table.name)} t cross join lateral (select ${columns.join(', ')}) r ` +
        `order by ${key.map((k) => `t.${k}`).join(', ')}`,
    );
    while (true) {
      const result = await client.query<{ line: string; size: number } & Record<string, unknown>>('fetch 50 from backup_rows');
      if (result.rows.length === 0) break;
      for (const row of result.rows) {
        const at = row.line.indexOf(empty);
        if (at < 0) throw new Error(`No ${column} in a row of ${table.name}`);
        const split = at + empty.length - 1; // before the closing quote
        yield `R ${emit(row.line.slice(0, split))}`;
        for (let offset = 0; offset < row.size; offset += SLICE_BYTES) {
          const slice = await client.query<{ hex: string }>(
            `select encode(substring(${quote(column)} from $1 for $2), 'hex') as hex from ${quote(table.name)} where ${key
              .map((k, i) => `${k} = $${i + 3}`)
              .join(' and ')}`,
            [offset + 1, SLICE_BYTES, ...table.primaryKey.map((_, i) => row[`k${i}`])],
          );
          yield emit(slice.rows[0].hex);
        }
        yield `${emit(`${row.line.slice(split)}\n`)}`;
        rows += 1;
      }
    }
  } else {
    const batch = kind === 'full' && table.byteaColumns.length ? BYTEA_BATCH_ROWS : BATCH_ROWS;
    await client.query(`declare backup_rows no scroll cursor for ${selectRows(table, kind)}`);
    while (true) {
      const result = await client.query<{ line: string }>(`fetch ${batch} from backup_rows`);
      if (result.rows.length === 0) break;
      let chunk = '';
      for (const { line } of result.rows) {
        hash.update(`${line}\n`);
        chunk += `R ${line}\n`;
        if (chunk.length >= CHUNK_CHARS) {
          yield chunk;
          chunk = '';
        }
      }
      rows += result.rows.length;
      if (chunk) yield chunk;
    }
  }
  await client.query('close backup_rows');
  return rows;
}

async function* lines(client: pg.ClientBase, kind: BackupKind, header: BackupHeader, sums: TableSum[]): AsyncGenerator<string> {
  yield `H ${JSON.stringify(header)}\n`;
  for (const table of await listTables(client)) {
    yield `T ${JSON.stringify({ table: table.name, columns: table.columns })}\n`;
    const hash = createHash('sha256');
    const rows = yield* rowLines(client, table, kind, hash);
    const sum = { table: table.name, rows, sha256: hash.digest('hex') };
    sums.push(sum);
    yield `E ${JSON.stringify(sum)}\n`;
  }
  yield `M ${JSON.stringify({ tables: sums })}\n`;
}

/** Writes one backup of `kind` into `dir`; the caller holds the transaction and the lock. */
export async function writeBackup(client: pg.ClientBase, options: { dir: string; kind: BackupKind; at?: Date }): Promise<WrittenBackup> {
  const at = options.at ?? new Date();
  const name = backupName(options.kind, at);
  const file = path.join(options.dir, name);
  const header: BackupHeader = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    kind: options.kind,
    createdAt: at.toISOString(),
    migrations: await appliedMigrations(client, options.kind === 'full'),
    derived: (await recordedDefinitions(client)).map(({ sql, ...rest }) => (options.kind === 'full' ? { ...rest, sql } : rest)),
  };
  const sums: TableSum[] = [];
  const fileHash = createHash('sha256');
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      fileHash.update(chunk);
      done(null, chunk);
    },
  });
  const source = Readable.from(lines(client, options.kind, header, sums), { objectMode: false, highWaterMark: READ_AHEAD_BYTES });
  await pipeline(source, createGzip({ level: 6 }), hashing, createWriteStream(`${file}.part`));
  const sha256 = fileHash.digest('hex');
  await rename(`${file}.part`, file);
  await writeFile(`${file}.sha256`, `${sha256}  ${name}\n`);
  return { name, size: (await stat(file)).size, sha256, tables: sums };
}

/** Writes a backup of each kind, all from one REPEATABLE READ snapshot on `client`. */
export async function writeBackups(client: pg.ClientBase, options: { dir: string; kinds: readonly BackupKind[]; at: Date }) {
  await client.query('begin isolation level repeatable read read only');
  try {
    for (const kind of options.kinds) await writeBackup(client, { dir: options.dir, kind, at: options.at });
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}

/**
 * The heap a backup's worker may use. The young generation is what bounds the server's RSS: a dump
 * allocates nothing but short-lived strings and Buffers, and with the default young generation
 * (tens of MB per semi-space on a large machine) V8 touches all of it between scavenges. The old
 * generation's cap is far above what a dump keeps (a batch of rows, gzip's state): it only stops a
 * runaway worker, which then fails the run instead of the server.
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 256 } as const;

/** What a worker needs to open its own connection: the pool's settings without its callbacks. */
export function connectionSettings(pool: pg.Pool): pg.ClientConfig {
  const { connectionString, host, port, user, password, database, ssl } = pool.options;
  const settings: pg.ClientConfig = { connectionString, host, port, user, database, ssl };
  if (typeof password === 'string') settings.password = password;
  return Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined));
}

/**
 * Runs `writeBackups` in a worker thread on a connection of its own (dump-worker.ts), so the dump's
 * garbage lives in a small heap of its own rather than the server's (docs/account.md, "Backups:
 * memory"). The connection must be a session of its own: PostgreSQL's, or the embedded database's copy.
 */
export function writeBackupsInWorker(connection: pg.ClientConfig, options: { dir: string; kinds: readonly BackupKind[]; at: Date }) {
  const worker = new Worker(new URL('./dump-worker.ts', import.meta.url), {
    workerData: { connection, dir: options.dir, kinds: options.kinds, at: options.at.toISOString() } satisfies DumpJob,
    resourceLimits: WORKER_LIMITS,
  });
  return new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`The backup's worker stopped (exit code ${code})`))));
  });
}

/** A worker's task, as it crosses to the thread. */
export interface DumpJob {
  connection: pg.ClientConfig;
  dir: string;
  kinds: readonly BackupKind[];
  at: string;
}
