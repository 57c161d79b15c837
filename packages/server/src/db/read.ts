/**
 * The one way a hot read turns SQL into rows (decision 090, growing from decision 051's array rows).
 * A read names itself (and its variant), declares its columns by name, each with a kind that says what
 * the pg driver hands back for it in array mode, and gives the rest of the statement:
 *
 *   const [row] = await readRows(db, defineRead(`certificates.one.${scope.key}`, () => ({
 *     columns: { id: int(certificates.id), number: text(certificates.certificateNumber), signedAt: isoUtc.orNull(...) },
 *     from: sql`from ${certificates} where ...`,
 *   })), { id });
 *   row.number; // string
 *
 * - **Rendered once** per name: `build` runs the first time a name is read; the text goes to the pool,
 *   which prepares it by its text (decision 038). Values are `sql.placeholder`s filled per call.
 * - **Array mode**: the driver returns each row as an array (no drizzle decoders: drizzle's result
 *   mapping cost more CPU than the statement's own parsing on pages of rows, decision 051); a plain loop
 *   puts each declared column under its name. No caller reads a column by position.
 * - **Kinds cannot lie about the driver**: each kind casts its expression in SQL (`::int`, `::text`,
 *   `::boolean`, `::numeric`, `::date`, ...), so what PostgreSQL sends is that type whatever the column
 *   is, and the type parsers of db/client.ts decide the JS value (int8 and numeric as numbers, date as
 *   text). A column is not null unless declared `.orNull`; under Vitest every value read is checked
 *   against its kind and its null-ness, so an API test fails on a declaration that does not hold.
 * - `list(columns, from)`: a nested list of rows as JSON (`json_agg(json_build_array(...))`), mapped by
 *   name in the same loop; JSON writes int, numeric, boolean, text, date and isoUtc as the kinds say.
 */
