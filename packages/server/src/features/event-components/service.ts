/**
 * Event items: reads for the editor and the dialog, and the writes. Each write is one transaction
 * that first locks the event row (queries.ts), so concurrent adds, deletes and moves of one event
 * keep its sequences 1..n, and ends by refreshing equipment_latest_status for the items it touched.
 */
import {
  type AddedComponent,
  type ChipsForEdit,
  type ComponentsAdded,
  EVENT_ITEMS_MAX,
  type EventChipRow,
  type EventComponent,
  type EventEquipmentDetails,
  eventItemMessages,
  type ImportValidation,
  type ItemFile,
  messages,
  normalizeStampedId,
  type ProposedComponent,
  STAMPED_ID_MAX,
  stampedIdKey,
  stampedIdProblem,
} from '@portal/contract';
import type { OwnerScope } from '../../auth/scope.ts';
import type { AuthUser } from '../../auth/users.ts';
import type { Database, Executor } from '../../db/client.ts';
import { refreshLatestStatus } from '../../db/latest-status.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { CheckedImageUpload } from '../../http/uploads.ts';
import { insertRenditions } from '../../images/renditions.ts';
import { readEditorRows } from './editor-rows.ts';
import { expandSeries, parseEventImport } from './import-file.ts';
import * as q from './queries.ts';

const eventNotFound = () => notFound('The event');
const itemNotFound = () => notFound('The event item');
const fileUrl = (id: number) => `/api/Files/${id}`;

function toRow(record: q.ChipRowRecord): EventChipRow {
  const { statusName, statusColor, ...rest } = record;
  return {
    ...rest,
    id: Number(record.id),
    status: record.statusId !== null ? { id: record.statusId, name: statusName ?? '', color: statusColor ?? 'default' } : null,
  };
}

async function requireEvent(db: Executor, eventId: number) {
  const event = await q.lockEvent(db, eventId);
  if (!event) throw eventNotFound();
  return event;
}

async function requireStatus(db: Executor, statusId: number | null | undefined, typeId: number, field = 'statusId') {
  if (statusId === null || statusId === undefined) return;
  if (!(await q.isStatusOfType(db, statusId, typeId))) throw badRequest(field, eventItemMessages.statusNotOfType);
}

export async function getChipsForEdit(db: Database, eventId: number, scope: OwnerScope): Promise<ChipsForEdit> {
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
  };
}

/** One item for its dialog; another owner's item reads as missing. */
export async function getComponent(db: Executor, eventId: number, id: number, scope: OwnerScope): Promise<EventComponent> {
  const item = await q.selectItem(db, eventId, id, scope);
  if (!item) throw itemNotFound();
  const images = await q.selectItemImages(db, item.id);
  return {
    id: Number(item.id),
    eventId: item.eventId,
    sequence: item.sequence,
    stampedId: item.stampedId,
    statusId: item.statusId,
    comment: item.comment,
    notifications: item.notifications,
    files: images.map((image) => ({ id: image.id, url: fileUrl(image.fileId), fileName: image.fileName })),
    updatedBy: item.updatedBy,
    updatedDate: item.updatedAt.toISOString(),
  };
}

export async function checkStampedId(db: Database, eventId: number, stampedId: string, scope: OwnerScope): Promise<ProposedComponent> {
  if (!(await q.selectEventDetails(db, eventId))) throw eventNotFound();
  const known = await q.selectEquipmentIds(db, [stampedId]);
  const id = known.get(stampedId);
  const inEvent = id !== undefined && (await q.selectInEvent(db, eventId, [id])).has(id);
  const available = !(await q.selectOutOfScope(db, [stampedId], scope)).has(stampedId);
  return { stampedId, known: id !== undefined, inEvent, available };
}

interface AddOptions {
  eventId: number;
  stampedIds: string[];
  statusId: number | null;
  user: AuthUser;
  scope: OwnerScope;
  field: string;
}

type Skipped = ComponentsAdded['skipped'];

/**
 * The ids of a list normalised, each once without regard to case (docs/event-equipment.md "Stamped
 * ids"); a repeat is skipped with its reason.
 */
function distinctIds(stampedIds: string[]) {
  const wanted: string[] = [];
  const skipped: Skipped = [];
  const first = new Map<string, string>();
  for (const stampedId of stampedIds.map(normalizeStampedId)) {
    const earlier = first.get(stampedIdKey(stampedId));
    if (earlier === undefined) {
      first.set(stampedIdKey(stampedId), stampedId);
      wanted.push(stampedId);
    } else skipped.push({ stampedId, reason: eventItemMessages.twiceInList(earlier) });
  }
  return { wanted, skipped };
}

