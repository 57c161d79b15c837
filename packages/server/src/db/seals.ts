/** Reads of the seals (issue 25, decision 075) that several features show: who signed an event off and when, and whether its seal holds. */
import type { EventSeal, SignOff } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from './client.ts';
import { defineRead, isoUtc, readRow, text } from './read.ts';
import { type AmendedValues, type SealSnapshot, sealHash, sealSigner } from './seal-hash.ts';

/** A row of event_seals as the reads below and the chain walk (verify-seals.ts) take it. */
export type SealRow = {
  id: number;
  eventId: number;
  kind: string;
  formVersion: number;
  snapshot: SealSnapshot;
  previousHash: string | null;
  hash: string;
  userEmail: string;
  inspector: string;
  qualification: string;
  company: string;
  eventItemId: number | null;
  reason: string | null;
  before: AmendedValues | null;
  after: AmendedValues | null;
  signedAt: string;
};

/** The columns of a SealRow, from event_seals. */
export const sealColumns = sql`id::int, event_id as "eventId", kind, form_version as "formVersion", snapshot,
  previous_hash as "previousHash", hash, user_email as "userEmail", inspector, qualification, company,
  event_item_id::int as "eventItemId", reason, before, after, ${isoUtc(sql`signed_at`)} as "signedAt"`;

/** The sign-off of an event, or null: what every read of a signed event shows. */
export async function selectSignOff(db: Executor, eventId: number): Promise<SignOff | null> {
  const read = defineRead('seals.signOff', () => ({
    columns: {
      signedBy: text(sql`inspector`),
      qualification: text(sql`qualification`),
      company: text(sql`company`),
      signedAt: isoUtc(sql`signed_at`),
    },
    from: sql`from event_seals where event_id = ${sql.placeholder('eventId')} and kind = 'signOff'`,
  }));
  const signOff: SignOff | undefined = await readRow(db, read, { eventId });
  return signOff ?? null;
}

/** An event's seal: the stored hash, and whether the rows as they are now still give it; null for an event not signed off. */
export async function selectSeal(db: Executor, id: number): Promise<EventSeal | null> {
  const { rows } = await db.execute<SealRow>(sql`select ${sealColumns} from event_seals where event_id = ${id} and kind = 'signOff'`);
  const seal = rows[0];
  if (!seal) return null;
  const { inspector, qualification, company, signedAt } = seal;
  const now = await sealHash(db, {
    eventId: id,
    kind: seal.kind,
    formVersion: seal.formVersion,
    snapshot: seal.snapshot,
    signer: sealSigner(seal),
    previousHash: seal.previousHash,
  });
  return {
    eventId: id,
    signedBy: inspector,
    qualification,
    company,
    signedAt,
    hash: seal.hash,
    previousHash: seal.previousHash,
    valid: now === seal.hash,
  };
}
