/**
 * Amendments (issue 25, docs/sign-off.md "Amendments"): one transaction that locks the signed event,
 * records the amendment as a seal of the chain (before, after, reason, who, when) and writes the
 * amended status and comment to the item, which the seal triggers allow for this transaction only
 * (`portal.amending`). The derived tables (latest status, due dates, reports) follow by their triggers.
 */
import { type Amendment, amendmentMessages as m } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { OwnerScope } from '../../auth/scope.ts';
import type { AuthUser } from '../../auth/users.ts';
import { isoUtc } from '../../db/array-rows.ts';
import type { Database, Executor } from '../../db/client.ts';
import { itemInScope } from '../../db/equipment-scope.ts';
import { type AmendedValues, amendmentHash, chainEnd } from '../../db/seal-hash.ts';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.ts';
import { signedInWithChip } from './sign-off.ts';

type Row = {
  id: number;
  eventId: number;
  eventComponentId: number;
  stampedId: string;
  before: AmendedValues;
  after: AmendedValues;
  reason: string;
  amendedBy: string;
  amendedAt: string;
  hash: string;
  previousHash: string | null;
  beforeName: string | null;
  beforeColor: string | null;
  afterName: string | null;
  afterColor: string | null;
};

/** The event's amendments (or one), oldest first, of the items the scope covers. */
async function selectAmendments(db: Executor, eventId: number, scope: OwnerScope, id?: number): Promise<Amendment[]> {
  const { rows } = await db.execute<Row>(sql`
    select s.id::int, s.event_id as "eventId", s.event_item_id::int as "eventComponentId", q.stamped_id as "stampedId",
      s.before, s.after, s.reason, s.user_email as "amendedBy", ${isoUtc(sql`s.signed_at`)} as "amendedAt",
      s.hash, s.previous_hash as "previousHash",
      sb.name as "beforeName", sb.color as "beforeColor", sa.name as "afterName", sa.color as "afterColor"
    from event_seals s
    join event_items ei on ei.id = s.event_item_id
    join equipment q on q.id = ei.equipment_id
    left join certificates c on c.id = q.certificate_id
    left join folders sb on sb.id = (s.before ->> 'statusId')::int
    left join folders sa on sa.id = (s.after ->> 'statusId')::int
    where s.event_id = ${eventId} and s.kind = 'amendment' and ${itemInScope(scope)} ${id === undefined ? sql`` : sql`and s.id = ${id}`}
    order by s.id`);
  const named = (values: AmendedValues, name: string | null, color: string | null) => ({
    ...values,
    status: name === null ? null : { name, color: color ?? 'default' },
  });
  return rows.map(({ beforeName, beforeColor, afterName, afterColor, ...row }) => ({
    ...row,
    before: named(row.before, beforeName, beforeColor),
    after: named(row.after, afterName, afterColor),
  }));
}

/** GET /Events/{id}/Amendments. */
export async function listAmendments(db: Executor, eventId: number, scope: OwnerScope): Promise<Amendment[]> {
  const { rows } = await db.execute(sql`select 1 from events where id = ${eventId}`);
  if (rows.length === 0) throw notFound('The event');
  return selectAmendments(db, eventId, scope);
}

/** POST /Events/{id}/Amendments. */
export async function amendItem(
  db: Database,
  eventId: number,
  body: { eventComponentId: number; statusId?: number | null; comment: string | null; reason: string },
  { user, scope }: { user: AuthUser; scope: OwnerScope },
): Promise<Amendment> {
  if (await signedInWithChip(db, user.sessionId)) throw new AppError(403, m.chipSession);
  return db.transaction(async (tx) => {
    const { rows: events } = await tx.execute<{ typeId: number; signed: boolean }>(sql`
      select type_id as "typeId", exists (select 1 from event_seals s where s.event_id = e.id and s.kind = 'signOff') as signed
      from events e where e.id = ${eventId} for update`);
    const event = events[0];
    if (!event) throw notFound('The event');
    const { rows: items } = await tx.execute<{ id: number; statusId: number | null; comment: string | null }>(sql`
      select ei.id::int, ei.status_id as "statusId", ei.comment from event_items ei
      join equipment q on q.id = ei.equipment_id left join certificates c on c.id = q.certificate_id
      where ei.event_id = ${eventId} and ei.id = ${body.eventComponentId} and ${itemInScope(scope)}`);
    const item = items[0];
    // The item first: another owner's item reads as missing, whatever the event's state (docs/security.md rule 4).
    if (!item) throw notFound('The event item');
    if (!event.signed) throw conflict(m.notSigned);
    const after: AmendedValues = { statusId: body.statusId === undefined ? item.statusId : body.statusId, comment: body.comment };
    if (after.statusId !== null && after.statusId !== item.statusId) {
      const { rows: ok } = await tx.execute(
        sql`select 1 from folders where id = ${after.statusId} and kind = 'status' and parent_id = ${event.typeId}`,
      );
      if (ok.length === 0) throw badRequest('statusId', 'Choose a status of the event type');
    }
    const before: AmendedValues = { statusId: item.statusId, comment: item.comment };
    if (before.statusId === after.statusId && before.comment === after.comment) throw badRequest('reason', m.nothingChanged);
    const signedAt = new Date().toISOString();
    const previousHash = await chainEnd(tx);
    const hash = amendmentHash({
      eventId,
      eventItemId: item.id,
      before,
      after,
      reason: body.reason,
      userEmail: user.email,
      signedAt,
      previousHash,
    });
    const { rows: inserted } = await tx.execute<{ id: number }>(sql`
      insert into event_seals (event_id, kind, user_id, user_email, signed_at, event_item_id, reason, before, after, form_version, snapshot, previous_hash, hash)
      values (${eventId}, 'amendment', ${user.id}, ${user.email}, ${signedAt}, ${item.id}, ${body.reason},
        ${JSON.stringify(before)}::jsonb, ${JSON.stringify(after)}::jsonb, 1, '{}'::jsonb, ${previousHash}, ${hash})
      returning id::int`);
    // The seal triggers let this transaction change the status and comment (migration 0035).
    await tx.execute(sql`select set_config('portal.amending', 'on', true)`);
    await tx.execute(sql`update event_items set status_id = ${after.statusId}, comment = ${after.comment},
      updated_at = now(), updated_by = ${user.email} where id = ${item.id}`);
    await tx.execute(sql`select set_config('portal.amending', 'off', true)`);
    const [amendment] = await selectAmendments(tx, eventId, scope, inserted[0]?.id);
    return amendment;
  });
}