/** The list's ids split into known items and new ones; a new id the rules refuse is skipped with the field's message. */
async function sortIds(db: Executor, stampedIds: string[]) {
  const { wanted, skipped } = distinctIds(stampedIds);
  const known = await q.selectEquipmentIds(db, wanted);
  const refused = wanted.flatMap((id) => {
    const reason = known.has(id) ? undefined : stampedIdProblem(id);
    return reason ? [{ stampedId: id, reason }] : [];
  });
  const refusedIds = new Set(refused.map((item) => item.stampedId));
  return { wanted: wanted.filter((id) => !refusedIds.has(id)), known, skipped: [...skipped, ...refused] };
}

const alreadyInEvent = (ids: string[]): Skipped => ids.map((id) => ({ stampedId: id, reason: eventItemMessages.alreadyInEvent(id) }));

/**
 * Adds stamped ids in order after the last item; unknown ones become new unlinked items; ids already
 * in the event are skipped. An existing item of an owner outside the caller's list refuses the whole
 * add, without naming its owner.
 */
async function addStampedIds(tx: Executor, options: AddOptions) {
  const event = await requireEvent(tx, options.eventId);
  await requireStatus(tx, options.statusId, event.typeId);
  const { wanted, known, skipped } = await sortIds(tx, options.stampedIds);
  if ((await q.selectOutOfScope(tx, wanted, options.scope)).size) throw badRequest(options.field, eventItemMessages.notAvailable);
  const created = await q.insertUnlinkedEquipment(
    tx,
    wanted.filter((id) => !known.has(id)),
    options.user.email,
  );
  // An id another request created between the two statements is found now.
  const missing = wanted.filter((id) => !known.has(id) && !created.has(id));
  const late = missing.length ? await q.selectEquipmentIds(tx, missing) : new Map<string, number>();
  const idOf = (stampedId: string) => known.get(stampedId) ?? created.get(stampedId) ?? late.get(stampedId)!;
  const inEvent = await q.selectInEvent(tx, options.eventId, wanted.map(idOf));
  const toAdd = wanted.filter((id) => !inEvent.has(idOf(id)));
  const count = await q.countItems(tx, options.eventId);
  if (count + toAdd.length > EVENT_ITEMS_MAX) throw badRequest(options.field, eventItemMessages.tooManyItems);
  const equipmentIds = toAdd.map(idOf);
  const itemIds = await q.appendItems(tx, {
    eventId: options.eventId,
    equipmentIds,
    statusId: options.statusId,
    by: options.user.email,
    after: count,
  });
  await refreshLatestStatus(tx, equipmentIds);
  return {
    itemIds,
    added: toAdd,
    created: toAdd.filter((id) => created.has(id)),
    skipped: [...skipped, ...alreadyInEvent(wanted.filter((id) => inEvent.has(idOf(id))))],
  };
}

/** What adding the list would do, without writing: `?dryRun=true` on the series and the import. */
async function previewStampedIds(db: Database, options: AddOptions): Promise<ComponentsAdded> {
  const event = await q.selectEventDetails(db, options.eventId);
  if (!event) throw eventNotFound();
  await requireStatus(db, options.statusId, event.typeId);
  const { wanted, known, skipped } = await sortIds(db, options.stampedIds);
  if ((await q.selectOutOfScope(db, wanted, options.scope)).size) throw badRequest(options.field, eventItemMessages.notAvailable);
  const inEvent = await q.selectInEvent(db, options.eventId, [...known.values()]);
  const isIn = (id: string) => inEvent.has(known.get(id) ?? 0);
  return {
    added: wanted.filter((id) => !isIn(id)).length,
    created: wanted.filter((id) => !known.has(id)).length,
    skipped: [...skipped, ...alreadyInEvent(wanted.filter(isIn))],
  };
}

export async function addComponent(
  db: Database,
  options: { eventId: number; stampedId: string; statusId: number | null; user: AuthUser; scope: OwnerScope },
): Promise<AddedComponent> {
  return db.transaction(async (tx) => {
    const result = await addStampedIds(tx, { ...options, stampedIds: [options.stampedId], field: 'stampedId' });
    if (result.skipped.length) throw badRequest('stampedId', result.skipped[0].reason);
    const row = await q.selectChipRow(tx, options.eventId, result.itemIds[0]);
    return { item: toRow(row!), createdEquipment: result.created.length > 0 };
  });
}

async function addMany(db: Database, options: AddOptions & { dryRun: boolean }): Promise<ComponentsAdded> {
  if (options.dryRun) return previewStampedIds(db, options);
  return db.transaction(async (tx) => {
    const result = await addStampedIds(tx, options);
    return { added: result.added.length, created: result.created.length, skipped: result.skipped };
  });
}

