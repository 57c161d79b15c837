/**
 * The certificate editor: create, save (rows with their states, guarded by the version), delete,
 * and the series and import proposals. Each write is one transaction: a refused row, a stale version
 * or a stamped id taken meanwhile rolls everything back. Rules: docs/certificates.md "The editor".
 */
import {
  type CertificateDetail,
  catalogueMessages,
  type createCertificateBody,
  fileMessages,
  type ImportResult,
  certificateEditorMessages as m,
  messages,
  normalizeStampedId,
  type ProposedItem,
  type SeriesResult,
  STAMPED_ID_MAX,
  type seriesBody,
  stampedIdKey,
  stampedIdProblem,
  type updateCertificateBody,
} from '@portal/contract';
import type { z } from 'zod';
import type { OwnerScope } from '../../auth/scope.ts';
import type { AuthUser } from '../../auth/users.ts';
import { createdBy, updatedBy } from '../../db/audit.ts';
import type { Database, Executor } from '../../db/client.ts';
import { deleteFileIfUnused, ownUploadExists } from '../../db/unused-files.ts';
import { AppError, badRequest, conflict, type FieldErrors, notFound } from '../../http/errors.ts';
import { checkRowRemoval } from './editor-policy.ts';
import * as q from './editor-queries.ts';
import { namedStampedIds, planRows, RowErrors, type RowPlan } from './editor-rows.ts';
import { parseImportFile } from './import-file.ts';
import { getCertificate } from './service.ts';

type CreateBody = z.output<typeof createCertificateBody>;
type UpdateBody = z.output<typeof updateCertificateBody>;
type SeriesBody = z.output<typeof seriesBody>;

interface Caller {
  user: AuthUser;
  scope: OwnerScope;
}

/** The node must be one path of the chosen owner's catalogue, and the PDF one the caller may attach. */
async function checkFields(tx: Executor, body: CreateBody, { user, scope }: Caller) {
  const found = await q.checkCatalogue(tx, body, scope);
  if (!found.owner) throw badRequest('ownerId', catalogueMessages.ownerNotFound);
  const errors: FieldErrors = {};
  if (!found.type) errors.typeId = [m.catalogueMismatch];
  if (!found.type || !found.subType) errors.subTypeId = [m.catalogueMismatch];
  if (!found.type || !found.subType || !found.dimension) errors.dimensionId = [m.catalogueMismatch];
  if (Object.keys(errors).length) throw new AppError(400, m.catalogueMismatch, errors);
  if (body.fileId !== null && !(await q.usablePdf(tx, { fileId: body.fileId, email: user.email, scope }))) {
    throw badRequest('fileId', (await ownUploadExists(tx, body.fileId, user.email)) ? m.fileNotPdf : fileMessages.expired);
  }
}

function certificateValues(body: CreateBody): q.CertificateValues {
  return {
    ownerId: body.ownerId,
    typeId: body.typeId,
    subTypeId: body.subTypeId,
    dimensionId: body.dimensionId,
    certificateNumber: body.certificateNumber,
    manufacturer: body.manufacturer,
    quality: body.quality,
    certifiedToCode: body.certifiedToCode,
    dateSigned: body.dateSigned,
    certificateIssuedBy: body.certificateIssuedBy,
    otherInformation: body.otherInformation,
    color: body.color,
    fileId: body.fileId,
  };
}

/**
 * The rows with every stamped id spelled as its item has it, or as its first row does: ids are
 * compared without regard to case (docs/event-items.md "Stamped ids"), so 'abc' names item
 * 'ABC', and a new row 'Abc' after a new row 'ABC' is the same id twice. An id that two items hold
 * in different cases (known case duplicates) keeps its own spelling.
 */
function sameSpelling(rows: CreateBody['equipment'], known: q.KnownItem[]): CreateBody['equipment'] {
  const exact = new Set(known.map((item) => item.stampedId));
  const spelling = new Map(known.map((item) => [stampedIdKey(item.stampedId), item.stampedId]));
  for (const row of rows) if (!spelling.has(stampedIdKey(row.stampedId))) spelling.set(stampedIdKey(row.stampedId), row.stampedId);
  const spell = (id: string) => (exact.has(id) ? id : (spelling.get(stampedIdKey(id)) ?? id));
  return rows.map((row) => ({
    ...row,
    stampedId: spell(row.stampedId),
    parentStampedId: row.parentStampedId === null ? null : spell(row.parentStampedId),
  }));
}

/** Reads what the rows name and turns them into a plan; 400 per row for anything refused. */
async function planSave(tx: Executor, body: CreateBody, options: Caller & { certificateId: number | null }) {
  const known = await q.selectItems(tx, { stampedIds: namedStampedIds(body.equipment), viewer: options.user, scope: options.scope });
  const rows = sameSpelling(body.equipment, known);
  const targetIds = [...new Set(rows.flatMap((row) => (row.moveToCertificateId === null ? [] : [row.moveToCertificateId])))];
  const targets = await q.certificatesInScope(tx, { ids: targetIds, scope: options.scope });
  const plan = planRows(rows, {
    certificateId: options.certificateId,
    known: new Map(known.map((item) => [item.stampedId, item])),
    targets,
  });
  return { plan, known };
}

