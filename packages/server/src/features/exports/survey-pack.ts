/**
 * An owner's survey pack for one rig (issue 25 part 5, docs/reports.md "The owner's evidence"): one
 * dated, verifiable PDF of the owner's active items whose latest event was on that rig (as the Due
 * view's rig). A cover (owner, rig, date, document number, QR code), the owner's mooring spreads on
 * that rig with each leg's items and their due lights, then each item's certificate facts, last
 * inspection (result, date, who signed it off, its measurements) and due date. The items are read through a cursor in
 * batches and handed to the PDF worker as they come, so a pack of thousands of items is never in
 * memory whole. An issued document: valid while the signed events of its last inspections keep their seals.
 */

import { PassThrough } from 'node:stream';
import { dueLight, evidenceMessages, type MooringSpread, reportMessages, wearWords } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { OwnerScope } from '../../auth/scope.ts';
import type { AuthUser } from '../../auth/users.ts';
import type { Executor } from '../../db/client.ts';
import { forEachBatch } from '../../db/cursor.ts';
import { dueToday, dueWarningDays } from '../../db/due-clock.ts';
import { type IssuedDocument, issueSurveyPack, recordDocumentHash } from '../../db/issued-documents.ts';
import { bytes, readRows, renderRead } from '../../db/read.ts';
import { coversOwner } from '../../db/scope.ts';
import { signingCertificate } from '../../db/signing-certificates.ts';
import { dmy } from '../../http/dates.ts';
import { contentDisposition } from '../../http/downloads.ts';
import { AppError } from '../../http/errors.ts';
import { ZipWriter } from '../../http/zip.ts';
import { measuredText } from './measured-text.ts';
import { type PdfWriter, startPdf, startPdfStream } from './pdf-writer.ts';
import { issuedSigning, type Signing } from './signing.ts';
import {
  type PackRow,
  packRows,
  selectPackFiles,
  selectPackHead,
  selectTemplateVersions,
  spreadItems,
  spreadsOn,
} from './survey-pack-queries.ts';

interface Caller {
  user: AuthUser;
  scope: OwnerScope;
  publicUrl: string;
}

const LIGHT_FILL: Record<string, string> = { red: 'danger', yellow: 'warning', green: 'success' };
const LIGHT_TEXT: Record<string, string> = { red: 'Red', yellow: 'Yellow', green: 'Green' };

/** The light of a due date today, as the Due view shows it; none without a due date. */
const lightOf = (dueDate: string | null, condemned: boolean | null, today: string, warningDays: number) =>
  dueDate ? dueLight(dueDate, today, warningDays, condemned === true) : null;

interface PackContext {
  ownerId: number;
  scope: OwnerScope;
  rigId: number;
  head: { owner: string; rig: string; items: number; eventIds: number[] };
  spreads: MooringSpread[];
  found: Awaited<ReturnType<typeof spreadItems>>;
  versions: Awaited<ReturnType<typeof selectTemplateVersions>>;
  today: string;
  warningDays: number;
  issued: IssuedDocument;
}

