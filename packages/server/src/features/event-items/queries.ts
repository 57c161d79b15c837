/**
 * SQL of the event items (components). Every write runs inside the caller's transaction after
 * `lockEvent`, which holds the event row until commit: two people adding, deleting or moving items of
 * one event queue behind each other, so sequences stay 1..n without gaps or duplicates. The latest
 * status (decision 015) and the other derived tables follow every write by their triggers (db/derived/).
 *
 * EXPLAIN ANALYZE on the scale set: docs/event-items.md.
 */
import type { StatusMeaning } from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { OwnerScope } from '../../auth/scope.ts';
import type { Executor } from '../../db/client.ts';
import { itemInScope } from '../../db/equipment-scope.ts';
import { notInspectedStatusOf } from '../../db/statuses.ts';

const param = (values: readonly unknown[]) => sql.param(values);

export type EventHead = {
  id: number;
  typeId: number;
  eventDate: string;
};

/** Locks the event row for the rest of the transaction; null when there is no such event. */
export async function lockEvent(db: Executor, eventId: number): Promise<EventHead | null> {
  const { rows } = await db.execute<EventHead>(sql`
    select id, type_id as "typeId", event_date::text as "eventDate" from events where id = ${eventId} for update`);
  return rows[0] ?? null;
}

export async function selectEventDetails(db: Executor, eventId: number) {
  const { rows } = await db.execute<{
    id: number;
    eventDate: string;
    eventLocation: string | null;
    typeId: number;
    typeName: string;
    rigId: number;
    rigName: string;
    projectId: number;
    projectName: string;
    itemCount: number;
    copiedFromEventId: number | null;
  }>(sql`
    select e.id, e.event_date::text as "eventDate", e.event_location as "eventLocation", e.copied_from_event_id as "copiedFromEventId",
      t.id as "typeId", t.name as "typeName", r.id as "rigId", r.name as "rigName", p.id as "projectId", p.name as "projectName",
      (select count(*) from event_items i where i.event_id = e.id)::int as "itemCount"
    from events e join folders t on t.id = e.type_id join folders r on r.id = e.rig_id join folders p on p.id = e.project_id
    where e.id = ${eventId}`);
  return rows[0] ?? null;
}

/** The enabled statuses of an event type in their order. */
export async function selectTypeStatuses(db: Executor, typeId: number) {
  const { rows } = await db.execute<{ id: number; name: string; color: string; default: boolean; meaning: StatusMeaning }>(sql`
    select id, name, color, is_default as "default", meaning from folders
    where kind = 'status' and parent_id = ${typeId} and enabled order by sort_order, lower(name), id`);
  return rows;
}

/** The status an add without a chosen one gives (db/statuses.ts); null when the type has no `notInspected` status. */
export async function selectNotInspectedStatus(db: Executor, typeId: number): Promise<number | null> {
  const { rows } = await db.execute<{ id: number | null }>(sql`select ${notInspectedStatusOf(typeId)} as id`);
  return rows[0].id;
}

export async function isStatusOfType(db: Executor, statusId: number, typeId: number): Promise<boolean> {
  const { rows } = await db.execute<{ ok: boolean }>(sql`
    select exists (select 1 from folders where id = ${statusId} and kind = 'status' and parent_id = ${typeId}) as ok`);
  return rows[0].ok;
}

export type ItemRecord = {
  id: number;
  eventId: number;
  equipmentId: number;
  sequence: number;
  stampedId: string;
  statusId: number | null;
  comment: string | null;
  notifications: boolean;
  version: number;
  updatedBy: string | null;
  updatedAt: Date;
};

/** One item of the event, if the caller's owners cover it (unlinked items: everyone). */
export async function selectItem(db: Executor, eventId: number, id: number, scope: OwnerScope): Promise<ItemRecord | null> {
  const { rows } = await db.execute<ItemRecord>(sql`
    select i.id, i.event_id as "eventId", i.equipment_id as "equipmentId", i.sequence, q.stamped_id as "stampedId",
      i.status_id as "statusId", i.comment, i.notification as notifications, i.version, i.updated_by as "updatedBy", i.updated_at as "updatedAt"
    from event_items i join equipment q on q.id = i.equipment_id left join certificates c on c.id = q.certificate_id
    where i.event_id = ${eventId} and i.id = ${id} and ${itemInScope(scope)}`);
  return rows[0] ? { ...rows[0], updatedAt: new Date(rows[0].updatedAt) } : null;
}

export async function selectItemImages(db: Executor, itemId: number) {
  const { rows } = await db.execute<{ id: number; fileId: number; fileName: string }>(sql`
    select m.id, m.file_id as "fileId", f.file_name as "fileName"
    from event_item_images m join files f on f.id = m.file_id where m.event_item_id = ${itemId} order by m.id`);
  return rows;
}

