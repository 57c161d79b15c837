/**
 * SQL of the event items (components). Every write runs inside the caller's transaction after
 * `lockEvent`, which holds the event row until commit: two people adding, deleting or moving items of
 * one event queue behind each other, so sequences stay 1..n without gaps or duplicates. The latest
 * status (decision 015) and the other derived tables follow every write by their triggers (db/derived/).
 *
 * EXPLAIN ANALYZE on the scale set: docs/event-items.md.
 */
import type { StatusMeaning } from '@portal/contract';
import { and, eq, gt, gte, lt, lte, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { OwnerScope } from '../../auth/scope.ts';
import type { Executor } from '../../db/client.ts';
import { itemInScope } from '../../db/equipment-scope.ts';
import { bool, date, defineRead, int, isoUtc, readRow, readRows, renderRead, run, text } from '../../db/read.ts';
import { eventItemImages, eventItems, files, folders } from '../../db/schema.ts';
import { notInspectedStatusOf } from '../../db/statuses.ts';

const param = (values: readonly unknown[]) => sql.param(values);

export type EventHead = {
  id: number;
  typeId: number;
  eventDate: string;
};

/** Locks the event row for the rest of the transaction; null when there is no such event. */
export async function lockEvent(db: Executor, eventId: number): Promise<EventHead | null> {
  const read = defineRead('eventItems.lockEvent', () => ({
    columns: { id: int(sql`id`), typeId: int(sql`type_id`), eventDate: date(sql`event_date`) },
    from: sql`from events where id = ${sql.placeholder('eventId')} for update`,
  }));
  return (await readRow(db, read, { eventId })) ?? null;
}

export async function selectEventDetails(db: Executor, eventId: number) {
  const read = defineRead('eventItems.eventDetails', () => ({
    columns: {
      id: int(sql`e.id`),
      eventDate: date(sql`e.event_date`),
      eventLocation: text.orNull(sql`e.event_location`),
      copiedFromEventId: int.orNull(sql`e.copied_from_event_id`),
      typeId: int(sql`t.id`),
      typeName: text(sql`t.name`),
      rigId: int(sql`r.id`),
      rigName: text(sql`r.name`),
      projectId: int(sql`p.id`),
      projectName: text(sql`p.name`),
      itemCount: int(sql`(select count(*) from event_items i where i.event_id = e.id)`),
    },
    from: sql`from events e join folders t on t.id = e.type_id join folders r on r.id = e.rig_id join folders p on p.id = e.project_id
    where e.id = ${sql.placeholder('eventId')}`,
  }));
  return (await readRow(db, read, { eventId })) ?? null;
}

/** The enabled statuses of an event type in their order. */
export async function selectTypeStatuses(db: Executor, typeId: number) {
  const f = folders;
  const rows = await db
    .select({ id: f.id, name: f.name, color: f.color, default: f.isDefault, meaning: f.meaning })
    .from(f)
    .where(and(eq(f.kind, 'status'), eq(f.parentId, typeId), f.enabled))
    .orderBy(f.sortOrder, sql`lower(${f.name})`, f.id);
  // A status always has a meaning (folders_status_meaning).
  return rows as (Omit<(typeof rows)[number], 'meaning'> & { meaning: StatusMeaning })[];
}

/** The status an add without a chosen one gives (db/statuses.ts); null when the type has no `notInspected` status. */
export async function selectNotInspectedStatus(db: Executor, typeId: number): Promise<number | null> {
  const [row] = await readRows(
    db,
    renderRead('eventItems.notInspected', { columns: { id: int.orNull(notInspectedStatusOf(typeId)) }, from: sql`` }),
  );
  return row.id;
}

export async function isStatusOfType(db: Executor, statusId: number, typeId: number): Promise<boolean> {
  const found = await db
    .select({ id: folders.id })
    .from(folders)
    .where(and(eq(folders.id, statusId), eq(folders.kind, 'status'), eq(folders.parentId, typeId)))
    .limit(1);
  return found.length > 0;
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
  const read = renderRead('eventItems.item', {
    columns: {
      id: int(sql`i.id`),
      eventId: int(sql`i.event_id`),
      equipmentId: int(sql`i.equipment_id`),
      sequence: int(sql`i.sequence`),
      stampedId: text(sql`q.stamped_id`),
      statusId: int.orNull(sql`i.status_id`),
      comment: text.orNull(sql`i.comment`),
      notifications: bool(sql`i.notification`),
      version: int(sql`i.version`),
      updatedBy: text.orNull(sql`i.updated_by`),
      updatedAt: isoUtc(sql`i.updated_at`),
    },
    from: sql`from event_items i join equipment q on q.id = i.equipment_id left join certificates c on c.id = q.certificate_id
    where i.event_id = ${eventId} and i.id = ${id} and ${itemInScope(scope)}`,
  });
  const row = await readRow(db, read);
  return row ? { ...row, updatedAt: new Date(row.updatedAt) } : null;
}

export async function selectItemImages(db: Executor, itemId: number) {
  const read = defineRead('eventItems.images', () => ({
    columns: { id: int(sql`m.id`), fileId: int(sql`m.file_id`), fileName: text(sql`f.file_name`) },
    from: sql`from event_item_images m join files f on f.id = m.file_id where m.event_item_id = ${sql.placeholder('itemId')} order by m.id`,
  }));
  return readRows(db, read, { itemId });
}

export async function countItems(db: Executor, eventId: number): Promise<number> {
  const read = defineRead('eventItems.count', () => ({
    columns: { n: int(sql`count(*)`) },
    from: sql`from event_items where event_id = ${sql.placeholder('eventId')}`,
  }));
  const [row] = await readRows(db, read, { eventId });
  return row.n;
}

/** Appends the items after the event's last sequence, in the order given; answers their ids in that order. */
export async function appendItems(
  db: Executor,
  options: { eventId: number; equipmentIds: number[]; statusId: number | null; by: string; after: number },
): Promise<number[]> {
  const read = renderRead('eventItems.append', {
    with: sql`added as (
    insert into event_items (event_id, equipment_id, sequence, status_id, created_by, updated_by)
    select ${options.eventId}, v.equipment_id, ${options.after} + v.n, ${options.statusId}::int, ${options.by}::text, ${options.by}::text
    from unnest(${param(options.equipmentIds)}::int[]) with ordinality as v(equipment_id, n)
    order by v.n
    returning id, sequence)`,
    columns: { id: int(sql`id`) },
    // In the order given: their sequences follow it.
    from: sql`from added order by sequence`,
  });
  return (await readRows(db, read)).map((row) => row.id);
}

export async function updateItem(
  db: Executor,
  id: number,
  changes: { statusId?: number | null; comment?: string | null; notification?: boolean; by: string },
) {
  const set: PgUpdateSetSource<typeof eventItems> = { updatedBy: changes.by, updatedAt: sql`now()` };
  if (changes.statusId !== undefined) set.statusId = changes.statusId;
  if (changes.comment !== undefined) set.comment = changes.comment;
  // A status or comment makes a new version (decision 083); the flag does not (it changes on sealed events too).
  if (changes.statusId !== undefined || changes.comment !== undefined) set.version = sql`${eventItems.version} + 1`;
  if (changes.notification !== undefined) set.notification = changes.notification;
  await db.update(eventItems).set(set).where(eq(eventItems.id, id));
}

/**
 * Sets one status on every item of the event the caller's owners cover, but those whose measurements
 * propose another status (`skipped`); answers how many it set and skipped.
 */
export async function setStatusOnAll(
  db: Executor,
  options: { eventId: number; statusId: number; user: { email: string }; scope: OwnerScope },
): Promise<{ updated: number; skipped: number }> {
  const read = renderRead('eventItems.statusOnAll', {
    with: sql`mine as (
      select i.id, i.proposed_status_id is not null and i.proposed_status_id <> ${options.statusId} as skip
      from event_items i join equipment q on q.id = i.equipment_id left join certificates c on c.id = q.certificate_id
      where i.event_id = ${options.eventId} and ${itemInScope(options.scope)}
    ), done as (
      update event_items i set status_id = ${options.statusId}, version = i.version + 1, updated_by = ${options.user.email}, updated_at = now()
      from mine where mine.id = i.id and not mine.skip
      returning i.id
    )`,
    columns: { updated: int(sql`(select count(*) from done)`), skipped: int(sql`(select count(*) from mine where skip)`) },
    from: sql``,
  });
  const [row] = await readRows(db, read);
  return row;
}

/** Deletes an item and closes the gap: the items after it move up one place. */
export async function deleteItem(db: Executor, item: { id: number; eventId: number; sequence: number }) {
  const i = eventItems;
  await db.delete(i).where(eq(i.id, item.id));
  await db
    .update(i)
    .set({ sequence: sql`${i.sequence} - 1` })
    .where(and(eq(i.eventId, item.eventId), gt(i.sequence, item.sequence)));
}

/** Moves an item from one place to another; the items in between shift by one the other way. */
export async function moveItem(db: Executor, item: { id: number; eventId: number; sequence: number }, to: number) {
  const from = item.sequence;
  if (to === from) return;
  const i = eventItems;
  await db
    .update(i)
    .set({ sequence: to < from ? sql`${i.sequence} + 1` : sql`${i.sequence} - 1` })
    .where(
      to < from
        ? and(eq(i.eventId, item.eventId), gte(i.sequence, to), lt(i.sequence, from))
        : and(eq(i.eventId, item.eventId), gt(i.sequence, from), lte(i.sequence, to)),
    );
  await db.update(i).set({ sequence: to }).where(eq(i.id, item.id));
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
  const read = renderRead('eventItems.insertImage', {
    with: sql`f as (
      insert into files (file_name, content_type, size, sha256, data, image_width, image_height, created_by, updated_by)
      values (${options.fileName}, ${options.contentType}, ${options.size}, ${options.sha256}, ${options.data},
        ${options.image.width}, ${options.image.height}, ${options.by}, ${options.by})
      returning id
    ), image as (
      insert into event_item_images (event_item_id, file_id, created_by, updated_by)
      select ${options.itemId}, f.id, ${options.by}, ${options.by} from f
      returning id, file_id
    )`,
    columns: { id: int(sql`id`), fileId: int(sql`file_id`) },
    from: sql`from image`,
  });
  const [row] = await readRows(db, read);
  return row;
}

/** Removes an image of the item and its file (item images are not shared); false when the item has no such image. */
export async function deleteImage(db: Executor, itemId: number, imageId: number): Promise<boolean> {
  const m = eventItemImages;
  const [link] = await db
    .delete(m)
    .where(and(eq(m.id, imageId), eq(m.eventItemId, itemId)))
    .returning({ fileId: m.fileId });
  if (!link) return false;
  await db
    .delete(files)
    .where(and(eq(files.id, link.fileId), sql`not exists (select 1 from event_item_images where file_id = ${link.fileId})`));
  return true;
}

/** Files of the item's images, so that deleting the item does not leave them behind. */
export async function deleteItemFiles(db: Executor, itemId: number) {
  await run(
    db,
    sql`
    with gone as (delete from event_item_images where event_item_id = ${itemId} returning file_id)
    delete from files f using gone where f.id = gone.file_id`,
  );
}
