/**
 * Issuing documents (issue 25 part 4, docs/sign-off.md "Documents anyone can verify"): a signed event's
 * PDF gets a row with its code when its download starts and the SHA-256 of its bytes when it ends.
 * The exports issue them; GET /Verify/{code} (features/documents) checks them.
 */
import { randomBytes } from 'node:crypto';
import type { DocumentKind } from '@portal/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from './client.ts';
import { issuedDocuments } from './schema.ts';
import { selectSignOff } from './seals.ts';

/** What a document prints to be checked: its number, and the link (also its QR code) to /Verify/{code}. */
export interface IssuedDocument {
  id: number;
  documentNumber: string;
  link: string;
}

const PREFIX: Record<DocumentKind, string> = { eventReport: 'IR', itemEvidence: 'IE', surveyPack: 'SP' };

/** 'IR-2026-000042' (an item's evidence: 'IE-...'): the kind, the year of issue and the row's number. */
export const documentNumber = (kind: DocumentKind, id: number, issuedAt: Date) =>
  `${PREFIX[kind]}-${issuedAt.getUTCFullYear()}-${String(id).padStart(6, '0')}`;

/** Adds an issued document's row with a fresh code (128 random bits), and answers what it prints. */
async function issue(
  db: Executor,
  publicUrl: string,
  values: Omit<typeof issuedDocuments.$inferInsert, 'code' | 'id' | 'issuedAt' | 'sha256'>,
): Promise<IssuedDocument> {
  const code = randomBytes(16).toString('base64url');
  const [row] = await db
    .insert(issuedDocuments)
    .values({ ...values, code })
    .returning({ id: issuedDocuments.id, issuedAt: issuedDocuments.issuedAt });
  return { id: row.id, documentNumber: documentNumber(values.kind, row.id, row.issuedAt), link: `${publicUrl}/Verify/${code}` };
}

/** Issues the inspection report of a signed event; null for an event not signed off (its PDF is no issued document). */
export async function issueEventReport(
  db: Executor,
  options: { eventId: number; issuedBy: string; publicUrl: string },
): Promise<IssuedDocument | null> {
  const signOff = await selectSignOff(db, options.eventId);
  if (!signOff) return null;
  return issue(db, options.publicUrl, {
    kind: 'eventReport',
    eventId: options.eventId,
    signedBy: `${signOff.signedBy}, ${signOff.company}`,
    issuedBy: options.issuedBy,
  });
}

/** What an item's evidence prints as signed by when it lists no signed event. */
export const NO_SIGN_OFF = 'No event signed off';

/**
 * Issues an item's evidence (issue 25 part 5): `eventIds` are the signed events it lists, whose seals
 * make it valid; `signers` their inspectors ('name, company'), each once, in the order printed.
 */
export async function issueItemEvidence(
  db: Executor,
  options: { equipmentId: number; eventIds: number[]; signers: string[]; issuedBy: string; publicUrl: string },
): Promise<IssuedDocument> {
  return issue(db, options.publicUrl, {
    kind: 'itemEvidence',
    equipmentId: options.equipmentId,
    eventIds: options.eventIds,
    signedBy: signersText(options.signers),
    issuedBy: options.issuedBy,
  });
}

/** Prints a list of inspectors: a few by name, then how many more (a survey pack may list dozens). */
export function signersText(signers: string[], shown = 5): string {
  if (signers.length === 0) return NO_SIGN_OFF;
  const more = signers.length - shown;
  return more > 0 ? `${signers.slice(0, shown).join('; ')}; and ${more} more` : signers.join('; ');
}

/** Issues an owner's survey pack for one rig (issue 25 part 5): valid while the signed events of its items' last inspections keep their seals. */
export async function issueSurveyPack(
  db: Executor,
  options: { ownerId: number; rigId: number; eventIds: number[]; signers: string[]; issuedBy: string; publicUrl: string },
): Promise<IssuedDocument> {
  return issue(db, options.publicUrl, {
    kind: 'surveyPack',
    ownerId: options.ownerId,
    rigId: options.rigId,
    eventIds: options.eventIds,
    signedBy: signersText(options.signers),
    issuedBy: options.issuedBy,
  });
}

/** The SHA-256 of the file as sent, once: set when its download ended whole. */
export async function recordDocumentHash(db: Executor, id: number, sha256: string): Promise<void> {
  await db
    .update(issuedDocuments)
    .set({ sha256 })
    .where(and(eq(issuedDocuments.id, id), isNull(issuedDocuments.sha256)));
}