export async function countItems(db: Executor, eventId: number): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from event_items where event_id = ${eventId}`);
  return rows[0].n;
}

/** Appends the items after the event's last sequence, in the order given; answers their ids in that order. */
export async function appendItems(
  db: Executor,
  options: { eventId: number; equipmentIds: number[]; statusId: number | null; by: string; after: number },
): Promise<number[]> {
  const { rows } = await db.execute<{ id: number }>(sql`
    insert into event_items (event_id, equipment_id, sequence, status_id, created_by, updated_by)
    select ${options.eventId}, v.equipment_id, ${options.after} + v.n, ${options.statusId}::int, ${options.by}::text, ${options.by}::text
    from unnest(${param(options.equipmentIds)}::int[]) with ordinality as v(equipment_id, n)
    order by v.n
    returning id`);
  return rows.map((row) => Number(row.id));
}

export async function updateItem(
  db: Executor,
  id: number,
  changes: { statusId?: number | null; comment?: string | null; notification?: boolean; by: string },
) {
  const sets: SQL[] = [sql`updated_by = ${changes.by}`, sql`updated_at = now()`];
  if (changes.statusId !== undefined) sets.push(sql`status_id = ${changes.statusId}`);
  if (changes.comment !== undefined) sets.push(sql`comment = ${changes.comment}`);
  // A status or comment makes a new version (decision 083); the flag does not (it changes on sealed events too).
  if (changes.statusId !== undefined || changes.comment !== undefined) sets.push(sql`version = version + 1`);
  if (changes.notification !== undefined) sets.push(sql`notification = ${changes.notification}`);
  await db.execute(sql`update event_items set ${sql.join(sets, sql`, `)} where id = ${id}`);
}

/**
 * Sets one status on every item of the event the caller's owners cover, but those whose measurements
 * propose another status (`skipped`); answers how many it set and skipped.
 */
export async function setStatusOnAll(
  db: Executor,
  options: { eventId: number; statusId: number; user: { email: string }; scope: OwnerScope },
): Promise<{ updated: number; skipped: number }> {
  const { rows } = await db.execute<{ updated: number; skipped: number }>(sql`
    with mine as (
      select i.id, i.proposed_status_id is not null and i.proposed_status_id <> ${options.statusId} as skip
      from event_items i join equipment q on q.id = i.equipment_id left join certificates c on c.id = q.certificate_id
      where i.event_id = ${options.eventId} and ${itemInScope(options.scope)}
    ), done as (
      update event_items i set status_id = ${options.statusId}, version = i.version + 1, updated_by = ${options.user.email}, updated_at = now()
      from mine where mine.id = i.id and not mine.skip
      returning i.id
    )
    select (select count(*) from done)::int as updated, (select count(*) from mine where skip)::int as skipped`);
  return rows[0];
}

/** Deletes an item and closes the gap: the items after it move up one place. */
export async function deleteItem(db: Executor, item: { id: number; eventId: number; sequence: number }) {
  await db.execute(sql`delete from event_items where id = ${item.id}`);
  await db.execute(sql`
    update event_items set sequence = sequence - 1 where event_id = ${item.eventId} and sequence > ${item.sequence}`);
}

/** Moves an item from one place to another; the items in between shift by one the other way. */
export async function moveItem(db: Executor, item: { id: number; eventId: number; sequence: number }, to: number) {
  const from = item.sequence;
  if (to === from) return;
  await db.execute(
    to < from
      ? sql`update event_items set sequence = sequence + 1 where event_id = ${item.eventId} and sequence >= ${to} and sequence < ${from}`
      : sql`update event_items set sequence = sequence - 1 where event_id = ${item.eventId} and sequence > ${from} and sequence <= ${to}`,
  );
  await db.execute(sql`update event_items set sequence = ${to} where id = ${item.id}`);
}

/** Stores an image file and links it to the item; answers the link's and the file's ids. */
export async function insertImage(
  db: Executor,
  options: {
    itemId: number;
    fileName: string;
    contentType: string;
    size: number;
    sha256: string;
    data: Buffer;
    image: { width: number; height: number };
    by: string;
  },
) {
  const { rows } = await db.execute<{ id: number; fileId: number }>(sql`
    with f as (
      insert into files (file_name, content_type, size, sha256, data, image_width, image_height, created_by, updated_by)
      values (${options.fileName}, ${options.contentType}, ${options.size}, ${options.sha256}, ${options.data},
        ${options.image.width}, ${options.image.height}, ${options.by}, ${options.by})
      returning id
    )
    insert into event_item_images (event_item_id, file_id, created_by, updated_by)
    select ${options.itemId}, f.id, ${options.by}, ${options.by} from f
    returning id, file_id as "fileId"`);
  return rows[0];
}

/** Removes an image of the item and its file (item images are not shared); false when the item has no such image. */
export async function deleteImage(db: Executor, itemId: number, imageId: number): Promise<boolean> {
  const { rows } = await db.execute<{ fileId: number }>(sql`
    delete from event_item_images where id = ${imageId} and event_item_id = ${itemId} returning file_id as "fileId"`);
  if (!rows[0]) return false;
  await db.execute(sql`delete from files where id = ${rows[0].fileId}
    and not exists (select 1 from event_item_images where file_id = ${rows[0].fileId})`);
  return true;
}

/** Files of the item's images, so that deleting the item does not leave them behind. */
export async function deleteItemFiles(db: Executor, itemId: number) {
  await db.execute(sql`
    with gone as (delete from event_item_images where event_item_id = ${itemId} returning file_id)
    delete from files f using gone where f.id = gone.file_id`);
}
