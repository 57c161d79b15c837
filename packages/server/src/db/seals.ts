/** Reads of the seals (issue 25, decision 075) that several features show: who signed an event off and when. */
import type { SignOff } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { isoUtc } from './array-rows.ts';
import type { Executor } from './client.ts';

/** The sign-off of an event, or null: what every read of a signed event shows. */
export async function selectSignOff(db: Executor, eventId: number): Promise<SignOff | null> {
  const { rows } = await db.execute<SignOff>(sql`
    select inspector as "signedBy", qualification, company, ${isoUtc(sql`signed_at`)} as "signedAt"
    from event_seals where event_id = ${eventId} and kind = 'signOff'`);
  return rows[0] ?? null;
}
