/**
 * Sign-off (issue 25, docs/sign-off.md, decision 075): one transaction that locks the event, checks the
 * session, the items and the caller's owners, and inserts the seal with its place in the hash chain.
 * From then on the triggers of db/derived/seals.sql refuse every write to the event (the 409 of
 * `signOffMessages.sealed`). GET /Events/{id}/Seal recomputes the hash from the rows as they are now.
 */
import { type EventSeal, signOffMessages as m, type SignOffBody } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { OwnerScope } from '../../auth/scope.ts';
import type { AuthUser } from '../../auth/users.ts';
import type { Database, Executor } from '../../db/client.ts';
import { itemInScope } from '../../db/equipment-scope.ts';
import { bool, int, readRow, readRows, renderRead, run, text } from '../../db/read.ts';
import { chainEnd, readSnapshot, SEAL_FORM_VERSION, sealHash } from '../../db/seal-hash.ts';
import { selectSeal } from '../../db/seals.ts';
import { reasonNeeded } from '../../db/verdicts.ts';
import { AppError, conflict, notFound } from '../../http/errors.ts';

/** A chip sign-in carries a level cap on its session (decision 036): a borrowed chip must not sign. */
export async function signedInWithChip(db: Executor, sessionId: number): Promise<boolean> {
  const read = renderRead('signOff.chipSession', {
    columns: { chip: bool(sql`max_level is not null`) },
    from: sql`from sessions where id = ${sessionId}`,
  });
  return (await readRow(db, read))?.chip ?? true;
}

/** POST /Events/{id}/SignOff. */
export async function signOffEvent(
  db: Database,
  id: number,
  body: SignOffBody,
  { user, scope }: { user: AuthUser; scope: OwnerScope },
): Promise<EventSeal> {
  if (await signedInWithChip(db, user.sessionId)) throw new AppError(403, m.chipSession);
  return db.transaction(async (tx) => {
    const found = await readRow(
      tx,
      renderRead('signOff.lockEvent', { columns: { id: int(sql`id`) }, from: sql`from events where id = ${id} for update` }),
    );
    if (!found) throw notFound('The event');
    const signed = await readRow(
      tx,
      renderRead('signOff.signed', {
        columns: { id: int(sql`event_id`) },
        from: sql`from event_seals where event_id = ${id} and kind = 'signOff'`,
      }),
    );
    if (signed) throw conflict(m.alreadySigned);
    const counts = renderRead('signOff.counts', {
      columns: {
        total: int(sql`count(*)`),
        unset: int(sql`count(*) filter (where ei.status_id is null)`),
        outside: int(sql`count(*) filter (where not ${itemInScope(scope)})`),
      },
      from: sql`from event_items ei
      join equipment q on q.id = ei.equipment_id
      left join certificates c on c.id = q.certificate_id
      where ei.event_id = ${id}`,
    });
    const { total, unset, outside } = (await readRow(tx, counts)) ?? { total: 0, unset: 0, outside: 0 };
    // Owners first: a restricted user learns nothing of other owners' items beyond their count.
    if (outside > 0) throw new AppError(403, m.otherOwners(outside));
    if (total === 0) throw conflict(m.noItems);
    if (unset > 0) throw conflict(m.missingStatus(unset));
    // A status against the measurements' proposal needs its reason on record (issue 28 part 4).
    const differing = await readRows(
      tx,
      renderRead('signOff.reasonNeeded', {
        columns: { stampedId: text(sql`q.stamped_id`), n: int(sql`count(*) over ()`) },
        from: sql`from event_items i join equipment q on q.id = i.equipment_id
      where i.event_id = ${id} and ${reasonNeeded()} order by i.sequence limit 10`,
      }),
    );
    if (differing.length > 0)
      throw conflict(
        m.reasonNeeded(
          differing[0].n,
          differing.map((row) => row.stampedId),
        ),
      );
    const { inspector, qualification, company } = body;
    // Milliseconds, as the check reads signed_at back (isoUtc).
    const signedAt = new Date().toISOString();
    const signer = { userEmail: user.email, inspector, qualification, company, signedAt };
    const snapshot = await readSnapshot(tx, id);
    const previousHash = await chainEnd(tx);
    const hash = await sealHash(tx, { eventId: id, kind: 'signOff', formVersion: SEAL_FORM_VERSION, snapshot, signer, previousHash });
    await run(
      tx,
      sql`
      insert into event_seals (event_id, kind, user_id, user_email, inspector, qualification, company, signed_at,
        form_version, snapshot, previous_hash, hash)
      values (${id}, 'signOff', ${user.id}, ${user.email}, ${inspector}, ${qualification}, ${company}, ${signedAt},
        ${SEAL_FORM_VERSION}, ${JSON.stringify(snapshot)}::jsonb, ${previousHash}, ${hash})`,
    );
    return { eventId: id, signedBy: inspector, qualification, company, signedAt, hash: hash ?? '', previousHash, valid: true };
  });
}

/** GET /Events/{id}/Seal: the stored hash, and whether the rows as they are now still give it. */
export async function readSeal(db: Executor, id: number): Promise<EventSeal> {
  const seal = await selectSeal(db, id);
  if (!seal) throw notFound('The seal of this event');
  return seal;
}
