/**
 * Equipment chips' SQL. Chip codes are compared by lower(chip_id), which the unique index
 * chips_chip_id_lower_key serves (equality and prefix), so one chip exists once whatever its case.
 */
import type { ChipListQuery } from '@portal/contract';
import { and, asc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { OwnerScope } from '../../auth/scope.ts';
import type { Executor } from '../../db/client.ts';
import { equipmentVisible } from '../../db/equipment-scope.ts';
import { escapeLike } from '../../db/like.ts';
import { selectPage } from '../../db/paging.ts';
import { certificates, chips, equipment } from '../../db/schema.ts';
import { bestMatchFirst, sameStampedId } from '../../db/stamped-ids.ts';

export interface Visibility {
  viewer: { userType: number };
  scope: OwnerScope;
}

const sameChip = (chipId: string) => sql`lower(${chips.chipId}) = ${chipId.toLowerCase()}`;

/** Ids of the items the viewer may see, as a subquery. */
const visibleItemIds = (db: Executor, { viewer, scope }: Visibility) =>
  db
    .select({ id: equipment.id })
    .from(equipment)
    .leftJoin(certificates, eq(certificates.id, equipment.certificateId))
    .where(equipmentVisible(viewer, scope));

export async function selectVisibleItem(db: Executor, stampedId: string, { viewer, scope }: Visibility) {
  const [row] = await db
    .select({ id: equipment.id, stampedId: equipment.stampedId })
    .from(equipment)
    .leftJoin(certificates, eq(certificates.id, equipment.certificateId))
    .where(and(sameStampedId(equipment.stampedId, stampedId), equipmentVisible(viewer, scope)))
    .orderBy(bestMatchFirst(equipment.stampedId, stampedId, equipment.caseDuplicate))
    .limit(1);
  return row;
}

/** Who holds a chip (whatever its case): an item (with whether the viewer may see it) or a user. */
export async function selectChipHolder(db: Executor, chipId: string, { viewer, scope }: Visibility) {
  const visible = equipmentVisible(viewer, scope) ?? sql`true`;
  const [row] = await db
    .select({
      equipmentId: chips.equipmentId,
      userId: chips.userId,
      stampedId: equipment.stampedId,
      visible: sql<boolean>`coalesce(${equipment.id} is not null and (${visible}), false)`,
    })
    .from(chips)
    .leftJoin(equipment, eq(equipment.id, chips.equipmentId))
    .leftJoin(certificates, eq(certificates.id, equipment.certificateId))
    .where(sameChip(chipId));
  return row;
}

export async function insertChip(db: Executor, values: { chipId: string; equipmentId: number; createdBy: string }) {
  // New chip codes are stored upper-case (compared without case: chips_chip_id_lower_key).
  const [row] = await db
    .insert(chips)
    .values({ ...values, chipId: values.chipId.toUpperCase() })
    .returning();
  return row;
}

/** Removes an item's chip the viewer may see; answers whether there was one. */
export async function deleteEquipmentChip(db: Executor, chipId: string, visibility: Visibility): Promise<boolean> {
  const removed = await db
    .delete(chips)
    .where(and(sameChip(chipId), inArray(chips.equipmentId, visibleItemIds(db, visibility))))
    .returning({ chipId: chips.chipId });
  return removed.length > 0;
}

/**
 * One page of the items' chips by chip id; `search` is the start of a chip id, in any case
 * (EXPLAIN figures: docs/performance.md, 'Figures behind the code').
 */
export function selectChipPage(db: Executor, query: ChipListQuery, visibility: Visibility) {
  const where: SQL | undefined = and(
    isNotNull(chips.equipmentId),
    query.search ? sql`lower(${chips.chipId}) like ${`${escapeLike(query.search.toLowerCase())}%`}` : undefined,
    // Internal users of all owners see every item: no subquery then.
    equipmentVisible(visibility.viewer, visibility.scope) && inArray(chips.equipmentId, visibleItemIds(db, visibility)),
  );
  return selectPage(db, {
    from: chips,
    id: chips.chipId,
    where,
    // A search reads its few matches from chips_chip_id_lower_key and sorts them; walking the primary
    // key in order and filtering (what the planner picks for `order by chip_id`) was slower.
    orderBy: query.search ? [sql`lower(${chips.chipId})`, asc(chips.chipId)] : [asc(chips.chipId)],
    page: query.page,
    pageSize: query.pageSize,
    rows: (ids: string[]) =>
      db
        .select({ chipId: chips.chipId, stampedId: equipment.stampedId, dateRegistered: chips.dateRegistered, createdBy: chips.createdBy })
        .from(chips)
        .innerJoin(equipment, eq(equipment.id, chips.equipmentId))
        .where(inArray(chips.chipId, ids)),
    idOf: (row) => row.chipId,
  });
}
