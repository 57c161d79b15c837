/**
 * One shape for every paged list (docs/architecture.md, "Paged lists"):
 *
 *   1. the page's ids:  select id from t where <filter> order by <sort>, id limit :size offset :offset
 *      (narrow, so PostgreSQL walks an index in order and stops; offset skips index entries, not rows
 *      with joins and per-row subqueries);
 *   2. the rows:        joins, names, counts for those ids only (`rows(ids)`, any order: put back here);
 *   3. the total:       select count(*) from t where <filter>, skipped when the page itself shows it,
 *                       or a sum of maintained counts (db/tables/counts.ts) where the list has them.
 *
 * The events list does the three in one statement (features/events/list-query.ts, and its figures
 * in docs/performance.md).
 */
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';
import { prepared, UNNAMED } from './prepared.ts';

export interface PageRequest {
  /** Zero-based. */
  page: number;
  pageSize: number;
}

export interface PageSpec<Id, Row> extends PageRequest {
  from: PgTable;
  /** The id column (unique). */
  id: PgColumn;
  where: SQL | undefined;
  /** A total order, so pages neither overlap nor skip: end with the id or a unique key. An index should serve it. */
  orderBy: (SQL | PgColumn)[];
  /** The page's rows with everything they show, for exactly these ids (`inArray(t.id, ids)`). */
  rows: (ids: Id[]) => Promise<Row[]>;
  idOf: (row: Row) => Id;
  /** The filter's total when a cheaper source has it (a maintained count, db/tables/counts.ts); else count(*). */
  total?: () => Promise<number>;
  /**
   * Build the ids query once (db/prepared.ts) under this variant key: `where` then names its values
   * with `sql.placeholder`, and `values` gives them. Without it the ids query is built per request.
   */
  prepare?: { key: string; values: Record<string, unknown> };
}

/** One page of rows, in the sort's order, and the number of rows the filter matches. */
export async function selectPage<Id, Row>(db: Executor, spec: PageSpec<Id, Row>): Promise<{ rows: Row[]; total: number }> {
  const offset = spec.page * spec.pageSize;
  const idQuery = () =>
    db
      .select({ id: spec.id })
      .from(spec.from)
      .where(spec.where)
      .orderBy(...spec.orderBy)
      .$dynamic();
  const idRows = spec.prepare
    ? await prepared(db, `page.${spec.prepare.key}`, () =>
        idQuery().limit(sql.placeholder('limit')).offset(sql.placeholder('offset')).prepare(UNNAMED),
      ).execute({ ...spec.prepare.values, limit: spec.pageSize, offset })
    : await idQuery().limit(spec.pageSize).offset(offset);
  const ids = idRows.map((row) => row.id as Id);
  const [rows, total] = await Promise.all([
    ids.length ? spec.rows(ids) : [],
    // A page that is not full ends the list, so it gives the total (unless it is past the end).
    ids.length > 0 && ids.length < spec.pageSize ? offset + ids.length : spec.total ? spec.total() : countRows(db, spec.from, spec.where),
  ]);
  const position = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => (position.get(spec.idOf(a)) ?? 0) - (position.get(spec.idOf(b)) ?? 0));
  return { rows, total };
}

/**
 * Descending order as an index declared with `.desc()` stores it: drizzle-kit writes such an index
 * `DESC NULLS LAST`, and PostgreSQL cannot walk it for a plain `ORDER BY x DESC` (nulls first): it
 * reads and sorts every row instead. Use this in `orderBy` for the columns of such an index.
 */
export const descending = (column: PgColumn): SQL => sql`${column} desc nulls last`;

async function countRows(db: Executor, from: PgTable, where: SQL | undefined): Promise<number> {
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(from).where(where);
  return total;
}
