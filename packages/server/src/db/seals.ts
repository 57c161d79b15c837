/** Reads of the seals (issue 25, decision 075) that several features show: who signed an event off and when, and whether its seal holds. */
import type { EventSeal, SignOff } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from './client.ts';
import { defineRead, int, isoUtc, json, type RowOf, readRow, text } from './read.ts';
import { type AmendedValues, type SealSigner, type SealSnapshot, sealHash, sealSigner } from './seal-hash.ts';

/** The columns of a row of event_seals as the reads below and the chain walk (verify-seals.ts) take it. */
export const sealColumns = () => ({
  id: int(sql`id`),
  eventId: int(sql`event_id`),
  kind: text(sql`kind`),
  formVersion: int(sql`form_version`),
  snapshot: json<SealSnapshot>(sql`snapshot`),
  previousHash: text.orNull(sql`previous_hash`),
  hash: text(sql`hash`),
  userEmail: text(sql`user_email`),
  /** Null on an amendment. */
  inspector: text.orNull(sql`inspector`),
  qualification: text.orNull(sql`qualification`),
  company: text.orNull(sql`company`),
  eventItemId: int.orNull(sql`event_item_id`),
  reason: text.orNull(sql`reason`),
  before: json.orNull<AmendedValues>(sql`before`),
  after: json.orNull<AmendedValues>(sql`after`),
  signedAt: isoUtc(sql`signed_at`),
});
export type SealRow = RowOf<ReturnType<typeof sealColumns>>;

/** A sign-off seal's signer: a sign-off has its inspector, qualification and company (only an amendment has none). */
export const signerOf = (seal: SealRow) => sealSigner(seal as SealSigner);

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
  const read = defineRead('seals.seal', () => ({
    columns: sealColumns(),
    from: sql`from event_seals where event_id = ${sql.placeholder('eventId')} and kind = 'signOff'`,
  }));
  const seal = await readRow(db, read, { eventId: id });
  if (!seal) return null;
  const { inspector, qualification, company, signedAt } = signerOf(seal);
  const now = await sealHash(db, {
    eventId: id,
    kind: seal.kind,
    formVersion: seal.formVersion,
    snapshot: seal.snapshot,
    signer: signerOf(seal),
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
