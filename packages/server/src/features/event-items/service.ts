/**
 * Event items: reads for the editor and the dialog, and the writes (adding them is in adding.ts).
 * Each write is one transaction that first locks the event row (queries.ts), so concurrent adds, deletes and moves of one event
 * keep its sequences 1..n; the derived tables (latest status among them) follow by their triggers (db/derived/).
 */
import {
  type EventEquipmentDetails,
  type EventItem,
  type EventItemsForEdit,
  eventItemMessages,
  type ItemFile,
  type ItemsChanged,
  type UpdatedItem,
} from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { OwnerScope } from '../../auth/scope.ts';
import type { AuthUser } from '../../auth/users.ts';
import type { Database, Executor } from '../../db/client.ts';
import { bool, defineRead, isoUtc, readRows, text } from '../../db/read.ts';
import { selectSignOff } from '../../db/seals.ts';
import { type ItemJudging, recordVerdict, selectJudging, type VerdictChange } from '../../db/verdict.ts';
import { fileUrl } from '../../http/downloads.ts';
import { badRequest, notFound, versionConflict } from '../../http/errors.ts';
import type { CheckedImageUpload } from '../../http/uploads.ts';
import { insertRenditions } from '../../images/renditions.ts';
import { readEditorRows } from './editor-rows.ts';
import { fitWarnings } from './fit-warnings.ts';
import { offlinePhotoBytes } from './offline-photos.ts';
import * as q from './queries.ts';

export const eventNotFound = () => notFound('The event');
const itemNotFound = () => notFound('The event item');

export async function requireEvent(db: Executor, eventId: number) {
  const event = await q.lockEvent(db, eventId);
  if (!event) throw eventNotFound();
  return event;
}

export async function requireStatus(db: Executor, statusId: number | null | undefined, typeId: number, field = 'statusId') {
  if (statusId === null || statusId === undefined) return;
  if (!(await q.isStatusOfType(db, statusId, typeId))) throw badRequest(field, eventItemMessages.statusNotOfType);
}

export async function getItemsForEdit(db: Database, eventId: number, scope: OwnerScope): Promise<EventItemsForEdit> {
  const answer = await readEditorRows(db, eventId, scope);
  if (!answer) throw eventNotFound();
  return answer;
}

export async function getEquipmentDetails(db: Database, eventId: number): Promise<EventEquipmentDetails> {
  const event = await q.selectEventDetails(db, eventId);
  if (!event) throw eventNotFound();
  return {
    id: event.id,
    eventDate: event.eventDate,
    eventLocation: event.eventLocation,
    type: { id: event.typeId, name: event.typeName },
    rig: { id: event.rigId, name: event.rigName },
    referenceNo: { id: event.projectId, name: event.projectName },
    itemCount: event.itemCount,
    statuses: await q.selectTypeStatuses(db, event.typeId),
    signOff: await selectSignOff(db, eventId),
    copiedFromEventId: event.copiedFromEventId,
    offlinePhotoBytes: offlinePhotoBytes(),
  };
}

/** One item for its dialog; another owner's item reads as missing. */
export async function getItem(db: Executor, eventId: number, id: number, scope: OwnerScope): Promise<EventItem> {
  const item = await q.selectItem(db, eventId, id, scope);
  if (!item) throw itemNotFound();
  const images = await q.selectItemImages(db, item.id);
  const flagChanges = defineRead('eventItems.flagChanges', () => ({
    columns: { notification: bool(sql`notification`), changedAt: isoUtc(sql`changed_at`), changedBy: text.orNull(sql`changed_by`) },
    from: sql`from event_item_flag_changes where event_item_id = ${sql.placeholder('id')} order by changed_at desc, id desc`,
  }));
  const notificationChanges = await readRows(db, flagChanges, { id: item.id });
  return {
    id: Number(item.id),
    eventId: item.eventId,
    sequence: item.sequence,
    stampedId: item.stampedId,
    statusId: item.statusId,
    comment: item.comment,
    notifications: item.notifications,
    version: item.version,
    files: images.map((image) => ({ id: image.id, url: fileUrl(image.fileId), fileName: image.fileName })),
    updatedBy: item.updatedBy,
    updatedDate: item.updatedAt.toISOString(),
    notificationChanges,
    ...presentVerdict(await selectJudging(db, item.id)),
  };
}

/** The item's measurements, how they were judged, and the template the dialog fills and judges by. */
function presentVerdict(j: ItemJudging): Pick<EventItem, 'measurements' | 'verdict' | 'judging'> {
  const version = j.pinned ?? j.current;
  return {
    measurements: j.measurements,
    verdict: {
      proposedStatusId: j.proposedStatusId,
      chosenStatusId: j.statusId,
      reason: j.verdictReason,
      criteriaVersion: j.pinned && { id: j.pinned.id, version: j.pinned.version, current: j.pinned.current },
      reasonNeeded: j.reasonNeeded,
    },
    judging: {
      template: version && { id: version.id, version: version.version, current: version.current, ...version.definition },
      ...j.nominal,
    },
  };
}

