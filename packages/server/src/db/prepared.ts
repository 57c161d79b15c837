/**
 * Reads built once, not on every request (decision 038): drizzle builds a query's SQL from its builder
 * objects each time it runs, and on the hot reads that cost the portal more CPU than sending the query
 * (a CPU profile of the equipment detail under load: 15-20% in drizzle's builders). A prepared read is
 * built once per database handle (or transaction) and variant, with `sql.placeholder`s for its values.
 * It goes out unnamed; on PostgreSQL the pool names it by its text, so the server plans it once per
 * connection too (db/client.ts).
 */
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

const built = new WeakMap<Executor, Map<string, unknown>>();

/** The query `build` makes, made once per handle and `key` (name the variant in the key). */
export function prepared<Q>(db: Executor, key: string, build: () => Q): Q {
  let queries = built.get(db);
  if (!queries) {
    queries = new Map();
    built.set(db, queries);
  }
  let query = queries.get(key) as Q | undefined;
  if (!query) {
    query = build();
    queries.set(key, query);
  }
  return query;
}

/** Drizzle's prepare needs a name; an empty one leaves the naming to the pool. */
export const UNNAMED = '';

/** `column = any(:name)` for an integer array placeholder (ids, owner ids). */
export const inIntArray = (column: PgColumn | SQL, name: string): SQL => sql`${column} = any(${sql.placeholder(name)}::int[])`;
