/**
 * Hot reads whose rows come back as arrays and are shaped by hand (decision 051): on a page of rows,
 * drizzle's result mapping (nested objects, column decoders), the audit columns' Date objects and
 * `presentAudit` cost the server more CPU than the statement's own parsing (docs/performance.md).
 * A statement is rendered once per variant key, with `sql.placeholder`s for its values; the pool
 * prepares it by its text (decision 038), like drizzle's prepared reads (db/prepared.ts).
 */
import { fillPlaceholders, type SQL, sql } from 'drizzle-orm';
import { type PgColumn, PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Executor } from './client.ts';

/** An ISO 8601 UTC timestamp with milliseconds, as `Date.toISOString()` writes it (both truncate microseconds). */
export const isoUtc = (column: PgColumn | SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export interface Rendered {
  sql: string;
  params: unknown[];
}

const dialect = new PgDialect();
const rendered = new Map<string, Rendered>();

/** The statement `build` makes, rendered to text once per `key` (name the variant in the key). */
export function renderOnce(key: string, build: () => SQL): Rendered {
  let statement = rendered.get(key);
  if (!statement) {
    statement = dialect.sqlToQuery(build());
    rendered.set(key, statement);
  }
  return statement;
}

export type ArrayRow = unknown[];

/**
 * Where an executor's statements go: the pool for the database handle (named and prepared there), the
 * transaction's own connection inside a transaction (unnamed), so a read in a write sees its writes.
 */
const clientOf = (db: Executor) => (db._.session as unknown as { client: pg.Pool | pg.PoolClient }).client;

/** Runs a rendered statement with its placeholders' values; each row an array in the select list's order. */
export async function arrayRows(db: Executor, statement: Rendered, values: Record<string, unknown> = {}): Promise<ArrayRow[]> {
  const { rows } = await clientOf(db).query<ArrayRow>({
    text: statement.sql,
    values: fillPlaceholders(statement.params, values),
    rowMode: 'array',
  });
  return rows;
}
