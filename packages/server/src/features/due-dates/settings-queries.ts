/** Due-date settings: certificate types' regimes, event types' due kinds, a user's subscription (docs/due-dates.md). */
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { OwnerScope } from '../../auth/scope.ts';
import type { Executor } from '../../db/client.ts';
import { int, readRow, readRows, renderRead, run, text } from '../../db/read.ts';
import { dueRegimes, dueSubscriptions, eventTypeDueKinds, folders } from '../../db/schema.ts';
import { inOwnerScope } from '../../db/scope.ts';

/** A certificate type (within the scope) with its regime and its sub-types' overrides. */
export async function selectRegime(db: Executor, scope: OwnerScope, typeId: number) {
  const scoped = inOwnerScope(sql`ct.owner_id`, scope);
  const regimeColumns = (id: SQL, name: SQL) => ({
    id: int(id),
    name: text(name),
    inspection_months: int.orNull(sql`r.inspection_months`),
    renewal_months: int.orNull(sql`r.renewal_months`),
  });
  const types = await readRows(
    db,
    renderRead('due.regimeType', {
      columns: regimeColumns(sql`ct.id`, sql`ct.name`),
      from: sql`from certificate_types ct left join due_regimes r on r.certificate_type_id = ct.id and r.sub_type_id is null
    where ct.id = ${typeId} ${scoped ? sql`and ${scoped}` : sql``}`,
    }),
  );
  if (!types[0]) return undefined;
  const subTypes = await readRows(
    db,
    renderRead('due.regimeSubTypes', {
      columns: regimeColumns(sql`st.id`, sql`st.name`),
      from: sql`from certificate_sub_types st left join due_regimes r on r.certificate_type_id = st.certificate_type_id and r.sub_type_id = st.id
    where st.certificate_type_id = ${typeId} order by lower(st.name), st.id`,
    }),
  );
  const months = (row: { inspection_months: number | null; renewal_months: number | null }) => ({
    inspectionMonths: row.inspection_months,
    renewalMonths: row.renewal_months,
  });
  return {
    certificateType: { id: types[0].id, name: types[0].name, ...months(types[0]) },
    subTypes: subTypes.map((s) => ({ id: s.id, name: s.name, ...months(s) })),
  };
}

/** The type of a sub-type within the scope. */
export async function selectSubTypeOwnerType(db: Executor, scope: OwnerScope, subTypeId: number) {
  const scoped = inOwnerScope(sql`ct.owner_id`, scope);
  const read = renderRead('due.subTypeType', {
    columns: { type_id: int(sql`ct.id`) },
    from: sql`from certificate_sub_types st join certificate_types ct on ct.id = st.certificate_type_id
    where st.id = ${subTypeId} ${scoped ? sql`and ${scoped}` : sql``}`,
  });
  return (await readRow(db, read))?.type_id;
}

/** Writes a regime row (both months null: removes it); the triggers recompute the type's items. */
export async function writeRegime(
  db: Executor,
  at: { typeId: number; subTypeId: number | null },
  months: { inspectionMonths: number | null; renewalMonths: number | null },
  by: string,
) {
  const sub = at.subTypeId;
  if (months.inspectionMonths === null && months.renewalMonths === null) {
    await db
      .delete(dueRegimes)
      .where(and(eq(dueRegimes.certificateTypeId, at.typeId), sub === null ? isNull(dueRegimes.subTypeId) : eq(dueRegimes.subTypeId, sub)));
    return;
  }
  // The conflict target is an expression index, (certificate_type_id, coalesce(sub_type_id, 0)): not the builder's.
  await run(
    db,
    sql`
    insert into due_regimes (certificate_type_id, sub_type_id, inspection_months, renewal_months, created_by, updated_by)
    values (${at.typeId}, ${sub}, ${months.inspectionMonths}, ${months.renewalMonths}, ${by}, ${by})
    on conflict (certificate_type_id, coalesce(sub_type_id, 0)) do update set
      inspection_months = excluded.inspection_months, renewal_months = excluded.renewal_months,
      updated_by = excluded.updated_by, updated_at = now()
    where (due_regimes.inspection_months, due_regimes.renewal_months) is distinct from (excluded.inspection_months, excluded.renewal_months)`,
  );
}

export async function selectEventTypes(db: Executor, id?: number) {
  const rows = await db
    .select({ id: folders.id, name: folders.name, kind: eventTypeDueKinds.kind })
    .from(folders)
    .leftJoin(eventTypeDueKinds, eq(eventTypeDueKinds.eventTypeId, folders.id))
    .where(and(eq(folders.kind, 'eventType'), id === undefined ? undefined : eq(folders.id, id)))
    .orderBy(folders.sortOrder, sql`lower(${folders.name})`, folders.id);
  return rows.map((row) => ({ id: row.id, name: row.name, kind: row.kind ?? ('none' as const) }));
}

export async function writeEventTypeKind(db: Executor, id: number, kind: 'inspection' | 'renewal' | 'none', by: string) {
  if (kind === 'none') {
    await db.delete(eventTypeDueKinds).where(eq(eventTypeDueKinds.eventTypeId, id));
    return;
  }
  await db
    .insert(eventTypeDueKinds)
    .values({ eventTypeId: id, kind, createdBy: by, updatedBy: by })
    .onConflictDoUpdate({
      target: eventTypeDueKinds.eventTypeId,
      set: { kind: sql`excluded.kind`, updatedBy: sql`excluded.updated_by`, updatedAt: sql`now()` },
      setWhere: sql`${eventTypeDueKinds.kind} <> excluded.kind`,
    });
}

export async function isSubscribed(db: Executor, userId: number) {
  const rows = await db
    .select({ userId: dueSubscriptions.userId })
    .from(dueSubscriptions)
    .where(eq(dueSubscriptions.userId, userId))
    .limit(1);
  return rows.length > 0;
}

export async function setSubscribed(db: Executor, userId: number, subscribed: boolean) {
  if (subscribed) await db.insert(dueSubscriptions).values({ userId }).onConflictDoNothing();
  else await db.delete(dueSubscriptions).where(eq(dueSubscriptions.userId, userId));
}