/** The locked event and one of its items the caller may change (another owner's item: 404, as a missing one). */
async function requireItem(tx: Executor, eventId: number, id: number, scope: OwnerScope) {
  const event = await requireEvent(tx, eventId);
  const item = await q.selectItem(tx, eventId, id, scope);
  if (!item) throw itemNotFound();
  return { event, item };
}

export function updateItem(
  db: Database,
  options: {
    eventId: number;
    id: number;
    body: { statusId?: number | null; comment?: string | null; notifications?: boolean; baseVersion?: number } & VerdictChange;
    user: AuthUser;
    scope: OwnerScope;
  },
): Promise<UpdatedItem> {
  return db.transaction(async (tx) => {
    const { event, item } = await requireItem(tx, options.eventId, options.id, options.scope);
    const { statusId, comment, notifications, measurements, verdictReason, baseVersion } = options.body;
    // Based on an older version (made offline, decision 083): refused with both values, never applied over the newer one.
    if (baseVersion !== undefined && baseVersion !== item.version)
      throw versionConflict(eventItemMessages.changedMeanwhile, {
        version: item.version,
        current: { statusId: item.statusId, comment: item.comment, notifications: item.notifications },
        sent: Object.fromEntries(Object.entries({ statusId, comment, notifications }).filter(([, value]) => value !== undefined)),
      });
    await requireStatus(tx, statusId, event.typeId);
    await recordVerdict(tx, item.id, { measurements, statusId, verdictReason }, options.user.email);
    await q.updateItem(tx, item.id, { statusId, comment, notification: notifications, by: options.user.email });
    // Only a status change warns: a comment on an item already marked fit says nothing new.
    const warnings = statusId ? await fitWarnings(tx, { eventId: options.eventId, itemIds: [item.id], scope: options.scope }) : [];
    return { ...(await getItem(tx, options.eventId, options.id, options.scope)), warnings };
  });
}

export function deleteItem(db: Database, options: { eventId: number; id: number; scope: OwnerScope }): Promise<void> {
  return db.transaction(async (tx) => {
    const { item } = await requireItem(tx, options.eventId, options.id, options.scope);
    await q.deleteItemFiles(tx, item.id);
    await q.deleteItem(tx, item);
  });
}

export function moveItem(db: Database, options: { eventId: number; id: number; sequence: number }): Promise<void> {
  return db.transaction(async (tx) => {
    // The order is the event's, not an item's: any row may move, another owner's too (it shows its place and stamped id).
    const { item } = await requireItem(tx, options.eventId, options.id, 'all');
    const count = await q.countItems(tx, options.eventId);
    if (options.sequence > count) throw badRequest('sequence', eventItemMessages.sequenceOutOfRange(count));
    await q.moveItem(tx, item, options.sequence);
  });
}

/**
 * Gives the status to every item the caller may change but those whose measurements propose another
 * (`skipped`: a person judges them one by one); `left` counts the other owners' items it did not
 * touch; `warnings` the items a `fit` status may not suit.
 */
export function setStatusOnAll(
  db: Database,
  options: { eventId: number; statusId: number; user: AuthUser; scope: OwnerScope },
): Promise<ItemsChanged> {
  return db.transaction(async (tx) => {
    const event = await requireEvent(tx, options.eventId);
    await requireStatus(tx, options.statusId, event.typeId);
    const { updated, skipped } = await q.setStatusOnAll(tx, options);
    const count = await q.countItems(tx, options.eventId);
    return {
      updated,
      left: count - updated - skipped,
      skipped,
      warnings: await fitWarnings(tx, { eventId: options.eventId, scope: options.scope }),
    };
  });
}

export function addImage(
  db: Database,
  options: { eventId: number; id: number; upload: CheckedImageUpload; user: AuthUser; scope: OwnerScope },
): Promise<ItemFile> {
  return db.transaction(async (tx) => {
    const { item } = await requireItem(tx, options.eventId, options.id, options.scope);
    const { upload } = options;
    const image = await q.insertImage(tx, { itemId: item.id, ...upload, by: options.user.email });
    await insertRenditions(tx, image.fileId, upload.image.renditions);
    await q.updateItem(tx, item.id, { by: options.user.email });
    return { id: image.id, url: fileUrl(image.fileId), fileName: upload.fileName };
  });
}

export function deleteImage(
  db: Database,
  options: { eventId: number; id: number; imageId: number; user: AuthUser; scope: OwnerScope },
): Promise<void> {
  return db.transaction(async (tx) => {
    const { item } = await requireItem(tx, options.eventId, options.id, options.scope);
    if (!(await q.deleteImage(tx, item.id, options.imageId))) throw notFound('The image');
    await q.updateItem(tx, item.id, { by: options.user.email });
  });
}