export function importComponents(
  db: Database,
  options: { eventId: number; stampedIds: string[]; statusId: number | null; user: AuthUser; dryRun: boolean; scope: OwnerScope },
) {
  return addMany(db, { ...options, field: 'stampedIds' });
}

export function addSeries(
  db: Database,
  options: {
    eventId: number;
    body: { numberFrom: string; numberTo: string; prefix: string; postFix: string };
    statusId: number | null;
    user: AuthUser;
    dryRun: boolean;
    scope: OwnerScope;
  },
) {
  const stampedIds = expandSeries(options.body).map(normalizeStampedId);
  if (stampedIds.some((id) => id.length > STAMPED_ID_MAX)) throw badRequest('postFix', messages.maxLength('Stamped id', STAMPED_ID_MAX));
  // Every id of a series has the same letters: one refused id refuses the series.
  const problem = stampedIdProblem(stampedIds[0]);
  if (problem) throw badRequest('prefix', problem);
  const { eventId, statusId, user, dryRun, scope } = options;
  return addMany(db, { eventId, stampedIds, statusId, user, dryRun, scope, field: 'numberTo' });
}

export async function validateImport(db: Database, eventId: number, text: string, scope: OwnerScope): Promise<ImportValidation> {
  if (!(await q.selectEventDetails(db, eventId))) throw eventNotFound();
  const parsed = parseEventImport(text);
  if ('errors' in parsed) return parsed;
  const known = await q.selectEquipmentIds(db, parsed.stampedIds);
  const inEvent = await q.selectInEvent(db, eventId, [...known.values()]);
  const unavailable = await q.selectOutOfScope(db, parsed.stampedIds, scope);
  return {
    content: parsed.stampedIds.map((stampedId) => {
      const id = known.get(stampedId);
      return { stampedId, known: id !== undefined, inEvent: id !== undefined && inEvent.has(id), available: !unavailable.has(stampedId) };
    }),
  };
}

/** The locked event and one of its items the caller may change (another owner's item: 404, as a missing one). */
async function requireItem(tx: Executor, eventId: number, id: number, scope: OwnerScope) {
  const event = await requireEvent(tx, eventId);
  const item = await q.selectItem(tx, eventId, id, scope);
  if (!item) throw itemNotFound();
  return { event, item };
}

export function updateComponent(
  db: Database,
  options: {
    eventId: number;
    id: number;
    body: { statusId?: number | null; comment?: string | null; notifications?: boolean };
    user: AuthUser;
    scope: OwnerScope;
  },
): Promise<EventComponent> {
  return db.transaction(async (tx) => {
    const { event, item } = await requireItem(tx, options.eventId, options.id, options.scope);
    await requireStatus(tx, options.body.statusId, event.typeId);
    const { statusId, comment, notifications } = options.body;
    await q.updateItem(tx, item.id, { statusId, comment, notification: notifications, by: options.user.email });
    if (statusId !== undefined) await refreshLatestStatus(tx, [item.equipmentId]);
    return getComponent(tx, options.eventId, options.id, options.scope);
  });
}

export function deleteComponent(db: Database, options: { eventId: number; id: number; scope: OwnerScope }): Promise<void> {
  return db.transaction(async (tx) => {
    const { item } = await requireItem(tx, options.eventId, options.id, options.scope);
    await q.deleteItemFiles(tx, item.id);
    await q.deleteItem(tx, item);
    await refreshLatestStatus(tx, [item.equipmentId]);
  });
}

export function moveComponent(db: Database, options: { eventId: number; id: number; sequence: number }): Promise<void> {
  return db.transaction(async (tx) => {
    // The order is the event's, not an item's: any row may move, another owner's too (it shows its place and stamped id).
    const { item } = await requireItem(tx, options.eventId, options.id, 'all');
    const count = await q.countItems(tx, options.eventId);
    if (options.sequence > count) throw badRequest('sequence', eventItemMessages.sequenceOutOfRange(count));
    await q.moveItem(tx, item, options.sequence);
  });
}

/** Gives the status to every item the caller may change; `left` counts the other owners' items it did not touch. */
export function setStatusOnAll(db: Database, options: { eventId: number; statusId: number; user: AuthUser; scope: OwnerScope }) {
  return db.transaction(async (tx) => {
    const event = await requireEvent(tx, options.eventId);
    await requireStatus(tx, options.statusId, event.typeId);
    const equipmentIds = await q.setStatusOnAll(tx, options);
    await refreshLatestStatus(tx, equipmentIds);
    const count = await q.countItems(tx, options.eventId);
    return { updated: equipmentIds.length, left: count - equipmentIds.length };
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
