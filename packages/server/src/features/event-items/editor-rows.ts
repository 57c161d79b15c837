/**
 * The equipment editor's rows (GET GetChipsForEdit): what its table shows, and nothing it does not
 * (docs/event-items.md "Speed"). The owners and statuses the rows name are sent once beside them.
 *
 * The event's items walk event_items_event_sequence_idx in order; each item's equipment is one primary
 * key probe (`offset 0` keeps PostgreSQL from hashing the whole equipment table, as detail-queries.ts
 * notes); certificates and statuses repeat across an event's rows, so PostgreSQL memoizes those probes,
 * and the small catalogue tables are hashed once. A 2,000-item event: 10,022 buffers instead of 46,891.
 * An item outside the caller's owners keeps its place and stamped id; its facts are never read out
 * (docs/security.md rule 17): the web shows "Another owner". Each row carries its item's chip codes (one
 * chips_equipment_idx probe), so a device that goes offline knows which item a scanned chip is on
 * (decision 084).
 */
import type { EventItemEditorRow, EventItemsForEdit } from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import type { OwnerScope } from '../../auth/scope.ts';
import type { Executor } from '../../db/client.ts';
import { itemInScope } from '../../db/equipment-scope.ts';
import { certificateNamesOfQ } from '../../db/event-item-rows.ts';
import { bool, int, readRows, renderRead, text, textArray } from '../../db/read.ts';
import { events } from '../../db/schema.ts';
import { reasonNeeded } from '../../db/verdicts.ts';

type EditorRowRecord = {
  id: number;
  sequence: number;
  stampedId: string;
  description: string | null;
  notifications: boolean;
  imageCount: number;
  ownerId: number | null;
  ownerName: string | null;
  statusId: number | null;
  statusName: string | null;
  statusColor: string | null;
  anotherOwner: boolean;
  proposedStatusId: number | null;
  reasonNeeded: boolean;
  version: number;
  chips: string[];
};

/** The event's rows by sequence, or only the item `itemId` (the answer to an add). */
async function selectEditorRows(db: Executor, eventId: number, scope: OwnerScope, itemId?: number): Promise<EditorRowRecord[]> {
  const read = renderRead('eventItems.editorRows', {
    columns: {
      id: int(sql`i.id`),
      sequence: int(sql`i.sequence`),
      stampedId: text(sql`q.stamped_id`),
      anotherOwner: bool(sql`not v.own`),
      description: text.orNull(sql`case when v.own and q.certificate_id is not null then concat_ws(' ', ct.name, cst.name, d.name) end`),
      notifications: bool(sql`v.own and i.notification`),
      imageCount: int(sql`case when v.own then (select count(*) from event_item_images m where m.event_item_id = i.id) else 0 end`),
      ownerId: int.orNull(sql`case when v.own then c.owner_id end`),
      ownerName: text.orNull(sql`case when v.own then o.name end`),
      statusId: int.orNull(sql`s.id`),
      statusName: text.orNull(sql`s.name`),
      statusColor: text.orNull(sql`s.color`),
      proposedStatusId: int.orNull(sql`case when v.own then i.proposed_status_id end`),
      reasonNeeded: bool(sql`v.own and ${reasonNeeded()}`),
      version: int(sql`case when v.own then i.version else 0 end`),
      chips: textArray(
        sql`case when v.own then array(select ch.chip_id from chips ch where ch.equipment_id = i.equipment_id order by ch.chip_id) else '{}' end`,
      ),
    },
    from: sql`from event_items i
    cross join lateral (select q.stamped_id, q.certificate_id from equipment q where q.id = i.equipment_id offset 0) q
    ${certificateNamesOfQ}
    cross join lateral (select ${itemInScope(scope)} as own) v
    left join folders s on s.id = i.status_id and v.own
    where i.event_id = ${eventId}${itemId === undefined ? sql`` : sql` and i.id = ${itemId}`}
    order by i.sequence`,
  });
  return readRows(db, read);
}

async function eventExists(db: Executor, eventId: number): Promise<boolean> {
  const found = await db.select({ id: events.id }).from(events).where(eq(events.id, eventId));
  return found.length > 0;
}

/** The editor's rows by sequence with their owners and statuses; null when there is no such event. */
export async function readEditorRows(db: Executor, eventId: number, scope: OwnerScope): Promise<EventItemsForEdit | null> {
  const records = await selectEditorRows(db, eventId, scope);
  // One statement for an event with items; only an empty answer asks whether the event exists.
  if (records.length === 0 && !(await eventExists(db, eventId))) return null;
  const owners = new Map<number, { id: number; name: string }>();
  const statuses = new Map<number, { id: number; name: string; color: string }>();
  const items = records.map((r) => {
    if (r.ownerId !== null && !owners.has(r.ownerId)) owners.set(r.ownerId, { id: r.ownerId, name: r.ownerName ?? '' });
    if (r.statusId !== null && !statuses.has(r.statusId))
      statuses.set(r.statusId, { id: r.statusId, name: r.statusName ?? '', color: r.statusColor ?? 'default' });
    return toEditorRow(r);
  });
  return { items, owners: [...owners.values()], statuses: [...statuses.values()] };
}

const toEditorRow = (r: EditorRowRecord): EventItemEditorRow => ({
  id: r.id,
  sequence: r.sequence,
  stampedId: r.stampedId,
  description: r.description,
  ownerId: r.ownerId,
  statusId: r.statusId,
  notifications: r.notifications,
  imageCount: r.imageCount,
  anotherOwner: r.anotherOwner,
  proposedStatusId: r.proposedStatusId,
  reasonNeeded: r.reasonNeeded,
  version: r.version,
  chips: r.chips,
});

/** One item's editor row (an added item's answer); null when the event has no such item. */
export async function readEditorRow(db: Executor, eventId: number, itemId: number, scope: OwnerScope): Promise<EventItemEditorRow | null> {
  const [record] = await selectEditorRows(db, eventId, scope, itemId);
  return record ? toEditorRow(record) : null;
}
