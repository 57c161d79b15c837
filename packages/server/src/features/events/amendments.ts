/**
 * Amendments (issue 25, docs/sign-off.md "Amendments", decision 081): one transaction that locks the
 * signed event, writes the amended status, comment and measurements to the item and links the added
 * photos, which the seal triggers allow for this transaction only (`portal.amending`, db/derived/seals.sql),
 * and records the amendment as a seal of the chain (before, after, reason, who, when). Measurements are
 * judged as the item PUT judges them (recordVerdict: the item's own criteria version). Every reader and
 * derived table (latest status, due dates, reports, wear) then sees the amended values.
 */
import { type Amendment, type Measurement, amendmentMessages as m } from '@portal/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { OwnerScope } from '../../auth/scope.ts';
import type { AuthUser } from '../../auth/users.ts';
import { amendmentLabels } from '../../db/amendment-labels.ts';
import type { Database, Executor } from '../../db/client.ts';
import { itemInScope } from '../../db/equipment-scope.ts';
import { bool, defineRead, int, isoUtc, json, readRow, readRows, renderRead, run, text } from '../../db/read.ts';
import { events, folders } from '../../db/schema.ts';
import { AMENDMENT_FORM_VERSION, type AmendedValues, amendmentHash, chainEnd } from '../../db/seal-hash.ts';
import { recordVerdict } from '../../db/verdict.ts';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.ts';
import { attachImages } from './amendment-images.ts';
import { signedInWithChip } from './sign-off.ts';

/** The event's amendments (or one), oldest first, of the items the scope covers. */
async function selectAmendments(db: Executor, eventId: number, scope: OwnerScope, id?: number): Promise<Amendment[]> {
  const read = renderRead('amendments.list', {
    columns: {
      id: int(sql`s.id`),
      eventId: int(sql`s.event_id`),
      eventComponentId: int(sql`s.event_item_id`),
      stampedId: text(sql`q.stamped_id`),
      before: json<AmendedValues>(sql`s.before`),
      after: json<AmendedValues>(sql`s.after`),
      imagesAdded: int(sql`coalesce(jsonb_array_length(s.after -> 'images'), 0)`),
      labels: json<Record<string, string>>(amendmentLabels(sql`s`)),
      reason: text(sql`s.reason`),
      amendedBy: text(sql`s.user_email`),
      amendedAt: isoUtc(sql`s.signed_at`),
      hash: text(sql`s.hash`),
      previousHash: text.orNull(sql`s.previous_hash`),
      beforeName: text.orNull(sql`sb.name`),
      beforeColor: text.orNull(sql`sb.color`),
      afterName: text.orNull(sql`sa.name`),
      afterColor: text.orNull(sql`sa.color`),
    },
    from: sql`from event_seals s
    join event_items ei on ei.id = s.event_item_id
    join equipment q on q.id = ei.equipment_id
    left join certificates c on c.id = q.certificate_id
    left join folders sb on sb.id = (s.before ->> 'statusId')::int
    left join folders sa on sa.id = (s.after ->> 'statusId')::int
    where s.event_id = ${eventId} and s.kind = 'amendment' and ${itemInScope(scope)} ${id === undefined ? sql`` : sql`and s.id = ${id}`}
    order by s.id`,
  });
  const rows = await readRows(db, read);
  const named = (values: AmendedValues, name: string | null, color: string | null) => ({
    statusId: values.statusId,
    status: name === null ? null : { name, color: color ?? 'default' },
    comment: values.comment,
    // Amendments of form version 1 did not record measurements.
    measurements: (values.measurements as Amendment['before']['measurements'] | undefined) ?? null,
    proposedStatusId: values.proposedStatusId ?? null,
  });
  return rows.map(({ beforeName, beforeColor, afterName, afterColor, ...row }) => ({
    ...row,
    before: named(row.before, beforeName, beforeColor),
    after: named(row.after, afterName, afterColor),
  }));
}

/** GET /Events/{id}/Amendments. */
export async function listAmendments(db: Executor, eventId: number, scope: OwnerScope): Promise<Amendment[]> {
  const [event] = await db.select({ id: events.id }).from(events).where(eq(events.id, eventId));
  if (!event) throw notFound('The event');
  return selectAmendments(db, eventId, scope);
}

