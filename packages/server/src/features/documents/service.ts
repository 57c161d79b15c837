/** GET /Verify/{code} (issue 25 part 4): an issued document checked by its code, without sign-in. */
import { type DocumentCheck, documentMessages as m } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { documentNumber } from '../../db/issued-documents.ts';
import { issuedDocuments } from '../../db/schema.ts';
import { selectSeal } from '../../db/seals.ts';
import { AppError } from '../../http/errors.ts';

/**
 * GET /Verify/{code}: the document's facts, `valid` when its download ended whole and the seals of the
 * events it records (an event's report: its event; an item's evidence: each signed event it lists)
 * still match their rows. Unknown codes count towards the address's limit (`unknownCodes`).
 */
export async function checkDocument(db: Executor, code: string, unknownCodes: UnknownCodes, ip: string): Promise<DocumentCheck> {
  if (unknownCodes.blocked(ip)) throw new AppError(429, m.tooMany, undefined, { 'retry-after': '60' });
  const [row] = await db.select().from(issuedDocuments).where(eq(issuedDocuments.code, code));
  if (!row) {
    unknownCodes.count(ip);
    throw new AppError(404, m.notFound);
  }
  // An event's report holds while its seal does; an item's evidence while every signed event it lists does.
  const eventIds = row.kind === 'eventReport' ? [row.eventId as number] : (row.eventIds ?? []);
  let sealsHold = true;
  for (const eventId of eventIds) {
    if ((await selectSeal(db, eventId))?.valid !== true) {
      sealsHold = false;
      break;
    }
  }
  return {
    kind: row.kind,
    documentNumber: documentNumber(row.kind, row.id, row.issuedAt),
    issuedAt: row.issuedAt.toISOString(),
    signedBy: row.signedBy,
    sha256: row.sha256,
    valid: row.sha256 !== null && sealsHold,
  };
}

/** Unknown codes per address in the current minute (in memory: one process; bounded). */
export class UnknownCodes {
  private readonly counts = new Map<string, { minute: number; n: number }>();
  private readonly perMinute: number;
  private readonly now: () => number;
  constructor(perMinute: number, now: () => number = Date.now) {
    this.perMinute = perMinute;
    this.now = now;
  }

  private entry(ip: string) {
    const minute = Math.floor(this.now() / 60_000);
    const entry = this.counts.get(ip);
    return entry && entry.minute === minute ? entry : { minute, n: 0 };
  }

  blocked(ip: string): boolean {
    return this.entry(ip).n >= this.perMinute;
  }

  count(ip: string): void {
    const entry = this.entry(ip);
    if (this.counts.size >= 50_000 && !this.counts.has(ip)) this.counts.delete(this.counts.keys().next().value as string);
    this.counts.set(ip, { minute: entry.minute, n: entry.n + 1 });
  }
}