/** The pack's pages: cover, spreads, then the items read through a cursor in batches of 500. */
async function drawPack(
  db: Executor,
  pdf: PdfWriter,
  { ownerId, scope, rigId, head, spreads, found, versions, today, warningDays, issued }: PackContext,
) {
  pdf.verification(issued.documentNumber, issued.link);
  pdf.fields([
    ['Owner', head.owner],
    ['Rig', head.rig],
    ['Date', dmy(today)],
    ['Items', String(head.items)],
    ['Signed-off events of the last inspections', String(head.eventIds.length)],
    ['Due lights', `red: overdue or condemned; yellow: due within ${warningDays} days; green: due later`],
    [
      'Holds',
      `The owner's active items whose latest event was on this rig, with their certificate, last inspection and due date, on ${dmy(today)}`,
    ],
  ]);
  for (const spread of spreads) {
    pdf.heading(`Mooring spread ${spread.rig}: ${spread.legs.length} ${spread.legs.length === 1 ? 'leg' : 'legs'}`);
    pdf.table([
      { key: 'leg', label: 'Leg', weight: 1 },
      { key: 'position', label: 'From anchor', weight: 0.7 },
      { key: 'stampedId', label: 'Stamped id', weight: 2, oneLine: true },
      { key: 'status', label: 'Latest status', weight: 1.4, colorKey: 'color' },
      { key: 'dueDate', label: 'Due', weight: 1, date: true },
      { key: 'light', label: 'Light', weight: 0.8, colorKey: 'lightColor' },
    ]);
    pdf.rows(
      spread.legs.flatMap((leg) =>
        leg.stampedIds.map((stampedId, i) => {
          const item = found.get(stampedId.toLowerCase());
          const light = item ? lightOf(item.dueDate, item.condemned, today, warningDays) : null;
          return {
            leg: leg.name,
            position: i + 1,
            stampedId,
            status: item ? (item.status ?? 'Never inspected') : 'Not found',
            color: item?.color ?? null,
            dueDate: item?.dueDate ?? null,
            light: light ? LIGHT_TEXT[light] : '',
            lightColor: light ? LIGHT_FILL[light] : null,
          };
        }),
      ),
    );
  }
  pdf.heading(`Equipment (${head.items})`);
  pdf.table([
    { key: 'stampedId', label: 'Stamped id', weight: 2, oneLine: true },
    { key: 'type', label: 'Type', weight: 2 },
    { key: 'certificate', label: 'Certificate', weight: 1.6, oneLine: true },
    { key: 'manufacturer', label: 'Manufacturer', weight: 1.4 },
    { key: 'quality', label: 'Quality', weight: 0.7 },
    { key: 'dateSigned', label: 'Signed', weight: 1, date: true },
    { key: 'inspected', label: 'Last inspection', weight: 1, date: true },
    { key: 'result', label: 'Result', weight: 1.1, colorKey: 'resultColor' },
    { key: 'signedBy', label: 'Signed off by', weight: 2.2 },
    // Only where some last inspection was measured (issue 28 part 6), as in the event's record.
    ...(versions.size > 0
      ? [
          { key: 'measured', label: 'Last measurements', weight: 3 },
          { key: 'wear', label: 'Wear trend', weight: 2.4 },
        ]
      : []),
    { key: 'dueDate', label: 'Due', weight: 1, date: true },
    { key: 'light', label: 'Light', weight: 0.8, colorKey: 'lightColor' },
  ]);
  const text = measuredText(versions);
  // Batches of 500 through a cursor, each handed to the worker as it comes: bounded memory.
  await forEachBatch<PackRow>(
    db,
    packRows(ownerId, rigId, scope),
    (rows) =>
      pdf.rows(
        rows.map((row) => {
          const light = lightOf(row.dueDate, row.condemned, today, warningDays);
          return {
            ...row,
            result: row.result ?? 'Never inspected',
            signedBy: row.result ? (row.signedBy ?? 'Not signed off') : '',
            measured: text(row) ?? '',
            wear: row.ratePerYear === null ? '' : wearWords(row, dmy),
            light: light ? LIGHT_TEXT[light] : '',
            lightColor: light ? LIGHT_FILL[light] : null,
          };
        }),
      ),
    500,
  );
}

/**
 * The pack as a ZIP: the issued PDF (its SHA-256 is the PDF's, as /Verify shows it), then the PDF of
 * each certificate of its items that has one, read one at a time, so memory stays bounded.
 */
