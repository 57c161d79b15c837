/**
 * Stamped ids are compared without regard to case (docs/event-items.md "Stamped ids"): every
 * look-up compares lower(stamped_id), which equipment_stamped_id_lower_idx serves. Two items can share
 * an id in different cases only when the upgrade found them so (known case duplicates); a look-up
 * then takes the one spelled as asked, else the one in the unique index.
 */
import { eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';
import { equipment } from './schema.ts';

type Operand = SQL | PgColumn | Placeholder | string;

/** `column` names the same item as `value`, whatever the case of either. */
export const sameStampedId = (column: Operand, value: Operand) => sql`lower(${column}) = lower(${value})`;

/** Orders the items matching `value` best first: the exact spelling, then the one not marked a case duplicate. */
export const bestMatchFirst = (column: Operand, value: Operand, caseDuplicate: Operand) => sql`${column} <> ${value}, ${caseDuplicate}`;

/** `column` names one of `values`, whatever the case (one index probe per value). */
export const stampedIdIn = (column: Operand, values: readonly string[]) =>
  sql`lower(${column}) = any(array(select lower(v) from unnest(${sql.param(values)}::text[]) v))`;

/** The stamped ids held by more than one item in different cases (the marked ones; for the start-up log). */
export async function selectCaseDuplicateIds(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ stampedId: equipment.stampedId })
    .from(equipment)
    .where(eq(equipment.caseDuplicate, true))
    .orderBy(sql`lower(${equipment.stampedId})`, equipment.id);
  return rows.map((row) => row.stampedId);
}
