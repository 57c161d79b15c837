/**
 * Demo data, part 4: two batch certificates of the kind a pool of spares arrives with, one of
 * several hundred items (the certificate pages must stay quick with many rows) and one above a
 * page of rows for the report user's owner. Loaded last with its own seed, so the rest of the demo
 * data stays exactly as it was.
 */
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import * as s from '../db/schema.ts';
import { dimName, GRADE_FACTOR, subTypeByName } from './demo-catalogue-data.ts';
import { sha256, textPdf } from './demo-pdf.ts';
import { addDays, chunked, createRng, daysBefore, isoDate, notAfter } from './demo-random.ts';

interface Batch {
  ownerId: number;
  shortCode: string;
  subType: string;
  dim: number;
  count: number;
  certificateNumber: string;
  manufacturer: string;
  certifiedToCode: string;
  issuedBy: string;
  signedDaysAgo: number;
  note: (mbl: number) => string;
  /** The scanned certificate is attached as a PDF. */
  withPdf?: boolean;
}

const BATCHES: Batch[] = [
  {
    ownerId: 1,
    shortCode: 'NSD',
    subType: 'Kenter R4',
    dim: 84,
    count: 320,
    certificateNumber: 'LC-2022-BATCH-0417',
    manufacturer: 'Linkwell Connectors',
    certifiedToCode: 'DNV-OS-E302',
    issuedBy: 'DNV',
    signedDaysAgo: 3 * 365 + 40,
    note: (mbl) => `Batch certificate, heat lots 22-117 to 22-121. MBL ${mbl.toLocaleString('en-US')} kN; MPI on delivery, proof loaded`,
    withPdf: true,
  },
  {
    ownerId: 83,
    shortCode: 'AMP',
    subType: 'D-shackle',
    dim: 114,
    count: 140,
    certificateNumber: 'GL-2023-BATCH-0088',
    manufacturer: 'Grønnes Lifting',
    certifiedToCode: 'ISO 19901-7',
    issuedBy: 'Bureau Veritas',
    signedDaysAgo: 2 * 365 + 75,
    note: () => 'Batch certificate, one heat lot; proof loaded and MPI per batch sample',
  },
];

const BATCH_COMMENTS = ['Stored at Kristiansund base, rack C2', 'Stored at Kristiansund base, rack C3', 'Issued to rig, pending return'];

export async function loadBatchCertificates(tx: Tx, now: Date): Promise<void> {
  const rng = createRng(20261207);
  for (const batch of BATCHES) {
    const sub = subTypeByName.get(batch.subType)!;
    const [node] = await tx
      .select({ typeId: s.certificateTypes.id, subTypeId: s.certificateSubTypes.id, dimensionId: s.dimensions.id })
      .from(s.certificateTypes)
      .innerJoin(s.certificateSubTypes, eq(s.certificateSubTypes.certificateTypeId, s.certificateTypes.id))
      .innerJoin(s.dimensions, eq(s.dimensions.subTypeId, s.certificateSubTypes.id))
      .where(
        and(
          eq(s.certificateTypes.ownerId, batch.ownerId),
          eq(s.certificateSubTypes.name, sub.subType),
          eq(s.dimensions.name, dimName(sub, batch.dim)),
        ),
      );
    if (!node) throw new Error(`Demo batch: no catalogue node ${batch.subType} ${batch.dim} for owner ${batch.ownerId}`);
    const signed = daysBefore(now, batch.signedDaysAgo);
    const createdAt = notAfter(addDays(signed, 12), now);
    const audit = { createdAt, createdBy: 'certificates@demo.example', updatedAt: createdAt, updatedBy: 'certificates@demo.example' };
    const factor = GRADE_FACTOR[sub.grade] ?? 0;
    const mbl = Math.round(factor * batch.dim * batch.dim * (44 - 0.08 * batch.dim));
    const fileId = batch.withPdf ? await insertPdf(tx, batch, sub.subType, isoDate(signed), audit) : null;
    const [certificate] = await tx
      .insert(s.certificates)
      .values({
        ownerId: batch.ownerId,
        ...node,
        certificateNumber: batch.certificateNumber,
        manufacturer: batch.manufacturer,
        quality: sub.grade,
        certifiedToCode: batch.certifiedToCode,
        dateSigned: isoDate(signed),
        certificateIssuedBy: batch.issuedBy,
        otherInformation: batch.note(mbl),
        fileId,
        ...audit,
      })
      .returning({ id: s.certificates.id });

    const base = `${batch.shortCode}-${sub.prefix}-${String(batch.dim).padStart(3, '0')}`;
    const items = Array.from({ length: batch.count }, (_, i) => {
      const hidden = rng.chance(0.03);
      const comment = hidden ? 'Scrapped: pin seized, lead plug missing' : rng.chance(0.05) ? rng.pick(BATCH_COMMENTS) : null;
      return { stampedId: `${base}-${5001 + i}`, hidden, comment };
    });
    for (const rows of chunked(items, 500)) {
      const inserted = await tx
        .insert(s.equipment)
        .values(
          rows.map((item) => ({
            ...item,
            certificateId: certificate.id,
            description: `Spare ${sub.subType.toLowerCase()}, ${dimName(sub, batch.dim)}`,
            ...audit,
          })),
        )
        .returning({ id: s.equipment.id, stampedId: s.equipment.stampedId, hidden: s.equipment.hidden, comment: s.equipment.comment });
      await tx.insert(s.equipmentHistory).values(
        inserted.map((item) => ({
          equipmentId: item.id,
          stampedId: item.stampedId,
          certificateId: certificate.id,
          length: null,
          hidden: item.hidden,
          comment: item.comment,
          changedAt: createdAt,
          changedBy: 'certificates@demo.example',
        })),
      );
    }
  }
}

async function insertPdf(tx: Tx, batch: Batch, subType: string, signed: string, audit: { createdAt: Date; createdBy: string }) {
  const data = textPdf([
    `Inspection certificate 3.1 - ${batch.certificateNumber}`,
    `Manufacturer: ${batch.manufacturer}`,
    `Product: ${batch.count} x ${subType}, ${batch.dim} mm`,
    `Certified to: ${batch.certifiedToCode}`,
    `Signed: ${signed}, ${batch.issuedBy}`,
    'Demo document: not a real certificate.',
  ]);
  const [file] = await tx
    .insert(s.files)
    .values({
      fileName: `${batch.certificateNumber}.pdf`,
      contentType: 'application/pdf',
      size: data.length,
      sha256: sha256(data),
      data,
      ...audit,
      updatedAt: audit.createdAt,
      updatedBy: audit.createdBy,
    })
    .returning({ id: s.files.id });
  return file.id;
}
