/** Event and equipment exports, Excel and PDF (docs/reports.md "Exports"). */
import { type EventExportOptions, evidenceMessages, formatNumber, isInternal } from '@portal/contract';
import type { FastifyReply } from 'fastify';
import type { OwnerScope } from '../../auth/scope.ts';
import type { AuthUser } from '../../auth/users.ts';
import { staffName } from '../../db/audit.ts';
import type { Executor } from '../../db/client.ts';
import { forEachBatch } from '../../db/cursor.ts';
import { issueEventReport, recordDocumentHash } from '../../db/issued-documents.ts';
import { sheetRows } from '../../db/read.ts';
import { signingCertificate } from '../../db/signing-certificates.ts';
import { dmy } from '../../http/dates.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { type ExcelColumn, excelFileName, sendWorkbook } from '../../http/excel.ts';
import { type MeasuredRow, measuredText } from './measured-text.ts';
import { startPdf } from './pdf-writer.ts';
import {
  type EventHeader,
  eventItemsQuery,
  selectEventHeader,
  selectEventTemplateVersions,
  selectItem,
  selectItemHistory,
  selectItemImages,
} from './queries.ts';
import { issuedSigning } from './signing.ts';

export interface Caller {
  user: AuthUser;
  scope: OwnerScope;
}

const col = (key: string, label: string, kind: ExcelColumn['kind'] = 'text', colorKey?: string): ExcelColumn => ({
  key,
  label,
  kind,
  colorKey,
});
/** The measured items' columns (issue 28 part 6): only in an event where some item has measurements. */
const measurementColumns = [col('measurements', 'Measurements'), col('proposed', 'Proposed'), col('verdictReason', 'Reason')];

/**
 * An export's items with their measurements as text, judged by the version each was recorded with
 * (docs/measurements.md "In the record"); `measured` says whether the event has any.
 */
async function measuredRows(db: Executor, eventId: number, { user, scope }: Caller) {
  const versions = await selectEventTemplateVersions(db, eventId, user, scope);
  const text = measuredText(versions);
  const withText = (row: Record<string, unknown>): Record<string, unknown> => ({
    ...row,
    measurements: text(row as unknown as MeasuredRow),
  });
  return { measured: versions.size > 0, withText };
}

const itemColumns = (trace: boolean, measured = false): ExcelColumn[] => [
  col('sequence', '#', 'number'),
  col('stampedId', 'Stamped id', 'stampedId'),
  col('type', 'Type'),
  col('subType', 'Sub-type'),
  col('dimension', 'Dim.'),
  col('length', 'Length', 'number'),
  col('status', 'Status', 'status', 'statusColor'),
  col('comment', 'Comment'),
  col('notification', 'Notification', 'boolean'),
  ...(trace
    ? [
        col('owner', 'Owner'),
        col('certificate', 'Certificate'),
        col('manufacturer', 'Manufacturer'),
        col('quality', 'Quality'),
        col('dateSigned', 'Signed', 'date'),
      ]
    : []),
  ...(measured ? measurementColumns : []),
];

/** Shares of the PDF page width: room for comments and stamped ids, little for the sequence. */
const PDF_WEIGHTS: Record<string, number> = { comment: 3, sequence: 0.5, stampedId: 2.5, status: 1.5, measurements: 4, verdictReason: 2.5 };

const eventFields = (event: EventHeader): [string, string | null][] => [
  ['Date', dmy(event.eventDate)],
  ['Type', event.eventType],
  ['Rig', event.rig],
  ['Project', event.project],
  ['Location', event.eventLocation],
  ['AHV', event.ahv],
  ['Document no', event.documentNo],
  ['Responsible', event.responsible],
  ['Company', event.company],
  ['Renewal', event.isRenewal ? 'Yes' : 'No'],
  ['Registered by', event.createdBy],
  ['Signed off by', event.signedOff],
  ['Comment', event.comment],
];

export async function eventOrMissing(db: Executor, id: number) {
  const event = await selectEventHeader(db, id);
  if (!event) throw notFound('The event');
  return event;
}
export const eventTitle = (event: EventHeader) => `Event ${event.id} ${event.eventType} ${event.rig} ${event.eventDate}`;

export async function sendEventExcel(db: Executor, { user, scope }: Caller, id: number, options: EventExportOptions, reply: FastifyReply) {
  const event = await eventOrMissing(db, id);
  return sendWorkbook(reply, excelFileName(eventTitle(event)), async (book) => {
    const heading = eventFields(event)
      .filter(([, value]) => value)
      .map(([label, value]) => `${label}: ${value}`);
    const { measured, withText } = await measuredRows(db, id, { user, scope });
    const sheet = book.sheet({ name: 'Event', heading: [eventTitle(event), ...heading], columns: itemColumns(options.trace, measured) });
    await forEachBatch(db, eventItemsQuery(id, user, scope), (rows) => sheet.addRows(rows.map(withText)));
  });
}

/**
 * The event as a PDF. A signed event's PDF is an issued document (issue 25 part 4): it carries its
 * number, its /Verify link and QR code, and its SHA-256 is recorded when the download ends whole.
 * An external user gets a signed event's report only, with their owners' items and no images or staff
 * names (issue 25 part 5, docs/security.md rule 1); refusals come before the first byte.
 */
