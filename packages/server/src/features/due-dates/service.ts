/**
 * Inspection due dates (docs/due-dates.md). The due date itself is kept by the database (the triggers of
 * db/derived/equipment_due.sql refresh it in the writing transaction); this service reads
 * it with today's light, and edits the regimes and what event types count as.
 */
import {
  catalogueMessages,
  type DueFilterParsed,
  type DueListParsed,
  type DueRegimeBody,
  dueLight,
  dueMessages,
  type EventTypeDueKind,
} from '@portal/contract';
import type { FastifyReply } from 'fastify';
import type { OwnerScope } from '../../auth/scope.ts';
import type { AuthUser } from '../../auth/users.ts';
import type { Executor } from '../../db/client.ts';
import { forEachBatch } from '../../db/cursor.ts';
import { discardBeforeDue, selectWears, storedWearShown } from '../../db/wear.ts';
import { dmy } from '../../http/dates.ts';
import { AppError } from '../../http/errors.ts';
import { type ExcelColumn, excelFileName, sendWorkbook } from '../../http/excel.ts';
import { dueToday, dueWarningDays } from './clock.ts';
import * as q from './queries.ts';

interface Caller {
  user: AuthUser;
  scope: OwnerScope;
}

const notFound = (message: string) => new AppError(404, message);
const filterOf = (query: DueFilterParsed): q.DueFilter => ({
  ownerId: query.Owner,
  typeId: query.Type,
  rigId: query.Rig,
  light: query.Light,
});

/** A due row, with the date its wear is predicted to reach the limit (the page's refit, or the file's stored fit). */
function present(row: q.DueRowDb, today: string, warningDays: number, predicted: string | null | undefined) {
  return {
    stampedId: row.stamped_id,
    description: row.description,
    dueDate: row.due_date,
    light: dueLight(row.due_date, today, warningDays, row.condemned),
    kind: row.due_kind,
    basisDate: row.basis_date,
    renewalDueDate: row.renewal_due,
    condemned: row.condemned,
    lastInspection: row.last_inspection,
    discardPredicted: discardBeforeDue(predicted, row.due_date),
    owner: { id: row.owner_id, name: row.owner_name },
    certificateType: { id: row.type_id, name: row.type_name },
    subType: row.sub_type,
    dimension: row.dimension,
    certificateNumber: row.certificate_number,
    rig: row.rig_id === null ? null : { id: row.rig_id, name: row.rig_name ?? '' },
  };
}

/** GET /Reports/Due: counts per light of the filter (without its light) and one page by due date. */
export async function listDue(db: Executor, { scope }: Caller, query: DueListParsed) {
  const { Page: page, PageSize: pageSize } = query;
  const filter = filterOf(query);
  const today = dueToday();
  const warningDays = dueWarningDays();
  const { counts, rows } = await q.selectDuePage(db, scope, filter, { today, warningDays }, { limit: pageSize, offset: page * pageSize });
  const total = filter.light ? counts[filter.light] : counts.red + counts.yellow + counts.green;
  // The page's items' wear trends, for the flag: bounded by the page.
  const wears = await selectWears(
    db,
    rows.map((row) => row.equipment_id),
    scope,
  );
  return {
    today,
    warningDays,
    counts,
    items: rows.map((row) => present(row, today, warningDays, wears.get(row.equipment_id)?.predictedDiscardDate)),
    page,
    pageSize,
    total,
  };
}

export const dueChoices = (db: Executor, { scope }: Caller) => q.selectChoices(db, scope);

const EXCEL_COLUMNS: ExcelColumn[] = [
  { key: 'dueDate', label: 'Due', kind: 'date' },
  { key: 'lightLabel', label: 'Light', kind: 'status', colorKey: 'lightColor' },
  { key: 'kind', label: 'Due for', kind: 'text' },
  { key: 'basisDate', label: 'Counted from', kind: 'date' },
  { key: 'lastInspection', label: 'Last inspection', kind: 'date' },
  { key: 'renewalDueDate', label: 'Renewal due', kind: 'date' },
  { key: 'stampedId', label: 'Stamped id', kind: 'stampedId' },
  { key: 'owner', label: 'Owner', kind: 'text' },
  { key: 'type', label: 'Type', kind: 'text' },
  { key: 'subType', label: 'Sub-type', kind: 'text' },
  { key: 'dimension', label: 'Dim.', kind: 'text' },
  { key: 'certificateNumber', label: 'Certificate', kind: 'text' },
  { key: 'rig', label: 'Rig', kind: 'text' },
  { key: 'description', label: 'Description', kind: 'text' },
  { key: 'discardPredicted', label: 'Worn out by', kind: 'date' },
];
const LIGHT_COLORS = { red: 'danger', yellow: 'warning', green: 'success' } as const;
const LIGHT_LABELS = { red: 'Overdue', yellow: 'Due soon', green: 'In date' } as const;

/**
 * The filter in words for the Excel title and file name: owner, type, rig and light by name (an id the
 * caller cannot see is named by its number; the list of it is empty).
 */