import { fillPlaceholders, Placeholder, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { type PgColumn, PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { type Executor, windowStatementName } from './client.ts';

type Expr = PgColumn | SQL | SQLWrapper;

/** A declared column: its SQL (already cast to its kind) and, for a nested list, how to map its rows. */
export interface Column<T> extends SQLWrapper {
  readonly kind: string;
  readonly nullable: boolean;
  readonly nested?: Shape;
  /** Only for the type of the value read; never set. */
  readonly _type?: T;
}
export type Columns = Record<string, Column<unknown>>;
export type RowOf<C extends Columns> = { [K in keyof C]: C[K] extends Column<infer T> ? T : never };

interface Shape {
  names: string[];
  columns: Column<unknown>[];
}

function column<T>(kind: string, expression: SQL, nullable: boolean, nested?: Shape): Column<T> {
  return { kind, nullable, nested, getSQL: () => expression };
}

interface Kind<T> {
  (expression: Expr): Column<T>;
  orNull(expression: Expr): Column<T | null>;
}

function kind<T>(name: string, render: (expression: Expr) => SQL): Kind<T> {
  const make = (expression: Expr) => column<T>(name, render(expression), false);
  return Object.assign(make, { orNull: (expression: Expr) => column<T | null>(name, render(expression), true) });
}

/** int4 (and int2, int8 or a count cast down): a JS number. */
export const int = kind<number>('int', (e) => sql`(${e})::int`);
/** numeric: a JS number (db/client.ts parses numeric as Number). */
export const num = kind<number>('num', (e) => sql`(${e})::numeric`);
export const text = kind<string>('text', (e) => sql`(${e})::text`);
export const bool = kind<boolean>('bool', (e) => sql`(${e})::boolean`);
/** A calendar date as ISO text, `2026-11-28` (db/client.ts leaves dates as text). */
export const date = kind<string>('date', (e) => sql`(${e})::date`);
export const textArray = kind<string[]>('textArray', (e) => sql`(${e})::text[]`);
/**
 * json or jsonb: the parsed value. The driver only promises JSON; the shape `T` is what this code wrote
 * into the column (a jsonb column of ours, a json_build_object of the statement), not checked here.
 */
export const json = <T>(expression: Expr) => column<T>('json', sql`(${expression})::json`, false);
json.orNull = <T>(expression: Expr) => column<T | null>('json', sql`(${expression})::json`, true);
/** bytea: a Buffer (not inside a nested list: JSON has no bytes). */
export const bytes = kind<Buffer>('bytes', (e) => sql`(${e})::bytea`);
/**
 * An ISO 8601 UTC timestamp with milliseconds, as `Date.toISOString()` writes it (both truncate
 * microseconds), written by PostgreSQL. Also usable as a fragment in other SQL.
 */
export const isoUtc = kind<string>('isoUtc', (e) => sql`to_char(${e} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * A nested list of rows: `(select coalesce(json_agg(json_build_array(<columns>) order by <orderBy>), '[]') <from>)`,
 * each row mapped by name like the outer ones.
 */
export function list<C extends Columns>(columns: C, from: SQL, orderBy?: SQL): Column<RowOf<C>[]> {
  const shape = shapeOf(columns);
  const values = sql.join(shape.columns, sql`, `);
  const order = orderBy ? sql` order by ${orderBy}` : sql``;
  return column('list', sql`(select coalesce(json_agg(json_build_array(${values})${order}), '[]') ${from})`, false, shape);
}

const shapeOf = (columns: Columns): Shape => ({ names: Object.keys(columns), columns: Object.values(columns) });

export interface Read<C extends Columns> {
  readonly name: string;
  readonly text: string;
  readonly params: unknown[];
  readonly shape: Shape;
  /** Only for the row type; never set. */
  readonly _columns?: C;
}

const dialect = new PgDialect();
const reads = new Map<string, Read<Columns>>();

/**
 * The read `name` (give each variant its own name: scope kind, filter combination, sort), built and
 * rendered the first time it is asked for: `select <columns> <from>`, after `with` when given.
 */
export function defineRead<C extends Columns>(name: string, build: () => ReadParts<C>): Read<C> {
  let read = reads.get(name);
  if (!read) {
    read = renderRead(name, build());
    // A value rendered into the statement would be the first call's for every later one.
    if (read.params.some((param) => !(param instanceof Placeholder)))
      throw new Error(`read ${name}: its values must be sql.placeholder (or use renderRead)`);
    reads.set(name, read);
  }
  return read as Read<C>;
}

export interface ReadParts<C extends Columns> {
  columns: C;
  /** The statement after its select list: `from ... where ... order by ...`. */
  from: SQL;
  /** Common table expressions, written before the select. */
  with?: SQL;
}

/**
 * A read rendered for this call only, for a statement whose text changes with its values (a search
 * term's conditions): the same columns and mapping, no cache. Hot reads use defineRead.
 */
export function renderRead<C extends Columns>(name: string, { columns, from, with: ctes }: ReadParts<C>): Read<C> {
  const shape = shapeOf(columns);
  const select = sql`select ${sql.join(shape.columns, sql`, `)} ${from}`;
  const query = dialect.sqlToQuery(ctes ? sql`with ${ctes} ${select}` : select);
  return { name, text: query.sql, params: query.params, shape };
}

/**
 * Where an executor's statements go: the pool for the database handle (named and prepared there), the
 * transaction's own connection inside a transaction (unnamed), so a read in a write sees its writes.
 */
const clientOf = (db: Executor) => (db._.session as unknown as { client: pg.Pool | pg.PoolClient }).client;

export interface ReadOptions {
  /**
   * The page window of a read whose statement ends its ids subquery with `limit :limit offset :offset`
   * (the last two placeholders): on a pool that prepares, the statement goes out with them as literals
   * under a name from the window budget (db/client.ts `windowStatementName`, decision 051), so
   * PostgreSQL plans each window once per connection instead of on every run.
   */
  window?: { limit: number; offset: number };
}

/** The read's rows, each an object of its declared columns. */
export async function readRows<C extends Columns>(
  db: Executor,
  read: Read<C>,
  values: Record<string, unknown> = {},
  options: ReadOptions = {},
): Promise<RowOf<C>[]> {
  const client = clientOf(db);
  const filled = fillPlaceholders(read.params, values);
  const query = options.window ? withWindow(client, read.text, filled, options.window) : { text: read.text, values: filled };
  const { rows } = await client.query<unknown[]>({ ...query, rowMode: 'array' });
  if (checking) check(read.name, read.shape, rows);
  return toObjects(rows, read.shape) as RowOf<C>[];
}

/** The read's first row, or undefined. */
export async function readRow<C extends Columns>(db: Executor, read: Read<C>, values: Record<string, unknown> = {}) {
  const rows = await readRows(db, read, values);
  return rows.length ? rows[0] : undefined;
}

function withWindow(
  client: pg.Pool | pg.PoolClient,
  text: string,
  values: unknown[],
  { limit, offset }: { limit: number; offset: number },
) {
  const n = values.length;
  const literal = text.replace(`limit $${n - 1} offset $${n}`, `limit ${limit} offset ${offset}`);
  const prepares = 'totalCount' in client; // a pool, not a transaction's client
  const name =
    prepares && literal !== text && Number.isSafeInteger(limit) && Number.isSafeInteger(offset)
      ? windowStatementName(client as pg.Pool, literal)
      : undefined;
  return name ? { name, text: literal, values: values.slice(0, n - 2) } : { text, values };
}

/** Each row's values under the declared names, nested lists alike: one loop, no closure per row. */
function toObjects(rows: unknown[][], shape: Shape): Record<string, unknown>[] {
  const { names, columns } = shape;
  const width = names.length;
  const out = new Array<Record<string, unknown>>(rows.length);
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    const object: Record<string, unknown> = {};
    for (let i = 0; i < width; i++) {
      const nested = columns[i].nested;
      object[names[i]] = nested === undefined ? row[i] : toObjects(row[i] as unknown[][], nested);
    }
    out[r] = object;
  }
  return out;
}

/** Under Vitest every value is checked against its declared kind (the API tests read every hot read). */
const checking = process.env.VITEST !== undefined;

const isKind: Record<string, (value: unknown) => boolean> = {
  int: (v) => Number.isInteger(v),
  num: (v) => typeof v === 'number',
  text: (v) => typeof v === 'string',
  bool: (v) => typeof v === 'boolean',
  date: (v) => typeof v === 'string' && /^\d{4}-\d\d-\d\d$/.test(v),
  textArray: (v) => Array.isArray(v) && v.every((s) => typeof s === 'string'),
  bytes: (v) => Buffer.isBuffer(v),
  json: (v) => v !== undefined,
  isoUtc: (v) => typeof v === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(v),
  list: (v) => Array.isArray(v),
};

function check(name: string, shape: Shape, rows: unknown[][]) {
  for (const row of rows) {
    if (row.length !== shape.names.length) throw new Error(`read ${name}: ${row.length} columns, ${shape.names.length} declared`);
    shape.columns.forEach((column, i) => {
      const value = row[i];
      const what = `read ${name}: column ${shape.names[i]} (${column.kind}${column.nullable ? ', or null' : ''})`;
      if (value === null || value === undefined) {
        if (!column.nullable) throw new Error(`${what} is null`);
        return;
      }
      if (!isKind[column.kind](value)) throw new Error(`${what} is ${JSON.stringify(value)}`);
      if (column.nested) check(name, column.nested, value as unknown[][]);
    });
  }
}

/**
 * A statement whose rows are not read, which the drizzle builder does not express: a setting (`set
 * local`, `set_config`), a lock, a write with a computed set list. Answers how many rows it touched.
 */
export async function run(db: Executor, statement: SQL): Promise<number> {
  const { rowCount } = await db.execute(statement);
  return rowCount ?? 0;
}

/**
 * The rows of a statement whose select list is its own declaration, under the names it gives its
 * columns, each value as the driver parses it, unchecked: a report's or an export's sheet (columns
 * named for the spreadsheet), a cursor's `fetch` (db/cursor.ts), and the seal's canonical form, which
 * hashes each column as the driver hands it over (a kind would cast it: a seal signed before must
 * hash the same). A read of columns this code names and types declares them (defineRead, renderRead).
 */
export async function sheetRows(db: Executor, statement: SQL): Promise<Record<string, unknown>[]> {
  const { rows } = await db.execute(statement);
  return rows;
}