/** The item's values an amendment may change, as they are now (form version 2 of AmendedValues). */
async function selectValues(db: Executor, itemId: number): Promise<AmendedValues> {
  // The keys in this order: the amendment's hash is of their JSON.
  const read = defineRead('amendments.values', () => ({
    columns: {
      statusId: int.orNull(sql`status_id`),
      comment: text.orNull(sql`comment`),
      measurements: json<unknown[]>(sql`measurements`),
      measurementVersionId: int.orNull(sql`measurement_version_id`),
      proposedStatusId: int.orNull(sql`proposed_status_id`),
    },
    from: sql`from event_items where id = ${sql.placeholder('id')}`,
  }));
  const [values] = await readRows(db, read, { id: itemId });
  return values;
}

/** POST /Events/{id}/Amendments. */
export async function amendItem(
  db: Database,
  eventId: number,
  body: {
    eventComponentId: number;
    statusId?: number | null;
    comment: string | null;
    measurements?: Measurement[];
    images?: number[];
    reason: string;
  },
  { user, scope }: { user: AuthUser; scope: OwnerScope },
): Promise<Amendment> {
  if (await signedInWithChip(db, user.sessionId)) throw new AppError(403, m.chipSession);
  return db.transaction(async (tx) => {
    const event = await readRow(
      tx,
      renderRead('amendments.event', {
        columns: {
          typeId: int(sql`type_id`),
          signed: bool(sql`exists (select 1 from event_seals s where s.event_id = e.id and s.kind = 'signOff')`),
        },
        from: sql`from events e where e.id = ${eventId} for update`,
      }),
    );
    if (!event) throw notFound('The event');
    const item = await readRow(
      tx,
      renderRead('amendments.item', {
        columns: { id: int(sql`ei.id`) },
        from: sql`from event_items ei
      join equipment q on q.id = ei.equipment_id left join certificates c on c.id = q.certificate_id
      where ei.event_id = ${eventId} and ei.id = ${body.eventComponentId} and ${itemInScope(scope)}`,
      }),
    );
    // The item first: another owner's item reads as missing, whatever the event's state (docs/security.md rule 4).
    if (!item) throw notFound('The event item');
    if (!event.signed) throw conflict(m.notSigned);
    const before = await selectValues(tx, item.id);
    const statusId = body.statusId === undefined ? before.statusId : body.statusId;
    if (statusId !== null && statusId !== before.statusId) {
      const ok = await tx
        .select({ id: folders.id })
        .from(folders)
        .where(and(eq(folders.id, statusId), eq(folders.kind, 'status'), eq(folders.parentId, event.typeId)));
      if (ok.length === 0) throw badRequest('statusId', 'Choose a status of the event type');
    }
    // The seal triggers let this transaction change the item and add images (db/derived/seals.sql).
    await run(tx, sql`select set_config('portal.amending', 'on', true)`);
    // Judged as the item PUT judges (400 on a bad key or value); the amendment's reason is the reason on record.
    if (body.measurements !== undefined) await recordVerdict(tx, item.id, { measurements: body.measurements }, user.email);
    const images = await attachImages(tx, item.id, body.images ?? [], user.email);
    await run(
      tx,
      sql`update event_items set status_id = ${statusId}, comment = ${body.comment},
      updated_at = now(), updated_by = ${user.email} where id = ${item.id}`,
    );
    await run(tx, sql`select set_config('portal.amending', 'off', true)`);
    const now = await selectValues(tx, item.id);
    const after: AmendedValues = { ...now, ...(images.length > 0 && { images }) };
    if (JSON.stringify(before) === JSON.stringify(now) && images.length === 0) throw badRequest('reason', m.nothingChanged);
    const signedAt = new Date().toISOString();
    const previousHash = await chainEnd(tx);
    const hash = amendmentHash({
      formVersion: AMENDMENT_FORM_VERSION,
      eventId,
      eventItemId: item.id,
      before,
      after,
      reason: body.reason,
      userEmail: user.email,
      signedAt,
      previousHash,
    });
    const inserted = await readRows(
      tx,
      renderRead('amendments.insert', {
        with: sql`inserted as (
      insert into event_seals (event_id, kind, user_id, user_email, signed_at, event_item_id, reason, before, after, form_version, snapshot, previous_hash, hash)
      values (${eventId}, 'amendment', ${user.id}, ${user.email}, ${signedAt}, ${item.id}, ${body.reason},
        ${JSON.stringify(before)}::jsonb, ${JSON.stringify(after)}::jsonb, ${AMENDMENT_FORM_VERSION}, '{}'::jsonb, ${previousHash}, ${hash})
      returning id)`,
        columns: { id: int(sql`id`) },
        from: sql`from inserted`,
      }),
    );
    const [amendment] = await selectAmendments(tx, eventId, scope, inserted[0]?.id);
    return amendment;
  });
}