async function sendPackZip(
  db: Executor,
  reply: FastifyReply,
  pack: {
    title: string;
    heading: string;
    ownerId: number;
    rigId: number;
    signing: Signing | undefined;
    draw: (pdf: PdfWriter) => Promise<void>;
    record: (pdf: PdfWriter) => void;
  },
) {
  const stream = new PassThrough();
  const zip = new ZipWriter(stream);
  reply
    .header('content-type', 'application/zip')
    .header('content-disposition', contentDisposition(`${pack.title}.zip`))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store');
  reply.send(stream);
  const pdf = startPdfStream('landscape', pack.heading, pack.signing);
  pack.record(pdf);
  try {
    const entry = zip.entry(`${pack.title}.pdf`);
    const copied = (async () => {
      for await (const chunk of pdf.output) await entry.write(chunk as Buffer);
      await entry.end();
    })();
    await pack.draw(pdf);
    pdf.end();
    await copied;
    const files = await selectPackFiles(db, pack.ownerId, pack.rigId);
    const names = new Set<string>();
    for (const file of files) {
      const [{ data }] = await readRows(
        db,
        renderRead('surveyPack.file', { columns: { data: bytes(sql`data`) }, from: sql`from files where id = ${file.id}` }),
      );
      // One certificate number a file (numbers hold no control characters: docs/security.md rule 8); slashes and the like made safe.
      let name = `Certificates/${file.number.replace(/[\\/:*?"<>|]/g, '_')}.pdf`;
      while (names.has(name)) name = name.replace(/\.pdf$/, '-2.pdf');
      names.add(name);
      const part = zip.entry(name);
      await part.write(data);
      await part.end();
    }
    zip.finish();
  } catch (error) {
    pdf.fail(error as Error);
    stream.destroy(error as Error);
    reply.log.error({ err: error }, 'survey pack ZIP failed');
  }
  return reply;
}

/** GET /Export/SurveyPack?owner=&rig=: refusals before the first byte, then the issued PDF, streamed. */
export async function sendSurveyPack(
  db: Executor,
  { user, scope, publicUrl }: Caller,
  { owner: ownerId, rig: rigId, format }: { owner: number; rig: number; format: 'pdf' | 'zip' },
  reply: FastifyReply,
) {
  // As every report's ?owner= (docs/security.md rule 4): an owner outside the caller's scope is 403, existing or not.
  if (!coversOwner(scope, ownerId)) throw new AppError(403, reportMessages.ownerDenied);
  const head = await selectPackHead(db, ownerId, rigId);
  if (!head?.owner || !head.rig || head.items === 0) throw new AppError(404, evidenceMessages.noPackItems);
  const today = dueToday();
  const warningDays = dueWarningDays();
  const spreads = await spreadsOn(db, ownerId, head.rig);
  const versions = await selectTemplateVersions(db, head.versionIds);
  const found = await spreadItems(
    db,
    ownerId,
    spreads.flatMap((spread) => spread.legs.flatMap((leg) => leg.stampedIds)),
  );

  const issued = await issueSurveyPack(db, {
    ownerId,
    rigId,
    eventIds: head.eventIds,
    signers: head.signers,
    issuedBy: user.email,
    publicUrl,
  });
  const certificate = await signingCertificate(db);
  // Signed as every issued PDF (decision 076): the worker lays the pack out whole before its bytes go.
  const signing = certificate ? issuedSigning(certificate, issued) : undefined;
  const title = `Survey pack ${head.owner} ${head.rig} ${today}`;
  const heading = `Survey pack: ${head.owner}, ${head.rig}`;
  const draw = (pdf: PdfWriter) =>
    drawPack(db, pdf, {
      ownerId,
      scope,
      rigId,
      head: { ...head, owner: head.owner as string, rig: head.rig as string },
      spreads,
      found,
      versions,
      today,
      warningDays,
      issued,
    });
  const record = (pdf: PdfWriter) =>
    pdf.sent.then(
      (sha256) => recordDocumentHash(db, issued.id, sha256),
      () => reply.log.warn({ document: issued.documentNumber }, 'an issued document was not sent whole: it stays unverifiable'),
    );
  if (format === 'zip') return sendPackZip(db, reply, { title, heading, ownerId, rigId, signing, draw, record });
  const pdf = startPdf(reply, `${title}.pdf`, 'landscape', heading, signing);
  record(pdf);
  try {
    await draw(pdf);
    pdf.end();
  } catch (error) {
    pdf.fail(error as Error);
    reply.log.error({ err: error }, 'survey pack failed');
  }
  return reply;
}
