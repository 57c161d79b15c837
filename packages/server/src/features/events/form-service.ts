/**
 * The event form's writes and what the form starts from. Each write is one transaction; the derived
 * tables (the latest status of decision 015 among them) follow its changes by their triggers
 * (db/derived/). Rules: docs/events.md "Event form".
 */

import {
  type createEventBody,
  EVENT_QUICK_LOCATIONS,
  type EventRecord,
  type EventScaffolding,
  fileMessages,
  eventFormMessages as m,
  type updateEventBody,
} from '@portal/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { requireAccess } from '../../auth/policy.ts';
import type { OwnerScope } from '../../auth/scope.ts';
import type { AuthUser } from '../../auth/users.ts';
import { createdBy, presentAudit, updatedBy } from '../../db/audit.ts';
import type { Database, Executor } from '../../db/client.ts';
import { eventItemImages, eventItems, events } from '../../db/schema.ts';
import { coversEveryOwner } from '../../db/scope.ts';
import { selectSignOff } from '../../db/seals.ts';
import { deleteFileIfUnused, deleteFilesIfUnused, ownUploadExists } from '../../db/unused-files.ts';
import { fileUrl } from '../../http/downloads.ts';
import { AppError, badRequest, conflict, type FieldErrors, notFound } from '../../http/errors.ts';
import * as q from './form-queries.ts';

type CreateBody = z.output<typeof createEventBody>;
type UpdateBody = z.output<typeof updateEventBody>;
type Fields = Omit<UpdateBody, 'version'>;

const eventNotFound = () => notFound('The event');

export function presentEvent(row: q.EventRow, viewer: AuthUser): Omit<EventRecord, 'signOff'> {
  const { fileName, ...rest } = row;
  const file = row.fileId !== null && fileName !== null ? { id: row.fileId, fileName, url: fileUrl(row.fileId) } : null;
  return presentAudit({ ...rest, file }, viewer);
}

export async function getEvent(db: Executor, id: number, viewer: AuthUser): Promise<EventRecord> {
  const row = await q.selectEvent(db, id);
  if (!row) throw eventNotFound();
  return { ...presentEvent(row, viewer), signOff: await selectSignOff(db, id) };
}

/** Spec section 6: the renewal checkbox needs Certificates level; the server refuses it too. */
function requireRenewalLevel(user: AuthUser) {
  requireAccess(user, { level: 'Certificates', internal: true }, m.renewalNeedsCertificates);
}

/**
 * The folders must be of their kind and the project a child of the rig; a new event takes enabled
 * ones only, an edited one may keep what it has. Renewal hides reset age, so it clears it.
 */
async function checkFields(tx: Executor, body: Fields & { type?: number }, keep: number[], user: AuthUser, eventIds: number[]) {
  const ids = [body.rig, body.referenceNo, ...(body.type ? [body.type] : [])];
  const found = new Map((await q.selectFolders(tx, ids)).map((f) => [f.id, f]));
  const usable = (id: number, kind: string) => {
    const folder = found.get(id);
    return folder?.kind === kind && (folder.enabled || keep.includes(id)) ? folder : undefined;
  };
  const errors: FieldErrors = {};
  if (body.type !== undefined && !usable(body.type, 'eventType')) errors.type = [m.notAnEventType];
  if (!usable(body.rig, 'rig')) errors.rig = [m.notARig];
  if (usable(body.referenceNo, 'project')?.parentId !== body.rig) errors.referenceNo = [m.projectNotOfRig];
  const [first] = Object.values(errors);
  if (first) throw new AppError(400, first[0], errors);
  if (body.fileId !== null && !(await q.usablePdf(tx, { fileId: body.fileId, email: user.email, eventIds }))) {
    throw badRequest('fileId', (await ownUploadExists(tx, body.fileId, user.email)) ? m.fileNotPdf : fileMessages.expired);
  }
}

function eventValues(body: Fields) {
  return {
    rigId: body.rig,
    projectId: body.referenceNo,
    eventLocation: body.eventLocation,
    eventDate: body.eventDate,
    ahv: body.ahv,
    comment: body.comment,
    documentNo: body.documentNo,
    responsible: body.responsible,
    company: body.company,
    isRenewal: body.isRenewal,
    resetAge: body.isRenewal ? false : body.resetAge,
    ageAtReset: body.isRenewal || !body.resetAge ? null : body.ageAtReset,
    fileId: body.fileId,
  };
}

/** POST /Events: the event, and for a copy with equipment the copied event's items, in one transaction. */
export async function createEvent(
  db: Database,
  body: CreateBody,
  { user, scope }: { user: AuthUser; scope: OwnerScope },
): Promise<{ id: number }> {
  if (body.isRenewal) requireRenewalLevel(user);
  return db.transaction(async (tx) => {
    const copyFrom = body.eventToCopyFromId;
    if (copyFrom !== null && !(await q.selectEvent(tx, copyFrom))) throw badRequest('eventToCopyFromId', m.copyNotFound);
    await checkFields(tx, body, [], user, copyFrom === null ? [] : [copyFrom]);
    const [row] = await tx
      .insert(events)
      .values({ ...eventValues(body), typeId: body.type, copiedFromEventId: copyFrom, ...createdBy(user) })
      .returning({ id: events.id });
    if (copyFrom !== null && body.createWithEquipment) {
      await q.copyItems(tx, { from: copyFrom, to: row.id, typeId: body.type, by: user.email, scope });
    }
    return { id: row.id };
  });
}

/**
 * PUT /Events/{id}: the version gate first (the row stays locked to the end, so a second save with
 * the same version waits, then finds the new version and changes nothing). A new date moves the
 * items' latest status (db/derived/equipment_latest_status.sql).
 */
