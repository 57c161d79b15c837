/**
 * Demo data: the scanned certificate of most certificates of owners 1 and 83 (issue 25 part 5), so that
 * their external users have certificate PDFs to download. Each is written with the exports' PDF
 * tooling (features/exports/pdf.ts, in this thread: about 4 ms a certificate) from the certificate's
 * own facts and items. One in five is left without a file, as in real life some are still missing.
 */
import type { Tx } from '../db/client.ts';
import * as s from '../db/schema.ts';
import { fields, newPdf, table } from '../features/exports/pdf.ts';
import { sha256 } from './demo-pdf.ts';
import { chunked } from './demo-random.ts';

/** The owners whose certificates get their file: the spec's two report owners. */
export const OWNERS_WITH_CERTIFICATE_FILES: readonly number[] = [1, 83];

export interface CertificateFacts {
  certificateNumber: string;
  owner: string;
  type: string;
  subType: string;
  dimension: string;
  manufacturer: string;
  quality: string | null;
  certifiedToCode: string | null;
  dateSigned: string;
  issuedBy: string | null;
  otherInformation: string | null;
  items: { stampedId: string; description: string; length: number | null }[];
}

/** The certificate as its maker would issue it: the facts, then the items it covers. */
export async function certificatePdf(facts: CertificateFacts): Promise<Buffer> {
  const doc = newPdf('portrait', `Certificate ${facts.certificateNumber}`);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  doc.font('Helvetica').fontSize(10).text('Inspection certificate 3.1 (EN 10204)').moveDown(0.5).fontSize(9);
  const [year, month, day] = facts.dateSigned.split('-');
  fields(doc, [
    ['Certificate', facts.certificateNumber],
    ['Purchaser', facts.owner],
    ['Manufacturer', facts.manufacturer],
    ['Product', `${facts.type}, ${facts.subType}, ${facts.dimension}`],
    ['Grade', facts.quality],
    ['Certified to', facts.certifiedToCode],
    ['Signed', `${day}.${month}.${year}`],
    ['Surveyor', facts.issuedBy],
    ['Information', facts.otherInformation],
    ['Items', String(facts.items.length)],
  ]);
  const addRow = table(doc, [
    { key: 'stampedId', label: 'Stamped id', weight: 2, oneLine: true },
    { key: 'description', label: 'Description', weight: 4 },
    { key: 'length', label: 'Length (m)', weight: 1 },
  ]);
  for (const item of facts.items) addRow(item);
  doc
    .moveDown(1)
    .fontSize(8)
    .fillColor('#555')
    .text('Demo data of the rigging equipment portal: the facts above are those the portal holds for this certificate.');
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

/** Writes each certificate's PDF as a file and returns the file ids by certificate number. */
export async function insertCertificateFiles(
  tx: Tx,
  certificates: CertificateFacts[],
  audit: (number: string) => { createdAt: Date; createdBy: string },
): Promise<Map<string, number>> {
  const fileIds = new Map<string, number>();
  for (const batch of chunked(certificates, 50)) {
    const rows = await Promise.all(
      batch.map(async (facts) => {
        const data = await certificatePdf(facts);
        const { createdAt, createdBy } = audit(facts.certificateNumber);
        return {
          fileName: `${facts.certificateNumber}.pdf`,
          contentType: 'application/pdf',
          size: data.length,
          sha256: sha256(data),
          data,
          createdAt,
          createdBy,
          updatedAt: createdAt,
          updatedBy: createdBy,
        };
      }),
    );
    const inserted = await tx.insert(s.files).values(rows).returning({ id: s.files.id, fileName: s.files.fileName });
    for (const file of inserted) fileIds.set(file.fileName.replace(/\.pdf$/, ''), file.id);
  }
  return fileIds;
}
