/**
 * Stamped ids to equipment for adding to an event: which items the ids name (without regard to case),
 * which of them the caller may not add, which the event already holds, and new unlinked items for the
 * ids nobody has yet, and the item a scanned chip names. The event items' own reads and writes are in queries.ts.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { OwnerScope } from '../../auth/scope.ts';
import type { Executor } from '../../db/client.ts';
import { itemInScope } from '../../db/equipment-scope.ts';
import { int, readRows, renderRead, text } from '../../db/read.ts';
import { chips, equipment, eventItems } from '../../db/schema.ts';
import { coversEveryOwner } from '../../db/scope.ts';
import { bestMatchFirst, sameStampedId } from '../../db/stamped-ids.ts';

const param = (values: readonly unknown[]) => sql.param(values);

/**
 * The equipment ids of these stamped ids, by the id as asked (matched without case: db/stamped-ids.ts).
 * One probe of equipment_stamped_id_lower_idx per id (a lateral with LIMIT): a plain join of 2,000
 * ids on lower() was hashed over the whole table (docs/event-items.md).
 */
export async function selectEquipmentIds(db: Executor, stampedIds: string[]): Promise<Map<string, number>> {
  const read = renderRead('eventItems.equipmentIds', {
    columns: { id: int(sql`q.id`), stampedId: text(sql`v.stamped_id`) },
    from: sql`from unnest(${param(stampedIds)}::text[]) as v(stamped_id)
    cross join lateral (
      select q.id from equipment q where ${sameStampedId(sql`q.stamped_id`, sql`v.stamped_id`)}
      order by ${bestMatchFirst(sql`q.stamped_id`, sql`v.stamped_id`, sql`q.case_duplicate`)}, q.id limit 1) q`,
  });
  return new Map((await readRows(db, read)).map((row) => [row.stampedId, row.id]));
}

/**
 * Of these stamped ids (as given), the ones naming an existing item outside the caller's owners, which
 * the caller may not add; an id names the item `selectEquipmentIds` finds for it, without regard to case.
 */
export async function selectOutOfScope(db: Executor, stampedIds: string[], scope: OwnerScope): Promise<Set<string>> {
  if (coversEveryOwner(scope)) return new Set();
  const read = renderRead('eventItems.outOfScope', {
    columns: { stampedId: text(sql`v.stamped_id`) },
    from: sql`from unnest(${param(stampedIds)}::text[]) as v(stamped_id)
    cross join lateral (
      select q.certificate_id from equipment q where ${sameStampedId(sql`q.stamped_id`, sql`v.stamped_id`)}
      order by ${bestMatchFirst(sql`q.stamped_id`, sql`v.stamped_id`, sql`q.case_duplicate`)}, q.id limit 1) q
    join certificates c on c.id = q.certificate_id
    where not ${itemInScope(scope)}`,
  });
  return new Set((await readRows(db, read)).map((row) => row.stampedId));
}

/** Of these equipment ids, the ones the event already holds. */
export async function selectInEvent(db: Executor, eventId: number, equipmentIds: number[]): Promise<Set<number>> {
  const rows = await db
    .select({ id: eventItems.equipmentId })
    .from(eventItems)
    .where(and(eq(eventItems.eventId, eventId), sql`${eventItems.equipmentId} = any(${param(equipmentIds)}::int[])`));
  return new Set(rows.map((row) => row.id));
}

/**
 * New unlinked items for stamped ids the register does not know (DOMAIN.md "Linked / unlinked"), each
 * with its first history row. An id created meanwhile by someone else is skipped here and found after.
 */
export async function insertUnlinkedEquipment(db: Executor, stampedIds: string[], by: string): Promise<Map<string, number>> {
  if (stampedIds.length === 0) return new Map();
  const read = renderRead('eventItems.insertUnlinked', {
    with: sql`created as (
      insert into equipment (stamped_id, created_by, updated_by)
      select v.stamped_id, ${by}::text, ${by}::text from unnest(${param(stampedIds)}::text[]) as v(stamped_id)
      on conflict do nothing
      returning id, stamped_id, certificate_id, length, hidden, comment
    ), history as (
      insert into equipment_history (equipment_id, stamped_id, certificate_id, length, hidden, comment, changed_by)
      select id, stamped_id, certificate_id, length, hidden, comment, ${by}::text from created
    )`,
    columns: { id: int(sql`id`), stampedId: text(sql`stamped_id`) },
    from: sql`from created`,
  });
  return new Map((await readRows(db, read)).map((row) => [row.stampedId, row.id]));
}

/**
 * The stamped id of the item carrying this chip, compared without case as scanners differ in case (one
 * probe of chips_chip_id_lower_key); null when no item carries it (unknown, or a user's chip).
 */
export async function selectStampedIdOfChip(db: Executor, chipId: string): Promise<string | null> {
  const [row] = await db
    .select({ stampedId: equipment.stampedId })
    .from(chips)
    .innerJoin(equipment, eq(equipment.id, chips.equipmentId))
    .where(sql`lower(${chips.chipId}) = ${chipId.toLowerCase()}`)
    .limit(1);
  return row?.stampedId ?? null;
}
