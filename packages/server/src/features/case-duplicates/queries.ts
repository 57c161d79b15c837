/**
 * Case duplicates' SQL. The marked items are few and found by the partial index
 * equipment_case_duplicate_idx; their groups (every item of the same lower-cased id) by
 * equipment_stamped_id_lower_idx.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { OwnerScope } from '../../auth/scope.ts';
import type { Executor } from '../../db/client.ts';
import { equipmentVisible } from '../../db/equipment-scope.ts';
import { bool, date, int, type RowOf, readRow, readRows, renderRead, run, text } from '../../db/read.ts';
import { sameStampedId } from '../../db/stamped-ids.ts';

export interface Visibility {
  viewer: { userType: number };
  scope: OwnerScope;
}

/** The drizzle condition is written on "equipment" and "certificates": the statements use those names. */
const visible = ({ viewer, scope }: Visibility): SQL => equipmentVisible(viewer, scope) ?? sql`true`;

const caseDuplicateColumns = () => ({
  id: int(sql`equipment.id`),
  stampedId: text(sql`equipment.stamped_id`),
  marked: bool(sql`equipment.case_duplicate`),
  hidden: bool(sql`equipment.hidden`),
  certificateId: int.orNull(sql`certificates.id`),
  certificateNumber: text.orNull(sql`certificates.certificate_number`),
  ownerId: int.orNull(sql`o.id`),
  ownerName: text.orNull(sql`o.name`),
  ownerShortCode: text.orNull(sql`o.short_code`),
  ownerLabel: text.orNull(sql`o.label`),
  eventCount: int(sql`(select count(*) from event_items i where i.equipment_id = equipment.id)`),
  lastEventDate: date.orNull(
    sql`(select max(v.event_date) from event_items i join events v on v.id = i.event_id where i.equipment_id = equipment.id)`,
  ),
});
export type CaseDuplicateRow = RowOf<ReturnType<typeof caseDuplicateColumns>>;

/** Every item sharing a marked item's id without case, that the caller may see, group by group. */
export async function selectCaseDuplicates(db: Executor, visibility: Visibility): Promise<CaseDuplicateRow[]> {
  const read = renderRead('caseDuplicates.list', {
    columns: caseDuplicateColumns(),
    from: sql`from equipment
    left join certificates on certificates.id = equipment.certificate_id
    left join owners o on o.id = certificates.owner_id
    where lower(equipment.stamped_id) in (select lower(d.stamped_id) from equipment d where d.case_duplicate)
      and ${visible(visibility)}
    order by lower(equipment.stamped_id), equipment.case_duplicate, equipment.id`,
  });
  return readRows(db, read);
}

/** The item, locked, if the caller may see it and another item holds its id in another case. */
export async function lockCaseDuplicate(db: Executor, id: number, visibility: Visibility) {
  const read = renderRead('caseDuplicates.lock', {
    columns: { id: int(sql`equipment.id`), stampedId: text(sql`equipment.stamped_id`) },
    from: sql`from equipment left join certificates on certificates.id = equipment.certificate_id
    where equipment.id = ${id} and ${visible(visibility)}
      and exists (select 1 from equipment d where ${sameStampedId(sql`d.stamped_id`, sql`equipment.stamped_id`)} and d.id <> equipment.id)
    for update of equipment`,
  });
  return readRow(db, read);
}

/** Whether another item has this id in any case. */
export async function stampedIdTakenByOther(db: Executor, id: number, stampedId: string): Promise<boolean> {
  const read = renderRead('caseDuplicates.taken', {
    columns: { taken: bool(sql`exists (select 1 from equipment where ${sameStampedId(sql`stamped_id`, stampedId)} and id <> ${id})`) },
    from: sql``,
  });
  const [{ taken }] = await readRows(db, read);
  return taken;
}

/**
 * Gives the item its new id, back in the unique index, with a history row; then, if the items left
 * with the old id have none in the unique index, puts one there (a linked one first, then the oldest),
 * so a pair resolved by renaming either item leaves no mark behind.
 */
export async function renameItem(db: Executor, options: { id: number; from: string; to: string; by: string }) {
  const { id, from, to, by } = options;
  await run(
    db,
    sql`
    with renamed as (
      update equipment set stamped_id = ${to}, case_duplicate = false, version = version + 1, updated_by = ${by}, updated_at = now()
      where id = ${id}
      returning id, stamped_id, certificate_id, length, hidden, comment
    )
    insert into equipment_history (equipment_id, stamped_id, certificate_id, length, hidden, comment, changed_by)
    select id, stamped_id, certificate_id, length, hidden, comment, ${by} from renamed`,
  );
  await run(
    db,
    sql`
    update equipment set case_duplicate = false
    where id = (select id from equipment where ${sameStampedId(sql`stamped_id`, from)} order by certificate_id is null, id limit 1)
      and not exists (select 1 from equipment where ${sameStampedId(sql`stamped_id`, from)} and not case_duplicate)`,
  );
}