/** Writes the plan: new rows (with parents), changed rows, unlinked rows, moved rows; history for each. */
async function writeRows(
  tx: Executor,
  options: { certificateId: number; plan: RowPlan; known: q.KnownItem[]; body: CreateBody; by: string },
) {
  const { certificateId, plan, body, by } = options;
  const now = new Date();
  const idOf = new Map(options.known.map((item) => [item.stampedId, item.id]));
  const added = await q.insertItems(tx, { certificateId, items: plan.added, by, now });
  if (added.length < plan.added.length) {
    // Another save took a stamped id after we looked (the unique index skipped it): name each one.
    const inserted = new Set(added.map((item) => item.stampedId));
    const errors = new RowErrors();
    body.equipment.forEach((row, index) => {
      if (row.new && !inserted.has(row.stampedId)) errors.add(index, 'stampedId', m.stampedIdTaken(row.stampedId));
    });
    errors.throwIfAny();
  }
  for (const item of added) idOf.set(item.stampedId, item.id);
  const parentId = (stampedId: string | null) => (stampedId === null ? null : (idOf.get(stampedId) ?? null));
  await q.setParents(
    tx,
    plan.addedParents.map((link) => ({ id: idOf.get(link.stampedId) as number, parentId: parentId(link.parent) as number })),
  );
  await q.updateItems(tx, {
    certificateId,
    items: plan.changed.map(({ parent, ...item }) => ({ ...item, parentId: parentId(parent) })),
    by,
    now,
  });
  await q.relinkItems(tx, { certificateId, moves: plan.unlinked.map((stampedId) => ({ stampedId, targetId: null })), by, now });
  await q.relinkItems(tx, { certificateId, moves: plan.moved, by, now });
}

/** POST /Certificates: the certificate, its file and its (new) rows, in one transaction. */
export async function createCertificate(db: Database, options: Caller & { body: CreateBody }): Promise<{ id: number }> {
  const { user, body } = options;
  return db.transaction(async (tx) => {
    await checkFields(tx, body, options);
    const { plan, known } = await planSave(tx, body, { ...options, certificateId: null });
    const id = await q.insertCertificate(tx, { ...certificateValues(body), ...createdBy(user) });
    await writeRows(tx, { certificateId: id, plan, known, body, by: user.email });
    return { id };
  });
}

/** PUT /Certificates/{id}: the version gate first, then the fields and the rows; answers the saved certificate. */
export async function updateCertificate(db: Database, options: Caller & { id: number; body: UpdateBody }): Promise<CertificateDetail> {
  const { user, scope, id, body } = options;
  checkRowRemoval(user, body.equipment);
  return db.transaction(async (tx) => {
    if (!(await q.bumpVersion(tx, { id, version: body.version, scope, by: user.email }))) {
      if (!(await q.lockCertificate(tx, { id, scope }))) throw notFound('The certificate');
      throw conflict(m.certificateChanged);
    }
    await checkFields(tx, body, options);
    const { plan, known } = await planSave(tx, body, { ...options, certificateId: id });
    await q.updateCertificate(tx, id, { ...certificateValues(body), ...updatedBy(user) });
    await writeRows(tx, { certificateId: id, plan, known, body, by: user.email });
    return getCertificate(tx, { user, scope, id });
  });
}

/** DELETE /Certificates/{id}: its items stay, unlinked (with history rows); its file goes when nothing else uses it. */
export async function deleteCertificate(db: Database, options: Caller & { id: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const certificate = await q.lockCertificate(tx, options);
    if (!certificate) throw notFound('The certificate');
    await q.relinkItems(tx, { certificateId: options.id, moves: null, by: options.user.email, now: new Date() });
    await q.deleteCertificate(tx, options.id);
    if (certificate.fileId !== null) await deleteFileIfUnused(tx, certificate.fileId);
  });
}

const proposed = (stampedId: string, available: boolean, row: Partial<ProposedItem> = {}): ProposedItem => ({
  stampedId,
  available,
  length: row.length ?? null,
  comment: row.comment ?? null,
  parentStampedId: row.parentStampedId ?? null,
});

/** POST /Equipment: numberFrom..numberTo, each as wide as numberFrom ('001'..'020'), between prefix and postFix. */
export async function expandSeries(db: Executor, body: SeriesBody): Promise<SeriesResult> {
  const width = body.numberFrom.length;
  const stampedIds: string[] = [];
  for (let n = Number(body.numberFrom); n <= Number(body.numberTo); n++) {
    stampedIds.push(normalizeStampedId(`${body.prefix}${String(n).padStart(width, '0')}${body.postFix}`));
  }
  if (stampedIds.some((id) => id.length > STAMPED_ID_MAX)) throw badRequest('postFix', messages.maxLength('Stamped id', STAMPED_ID_MAX));
  // Every id of a series has the same letters: one refused id refuses the series.
  const problem = stampedIdProblem(stampedIds[0]);
  if (problem) throw badRequest('prefix', problem);
  const taken = await q.takenStampedIds(db, stampedIds);
  return { items: stampedIds.map((stampedId) => proposed(stampedId, !taken.has(stampedId))) };
}

/** POST /Import/CertificateEquipment: the errors per line, or the rows with their availability (one query for all). */
export async function checkImportFile(db: Executor, content: string): Promise<ImportResult> {
  const check = parseImportFile(content);
  if ('errors' in check) return check;
  const taken = await q.takenStampedIds(
    db,
    check.content.map((row) => row.stampedId),
  );
  return { content: check.content.map((row) => proposed(row.stampedId, !taken.has(row.stampedId), row)) };
}