async function filterWords(db: Executor, scope: OwnerScope, query: DueFilterParsed): Promise<string[]> {
  const choices = await q.selectChoices(db, scope);
  const named = (list: { id: number; name: string }[], id: number | undefined, what: string) =>
    id === undefined ? [] : [list.find((entry) => entry.id === id)?.name ?? `${what} ${id}`];
  return [
    ...named(choices.owners, query.Owner, 'owner'),
    ...named(choices.types, query.Type, 'type'),
    ...named(choices.rigs, query.Rig, 'rig'),
    ...(query.Light ? [LIGHT_LABELS[query.Light]] : []),
  ];
}

/** GET /Reports/Due/excel: every row of the filter, streamed in batches; title and file name name the filter. */
export async function sendDueExcel(db: Executor, { scope }: Caller, query: DueFilterParsed, reply: FastifyReply) {
  const today = dueToday();
  const warningDays = dueWarningDays();
  const filter = filterOf(query);
  const words = await filterWords(db, scope, query);
  const title = `Inspection due on ${dmy(today)}: ${words.length ? words.join(', ') : 'all items'} (warning window ${warningDays} days)`;
  return sendWorkbook(reply, excelFileName(['Inspection due', ...words].join(' ')), async (book) => {
    const sheet = book.sheet({ name: 'Due', heading: [title], columns: EXCEL_COLUMNS });
    // The wear flag from the stored fit, read in the same statement: the cursor holds the connection.
    const query = q.dueListSql(scope, filter, today, warningDays, undefined, storedWearShown(scope));
    await forEachBatch<q.DueRowDb & { predicted: string | null }>(db, query, (rows) =>
      sheet.addRows(
        rows.map((row) => {
          const item = present(row, today, warningDays, row.predicted);
          return {
            ...item,
            lightLabel: item.condemned ? 'Condemned' : LIGHT_LABELS[item.light],
            lightColor: LIGHT_COLORS[item.light],
            owner: item.owner.name,
            type: item.certificateType.name,
            rig: item.rig?.name ?? null,
          };
        }),
      ),
    );
  });
}

/** POST /DueDates/Lookup: badges for the items a screen shows. */
export async function lookupDue(db: Executor, { scope }: Caller, stampedIds: readonly string[]) {
  const today = dueToday();
  const warningDays = dueWarningDays();
  const rows = await q.selectByStampedIds(db, scope, stampedIds);
  const wears = await selectWears(
    db,
    rows.map((row) => row.equipment_id),
    scope,
  );
  return {
    warningDays,
    items: rows.map((row) => ({
      stampedId: row.stamped_id,
      dueDate: row.due_date,
      light: dueLight(row.due_date, today, warningDays, row.condemned),
      kind: row.due_kind,
      basisDate: row.basis_date,
      renewalDueDate: row.renewal_due,
      condemned: row.condemned,
      lastInspection: row.last_inspection,
      discardPredicted: discardBeforeDue(wears.get(row.equipment_id)?.predictedDiscardDate, row.due_date),
    })),
  };
}

export async function getRegime(db: Executor, { scope }: Caller, typeId: number) {
  const regime = await q.selectRegime(db, scope, typeId);
  if (!regime) throw notFound(catalogueMessages.typeNotFound);
  return regime;
}

/** PUT /DueDates/Regimes/{id}: the type's intervals; its items' due dates follow in the same transaction. */
export async function setTypeRegime(db: Executor, caller: Caller, typeId: number, body: DueRegimeBody) {
  return db.transaction(async (tx) => {
    await getRegime(tx, caller, typeId);
    await q.writeRegime(tx, { typeId, subTypeId: null }, normalise(body), caller.user.email);
    return getRegime(tx, caller, typeId);
  });
}

export async function setSubTypeRegime(db: Executor, caller: Caller, subTypeId: number, body: DueRegimeBody) {
  return db.transaction(async (tx) => {
    const typeId = await q.selectSubTypeOwnerType(tx, caller.scope, subTypeId);
    if (typeId === undefined) throw notFound(catalogueMessages.subTypeNotFound);
    await q.writeRegime(tx, { typeId, subTypeId }, normalise(body), caller.user.email);
    return getRegime(tx, caller, typeId);
  });
}

const normalise = (body: DueRegimeBody) => ({ inspectionMonths: body.inspectionMonths ?? null, renewalMonths: body.renewalMonths ?? null });

export const listEventTypeKinds = (db: Executor) => q.selectEventTypes(db);

export async function setEventTypeKind(db: Executor, user: AuthUser, id: number, kind: EventTypeDueKind) {
  return db.transaction(async (tx) => {
    const [found] = await q.selectEventTypes(tx, id);
    if (!found) throw notFound(dueMessages.eventTypeNotFound);
    await q.writeEventTypeKind(tx, id, kind, user.email);
    const [row] = await q.selectEventTypes(tx, id);
    return row;
  });
}

export const getSubscription = async (db: Executor, user: AuthUser) => ({ subscribed: await q.isSubscribed(db, user.id) });
export async function setSubscription(db: Executor, user: AuthUser, subscribed: boolean) {
  await q.setSubscribed(db, user.id, subscribed);
  return { subscribed };
}
