/**
 * "A sibling already has this name": names are unique within their parent, compared
 * case-insensitively as the unique indexes compare them (`lower(name)`). Services ask first, so the
 * usual clash answers 400 on the field; the unique index still decides when two saves race.
 */
import { and, ne, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

export interface NameClash {
  table: PgTable;
  id: PgColumn;
  /** The column(s) the name must not equal; several when another column shares the namespace (a user's alias and email). */
  names: PgColumn | PgColumn[];
  name: string;
  /** The rows the name must be unique among (same parent); omitted: the whole table. */
  siblings?: SQL;
  /** The row being renamed (its id), which may keep its own name. */
  exceptId?: number;
}

/** Whether another row among the siblings already has this name (case-insensitive). */
export async function nameTaken(db: Executor, clash: NameClash): Promise<boolean> {
  const sameName = [clash.names].flat().map((column) => sql`lower(${column}) = lower(${clash.name})`);
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(clash.table)
    .where(and(clash.siblings, or(...sameName), clash.exceptId === undefined ? undefined : ne(clash.id, clash.exceptId)))
    .limit(1);
  return row !== undefined;
}