export async function sendEventPdf(
  db: Executor,
  { user, scope, publicUrl }: Caller & { publicUrl: string },
  id: number,
  options: EventExportOptions,
  reply: FastifyReply,
) {
  const found = await eventOrMissing(db, id);
  const external = !isInternal(user);
  // One read, not a cursor: an event's items fit in memory, and the connection (the embedded
  // database's only one) is not held while the worker lays the pages out.
  const rows = await sheetRows(db, eventItemsQuery(id, user, scope));
  // An event without any of their items is none of an external user's business: as if missing, signed
  // or not (a 403 first would tell them that another owner's event id exists and is unsigned).
  if (external && rows.length === 0) throw notFound('The event');
  if (external && !found.signedOff) throw new AppError(403, evidenceMessages.notSigned);
  const { measured, withText } = await measuredRows(db, id, { user, scope });
  const event = { ...found, createdBy: staffName(found.createdBy, user) };
  const issued = await issueEventReport(db, { eventId: id, issuedBy: user.email, publicUrl });
  const certificate = issued && (await signingCertificate(db));
  const pdf = startPdf(
    reply,
    `${eventTitle(event)}.pdf`,
    options.orientation,
    `${event.eventType}, ${event.rig}, ${dmy(event.eventDate)}`,
    certificate ? issuedSigning(certificate, issued) : undefined,
  );
  if (issued) {
    pdf.sent.then(
      (sha256) => recordDocumentHash(db, issued.id, sha256),
      () => reply.log.warn({ document: issued.documentNumber }, 'an issued document was not sent whole: it stays unverifiable'),
    );
  }
  try {
    if (issued) pdf.verification(issued.documentNumber, issued.link);
    pdf.fields(eventFields(event));
    pdf.heading('Equipment');
    pdf.table(
      itemColumns(options.trace, measured)
        .filter((column) => column.key !== 'notification')
        .map((column) => ({
          key: column.key,
          label: column.label,
          weight: PDF_WEIGHTS[column.key] ?? 1.4,
          colorKey: column.colorKey,
          oneLine: column.kind === 'stampedId' || column.key === 'certificate',
          date: column.kind === 'date',
        })),
    );
    pdf.rows(rows.map(withText));
    // Item images are internal (docs/security.md rule 17): an external user's report has none.
    const withImages = options.hideImages || external ? [] : rows.filter((row) => Number(row.images) > 0);
    if (withImages.length > 0) {
      pdf.heading('Images');
      // One item's images at a time: the worker holds the rest of the document, not every image of it.
      for (const row of withImages) {
        for (const file of await selectItemImages(db, Number(row.itemId))) pdf.image(file.data, `${row.stampedId}: ${file.fileName}`);
      }
    }
    pdf.end();
  } catch (error) {
    pdf.fail(error as Error);
    reply.log.error({ err: error }, 'PDF export failed');
  }
  return reply;
}

// ---------------------------------------------------------------- one equipment item
const historyColumns: ExcelColumn[] = [
  col('eventDate', 'Event date', 'date'),
  col('eventType', 'Event type'),
  col('rig', 'Rig'),
  col('project', 'Project'),
  col('status', 'Status', 'status', 'statusColor'),
  col('comment', 'Comment'),
  col('signedOff', 'Signed off by'),
];

async function itemOrMissing(db: Executor, { user, scope }: Caller, stampedId: string) {
  const item = await selectItem(db, stampedId, user, scope);
  if (!item) throw notFound('The equipment');
  return { item, history: await selectItemHistory(db, item.id, scope) };
}

type Item = Awaited<ReturnType<typeof itemOrMissing>>['item'];
const itemFields = (item: Item): [string, string | null][] => [
  ['Stamped id', item.stampedId],
  ['Owner', item.owner],
  ['Type', item.type],
  ['Sub-type', item.subType],
  ['Dimension', item.dimension],
  ['Certificate', item.certificate ?? 'Unlinked'],
  ['Manufacturer', item.manufacturer],
  ['Quality', item.quality],
  ['Certified to', item.certifiedToCode],
  ['Signed', dmy(item.dateSigned)],
  ['Length', item.length === null ? null : formatNumber(item.length)],
  ['Active', item.hidden ? 'No' : 'Yes'],
  ['Latest status', item.status],
  ['Description', item.description],
  ['Comment', item.comment],
];

export async function sendEquipmentExcel(db: Executor, caller: Caller, stampedId: string, reply: FastifyReply) {
  const { item, history } = await itemOrMissing(db, caller, stampedId);
  return sendWorkbook(reply, excelFileName(item.stampedId), async (book) => {
    const heading = itemFields(item)
      .filter(([, value]) => value)
      .map(([label, value]) => `${label}: ${value}`);
    const sheet = book.sheet({ name: 'Event history', heading, columns: historyColumns });
    await sheet.addRows(history);
  });
}

export async function sendEquipmentPdf(db: Executor, caller: Caller, stampedId: string, reply: FastifyReply) {
  const { item, history } = await itemOrMissing(db, caller, stampedId);
  const pdf = startPdf(reply, `${item.stampedId}.pdf`, 'portrait', `Equipment ${item.stampedId}`);
  pdf.fields(itemFields(item));
  pdf.heading(`Event history (${history.length})`);
  pdf.table(
    historyColumns.map((column) => ({
      key: column.key,
      label: column.label,
      weight: column.key === 'comment' ? 3 : 1.3,
      colorKey: column.colorKey,
      date: column.kind === 'date',
    })),
  );
  pdf.rows(history);
  pdf.end();
  return reply;
}