export async function updateEvent(db: Database, id: number, body: UpdateBody, user: AuthUser): Promise<EventRecord> {
  await db.transaction(async (tx) => {
    const current = await q.selectEvent(tx, id);
    if (!current) throw eventNotFound();
    if (body.isRenewal !== current.isRenewal) requireRenewalLevel(user);
    await checkFields(tx, body, [current.rig.id, current.referenceNo.id], user, [id]);
    const bumped = await tx
      .update(events)
      .set({ version: sql`${events.version} + 1` })
      .where(and(eq(events.id, id), eq(events.version, body.version)))
      .returning({ id: events.id });
    if (bumped.length === 0) throw conflict(m.eventChanged);
    await tx
      .update(events)
      .set({ ...eventValues(body), ...updatedBy(user) })
      .where(sql`${events.id} = ${id}`);
    if (current.fileId !== null && current.fileId !== body.fileId) await deleteFileIfUnused(tx, current.fileId);
  });
  return getEvent(db, id, user);
}

/** DELETE /Events/{id}: its items and their images go with it; their equipment's latest status falls back. */
export async function deleteEvent(db: Database, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await q.selectEvent(tx, id);
    if (!current) throw eventNotFound();
    const images = await tx
      .select({ fileId: eventItemImages.fileId })
      .from(eventItemImages)
      .innerJoin(eventItems, eq(eventItems.id, eventItemImages.eventItemId))
      .where(eq(eventItems.eventId, id));
    await tx.delete(events).where(sql`${events.id} = ${id}`);
    // The items' images are files in the database (decision 017): they go in this transaction, in one statement.
    const fileIds = images.map((image) => image.fileId);
    await deleteFilesIfUnused(tx, current.fileId === null ? fileIds : [current.fileId, ...fileIds]);
  });
}

const blankValues = {
  eventLocation: null,
  eventDate: null,
  ahv: null,
  comment: null,
  documentNo: null,
  responsible: null,
  company: null,
  isRenewal: false,
  resetAge: false,
  ageAtReset: null,
  file: null,
};

/** GET /Events/getAddScaffolding: the placeholder type (-1: the user chooses), the default rig and its default project, today. */
export async function addScaffolding(db: Executor): Promise<EventScaffolding> {
  const lists = await q.selectPickLists(db);
  const rig = lists.rigs.find((r) => r.default) ?? null;
  const project = rig ? (lists.projects.find((p) => p.parentId === rig.id && p.default) ?? null) : null;
  return {
    ...lists,
    quickLocations: [...EVENT_QUICK_LOCATIONS],
    values: {
      ...blankValues,
      type: -1,
      rig: rig?.id ?? null,
      referenceNo: project?.id ?? null,
      eventDate: new Date().toISOString().slice(0, 10),
    },
    copyOf: null,
    id: null,
    version: null,
    signOff: null,
  };
}

function valuesOf(event: EventRecord) {
  return {
    type: event.type.id,
    rig: event.rig.id,
    referenceNo: event.referenceNo.id,
    eventLocation: event.eventLocation,
    eventDate: event.eventDate,
    ahv: event.ahv,
    comment: event.comment,
    documentNo: event.documentNo,
    responsible: event.responsible,
    company: event.company,
    isRenewal: event.isRenewal,
    resetAge: event.resetAge,
    ageAtReset: event.ageAtReset,
    file: event.file,
  };
}

/**
 * GET /Events/getAddScaffolding/{id}: the copied event's values for a new event: same type, rig,
 * project, texts and PDF; the date is today's. Disabled folders it used are offered so the form shows them.
 * The item count is of the items a copy with equipment takes: the caller's owners' and unlinked ones.
 */
export async function copyScaffolding(
  db: Executor,
  id: number,
  { user: viewer, scope }: { user: AuthUser; scope: OwnerScope },
): Promise<EventScaffolding> {
  const event = await getEvent(db, id, viewer);
  // "Create with equipment" copies the caller's items only (copyItems), so it counts those.
  const itemCount = coversEveryOwner(scope) ? event.itemCount : await q.countItemsInScope(db, id, scope);
  const lists = await q.selectPickLists(db, [event.type.id, event.rig.id, event.referenceNo.id]);
  return {
    ...lists,
    quickLocations: [...EVENT_QUICK_LOCATIONS],
    values: { ...valuesOf(event), eventDate: new Date().toISOString().slice(0, 10) },
    copyOf: { id: event.id, eventDate: event.eventDate, itemCount },
    id: null,
    version: null,
    signOff: null,
  };
}

/** GET /Events/{id}/getEditScaffolding: the event's values and version. */
export async function editScaffolding(db: Executor, id: number, viewer: AuthUser): Promise<EventScaffolding> {
  const event = await getEvent(db, id, viewer);
  const lists = await q.selectPickLists(db, [event.type.id, event.rig.id, event.referenceNo.id]);
  return {
    ...lists,
    quickLocations: [...EVENT_QUICK_LOCATIONS],
    values: valuesOf(event),
    copyOf: null,
    id: event.id,
    version: event.version,
    signOff: event.signOff,
  };
}

/** GET /Events/{id}/Statuses: every status of the event's type. */
export async function eventStatuses(db: Executor, id: number, viewer: AuthUser) {
  const event = await getEvent(db, id, viewer);
  return q.selectStatuses(db, event.type.id, false);
}

/** GET /Events/getAvailableStatuses/{typeId}: the enabled statuses to choose from. */
export async function availableStatuses(db: Executor, typeId: number) {
  if (!(await q.isEventType(db, typeId))) throw notFound('The event type');
  return q.selectStatuses(db, typeId, true);
}
