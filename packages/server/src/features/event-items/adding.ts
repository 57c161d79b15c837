/**
 * Adding items to an event: by stamped id (and its check before Add) or chip, by series and by import,
 * the last two with their dry run. Ids are compared without regard to case (docs/event-items.md "Stamped ids");
 * an existing item of another owner refuses the add (docs/security.md rule 17). Every add is one
 * transaction on the locked event (service.ts), ending with the items' latest status refreshed.
 */
import {
  type AddedItem,
  EVENT_ITEMS_MAX,
  eventItemMessages,
  type ImportValidation,
  type ItemsAdded,
  messages,
  normalizeStampedId,
  type ProposedEventItem,
  STAMPED_ID_MAX,
  stampedIdKey,
  stampedIdProblem,
} from '@portal/contract';
import type { OwnerScope } from '../../auth/scope.ts';
import type { AuthUser } from '../../auth/users.ts';
import type { Database, Executor } from '../../db/client.ts';
import { badRequest } from '../../http/errors.ts';
import { readEditorRow } from './editor-rows.ts';
import { fitWarnings } from './fit-warnings.ts';
import { expandSeries, parseEventImport } from './import-file.ts';
import * as q from './queries.ts';
import { eventNotFound, requireEvent, requireStatus } from './service.ts';
import * as ids from './stamped-id-queries.ts';

export async function checkStampedId(db: Database, eventId: number, stampedId: string, scope: OwnerScope): Promise<ProposedEventItem> {
  if (!(await q.selectEventDetails(db, eventId))) throw eventNotFound();
  const known = await ids.selectEquipmentIds(db, [stampedId]);
  const id = known.get(stampedId);
  const inEvent = id !== undefined && (await ids.selectInEvent(db, eventId, [id])).has(id);
  const available = !(await ids.selectOutOfScope(db, [stampedId], scope)).has(stampedId);
  return { stampedId, known: id !== undefined, inEvent, available };
}

interface AddOptions {
  eventId: number;
  stampedIds: string[];
  /** Left out (undefined): the type's `notInspected` status; null: no status. */
  statusId?: number | null;
  user: AuthUser;
  scope: OwnerScope;
  field: string;
}

type Skipped = ItemsAdded['skipped'];

/**
 * The ids of a list normalised, each once without regard to case (docs/event-items.md "Stamped
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
  const known = await ids.selectEquipmentIds(db, wanted);
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
  const statusId = options.statusId === undefined ? await q.selectNotInspectedStatus(tx, event.typeId) : options.statusId;
  const { wanted, known, skipped } = await sortIds(tx, options.stampedIds);
  if ((await ids.selectOutOfScope(tx, wanted, options.scope)).size) throw badRequest(options.field, eventItemMessages.notAvailable);
  const created = await ids.insertUnlinkedEquipment(
    tx,
    wanted.filter((id) => !known.has(id)),
    options.user.email,
  );
  // An id another request created between the two statements is found now.
  const missing = wanted.filter((id) => !known.has(id) && !created.has(id));
  const late = missing.length ? await ids.selectEquipmentIds(tx, missing) : new Map<string, number>();
  const idOf = (stampedId: string) => known.get(stampedId) ?? created.get(stampedId) ?? late.get(stampedId)!;
  const inEvent = await ids.selectInEvent(tx, options.eventId, wanted.map(idOf));
  const toAdd = wanted.filter((id) => !inEvent.has(idOf(id)));
  const count = await q.countItems(tx, options.eventId);
  if (count + toAdd.length > EVENT_ITEMS_MAX) throw badRequest(options.field, eventItemMessages.tooManyItems);
  const itemIds = await q.appendItems(tx, {
    eventId: options.eventId,
    equipmentIds: toAdd.map(idOf),
    statusId,
    by: options.user.email,
    after: count,
  });
  return {
    itemIds,
    added: toAdd,
    created: toAdd.filter((id) => created.has(id)),
    skipped: [...skipped, ...alreadyInEvent(wanted.filter((id) => inEvent.has(idOf(id))))],
  };
}

/** What adding the list would do, without writing: `?dryRun=true` on the series and the import. */
async function previewStampedIds(db: Database, options: AddOptions): Promise<ItemsAdded> {
  const event = await q.selectEventDetails(db, options.eventId);
  if (!event) throw eventNotFound();
  await requireStatus(db, options.statusId, event.typeId);
  const { wanted, known, skipped } = await sortIds(db, options.stampedIds);
  if ((await ids.selectOutOfScope(db, wanted, options.scope)).size) throw badRequest(options.field, eventItemMessages.notAvailable);
  const inEvent = await ids.selectInEvent(db, options.eventId, [...known.values()]);
  const isIn = (id: string) => inEvent.has(known.get(id) ?? 0);
  return {
    added: wanted.filter((id) => !isIn(id)).length,
    created: wanted.filter((id) => !known.has(id)).length,
    skipped: [...skipped, ...alreadyInEvent(wanted.filter(isIn))],
  };
}

