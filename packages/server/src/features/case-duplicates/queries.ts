/**
 * Case duplicates' SQL. The marked items are few and found by the partial index
 * equipment_case_duplicate_idx; their groups (every item of the same lower-cased id) by
 * equipment_stamped_id_lower_idx.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { OwnerScope } from '../../auth/scope.ts';
import type { Executor } from '../../db/client.ts';
import { equipmentVisible } from '../../db/equipment-scope.ts';
import { sameStampedId } from '../../db/stamped-ids.ts';

export interface Visibility {
  viewer: { userType: number };
  scope: OwnerScope;
}

/** The drizzle condition is written on "equipment" and "certificates": the statements use those names. */
const visible = ({ viewer, scope }: Visibility): SQL => equipmentVisible(viewer, scope) ?? sql`true`;

export type CaseDuplicateRow = {
  id: number;
  stampedId: string;
  marked: boolean;
  hidden: boolean;
  certificateId: number | null;
  certificateNumber: string | null;
  ownerId: number | null;
  ownerName: string | null;
  ownerShortCode: string | null;
  ownerLabel: string | null;
  eventCount: number;
  lastEventDate: string | null;
};

/** Every item sharing a marked item's id without case, that the caller may see, group by group. */
export async function selectCaseDuplicates(db: Executor, visibility: Visibility): Promise<CaseDuplicateRow[]> {
  const { rows } = await db.execute<CaseDuplicateRow>(sql`
    select equipment.id, equipment.stamped_id as "stampedId", equipment.case_duplicate as marked, equipment.hidden,
      certificates.id as "certificateId", certificates.certificate_number as "certificateNumber",
      o.id as "ownerId", o.name as "ownerName", o.short_code as "ownerShortCode", o.label as "ownerLabel",
      (select count(*)::int from event_items i where i.equipment_id = equipment.id) as "eventCount",
      (select max(v.event_date)::text from event_items i join events v on v.id = i.event_id where i.equipment_id = equipment.id)
        as "lastEventDate"
    from equipment
    left join certificates on certificates.id = equipment.certificate_id
    left join owners o on o.id = certificates.owner_id
    where lower(equipment.stamped_id) in (select lower(d.stamped_id) from equipment d where d.case_duplicate)
      and ${visible(visibility)}
    order by lower(equipment.stamped_id), equipment.case_duplicate, equipment.id`);
  return rows;
}

/** The item, locked, if the caller may see it and another item holds its id in another case. */
export async function lockCaseDuplicate(db: Executor, id: number, visibility: Visibility) {
  const { rows } = await db.execute<{ id: number; stampedId: string }>(sql`
    select equipment.id, equipment.stamped_id as "stampedId"
    from equipment left join certificates on certificates.id = equipment.certificate_id
    where equipment.id = ${id} and ${visible(visibility)}
      and exists (select 1 from equipment d where ${sameStampedId(sql`d.stamped_id`, sql`equipment.stamped_id`)} and d.id <> equipment.id)
    for update of equipment`);
  return rows[0];
}

/** Whether another item has this id in any case. */
export async function stampedIdTakenByOther(db: Executor, id: number, stampedId: string): Promise<boolean> {
  const { rows } = await db.execute<{ taken: boolean }>(sql`
    select exists (select 1 from equipment where ${sameStampedId(sql`stamped_id`, stampedId)} and id <> ${id}) as taken`);
  return rows[0].taken;
}

/**
 * Gives the item its new id, back in the unique index, with a history row; then, if the items left
 * with the old id have none in the unique index, puts one there (a linked one first, then the oldest),
 * so a pair resolved by renaming either item leaves no mark behind.
 */
export async function renameItem(db: Executor, options: { id: number; from: string; to: string; by: string }) {
  const { id, from, to, by } = options;
  await db.execute(sql`
    with renamed as (
      update equipment set stamped_id = ${to}, case_duplicate = false, version = version + 1, updated_by = ${by}, updated_at = now()
      where id = ${id}
      returning id, stamped_id, certificate_id, length, hidden, comment
    )
    insert into equipment_history (equipment_id, stamped_id, certificate_id, length, hidden, comment, changed_by)
    select id, stamped_id, certificate_id, length, hidden, comment, ${by} from renamed`);
  await db.execute(sql`
    update equipment set case_duplicate = false
    where id = (select id from equipment where ${sameStampedId(sql`stamped_id`, from)} order by certificate_id is null, id limit 1)
      and not exists (select 1 from equipment where ${sameStampedId(sql`stamped_id`, from)} and not case_duplicate)`);
}