/**
 * POST component: one item by stamped id, or by chip (a scan): the chip is resolved here, inside the
 * add, after the event (404 first) and before anything is written. The answer is the new row as the
 * editor shows it, with the event component's comment and images, which a new item has none of yet.
 */
export async function addItem(
  db: Database,
  options: { eventId: number; stampedId?: string; chipId?: string; statusId?: number | null; user: AuthUser; scope: OwnerScope },
): Promise<AddedItem> {
  const { chipId } = options;
  const field = chipId === undefined ? 'stampedId' : 'chipId';
  return db.transaction(async (tx) => {
    let stampedId = options.stampedId ?? '';
    if (chipId !== undefined) {
      await requireEvent(tx, options.eventId);
      stampedId = (await ids.selectStampedIdOfChip(tx, chipId)) ?? '';
      if (!stampedId) throw badRequest(field, messages.noEquipmentWithChip(chipId));
    }
    const result = await addStampedIds(tx, { ...options, stampedIds: [stampedId], field });
    if (result.skipped.length) throw badRequest(field, result.skipped[0].reason);
    const row = await readEditorRow(tx, options.eventId, result.itemIds[0], options.scope);
    return {
      item: { ...row!, comment: null, files: [] },
      createdEquipment: result.created.length > 0,
      warnings: await addedWarnings(tx, options, result.itemIds),
    };
  });
}

/** Items added with a `fit` status are marked fit too (docs/event-items.md "Marking fit"). */
function addedWarnings(tx: Executor, options: { eventId: number; statusId?: number | null; scope: OwnerScope }, itemIds: number[]) {
  return options.statusId && itemIds.length ? fitWarnings(tx, { eventId: options.eventId, itemIds, scope: options.scope }) : [];
}

async function addMany(db: Database, options: AddOptions & { dryRun: boolean }): Promise<ItemsAdded> {
  if (options.dryRun) return previewStampedIds(db, options);
  return db.transaction(async (tx) => {
    const result = await addStampedIds(tx, options);
    return {
      added: result.added.length,
      created: result.created.length,
      skipped: result.skipped,
      warnings: await addedWarnings(tx, options, result.itemIds),
    };
  });
}

export function importItems(
  db: Database,
  options: { eventId: number; stampedIds: string[]; statusId?: number | null; user: AuthUser; dryRun: boolean; scope: OwnerScope },
) {
  return addMany(db, { ...options, field: 'stampedIds' });
}

export function addSeries(
  db: Database,
  options: {
    eventId: number;
    body: { numberFrom: string; numberTo: string; prefix: string; postFix: string };
    statusId?: number | null;
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
  const known = await ids.selectEquipmentIds(db, parsed.stampedIds);
  const inEvent = await ids.selectInEvent(db, eventId, [...known.values()]);
  const unavailable = await ids.selectOutOfScope(db, parsed.stampedIds, scope);
  return {
    content: parsed.stampedIds.map((stampedId) => {
      const id = known.get(stampedId);
      return { stampedId, known: id !== undefined, inEvent: id !== undefined && inEvent.has(id), available: !unavailable.has(stampedId) };
    }),
  };
}
