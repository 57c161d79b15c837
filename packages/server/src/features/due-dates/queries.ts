/** Due-date reads and writes (docs/due-dates.md); every read of items is limited by the owner scope. */
import { addDays, type DueLight } from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { OwnerScope } from '../../auth/scope.ts';
import { type Database, type Executor, poolOf, windowStatementName } from '../../db/client.ts';
import { inOwnerScope } from '../../db/scope.ts';
import { stampedIdIn } from '../../db/stamped-ids.ts';

export interface DueFilter {
  ownerId?: number;
  typeId?: number;
  rigId?: number;
  light?: DueLight;
}

/** The due-date range of a light on `today`: red before today, yellow up to today + window, green after. */
export function dateRange(light: DueLight, today: string, warningDays: number): SQL {
  const lastYellow = addDays(today, warningDays);
  if (light === 'red') return sql`d.due_date < ${today}::date`;
  if (light === 'yellow') return sql`d.due_date between ${today}::date and ${lastYellow}::date`;
  return sql`d.due_date > ${lastYellow}::date`;
}

/** The items of a light: its date range, where a condemned item is red whatever its date. */
export function lightRange(light: DueLight, today: string, warningDays: number): SQL {
  const range = dateRange(light, today, warningDays);
  return light === 'red' ? sql`(${range} or d.condemned)` : sql`(${range} and not d.condemned)`;
}

function conditions(scope: OwnerScope, filter: DueFilter): SQL[] {
  const where: SQL[] = [];
  const scoped = inOwnerScope(sql`d.owner_id`, scope);
  if (scoped) where.push(scoped);
  if (filter.ownerId) where.push(sql`d.owner_id = ${filter.ownerId}`);
  if (filter.typeId) where.push(sql`d.certificate_type_id = ${filter.typeId}`);
  if (filter.rigId) where.push(sql`d.rig_id = ${filter.rigId}`);
  return where;
}
const whereOf = (parts: SQL[]) => (parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``);

/** The first day of the month of an ISO date, and of the month after it. */
const monthOf = (date: string) => `${date.slice(0, 7)}-01`;
const nextMonthOf = (date: string) => {
  const [year, month] = date.split('-').map(Number);
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
};

/**
 * Counts per light, one row of red, yellow and green. Without a type or rig filter: the days of the
 * months from today's to the last yellow day's in equipment_due_days, and whole months before and after
 * them in equipment_due_months (a month before today's is all red, one after the last yellow day's all
 * green): a few hundred rows where the days alone were 7,000 on the scale set (decision 058). With a type
 * or rig filter, index range counts on equipment_due (a type or rig is a small share).
 */
function countsSql(scope: OwnerScope, filter: DueFilter, today: string, warningDays: number): SQL {
  const base = conditions(scope, filter);
  if (filter.typeId || filter.rigId) {
    const countOf = (light: DueLight) =>
      sql`(select count(*)::int from equipment_due d ${whereOf([...base, lightRange(light, today, warningDays)])})`;
    return sql`select ${countOf('red')} as red, ${countOf('yellow')} as yellow, ${countOf('green')} as green`;
  }
  const from = monthOf(today);
  const until = nextMonthOf(addDays(today, warningDays));
  // Counted by date, then the condemned items not yet overdue move to red (a few rows of
  // equipment_due_condemned_idx): c is -1 for them under their date's light, +1 under red.
  const sumOf = (light: DueLight) => sql`coalesce(sum(d.n) filter (where ${dateRange(light, today, warningDays)}), 0)::int`;
  const moved = (light: DueLight) => sql`coalesce(sum(d.c) filter (where ${dateRange(light, today, warningDays)}), 0)::int`;
  return sql`select ${sumOf('red')} - ${moved('yellow')} - ${moved('green')} as red,
      ${sumOf('yellow')} + ${moved('yellow')} as yellow, ${sumOf('green')} + ${moved('green')} as green from (
      select d.due_date, d.n, 0 as c from equipment_due_days d
      ${whereOf([...base, sql`d.due_date >= ${from}::date and d.due_date < ${until}::date`])}
      union all
      select d.month, d.n, 0 from equipment_due_months d
      ${whereOf([...base, sql`(d.month < ${from}::date or d.month >= ${until}::date)`])}
      union all
      select d.due_date, 0, -1 from equipment_due d
      ${whereOf([...base, sql`d.condemned and d.due_date >= ${today}::date`])}
    ) d`;
}

export type DueRowDb = {
  stamped_id: string;
  description: string | null;
  due_date: string;
  due_kind: 'inspection' | 'renewal';
  basis_date: string;
  renewal_due: string | null;
  condemned: boolean;
  last_inspection: string | null;
  owner_id: number;
  owner_name: string;
  type_id: number;
  type_name: string;
  sub_type: string;
  dimension: string;
  certificate_number: string;
  rig_id: number | null;
  rig_name: string | null;
  equipment_id: number;
};

/**
 * The list query: by due date (then item id), walking equipment_due_date_idx (or the owner index).
 * `wear`: also the stored wear fit's predicted date (`predicted`) where that condition lets the caller see it.
 */
export function dueListSql(
  scope: OwnerScope,
  filter: DueFilter,
  today: string,
  warningDays: number,
  limit?: { limit: number; offset: number },
  wear?: SQL,
) {
  const where = conditions(scope, filter);
  if (filter.light) where.push(lightRange(filter.light, today, warningDays));
  return sql`
    select e.stamped_id, e.description, d.due_date::text as due_date, d.due_kind, d.basis_date::text as basis_date,
      d.renewal_due::text as renewal_due, d.condemned, ls.inspection_date::text as last_inspection,
      o.id as owner_id, o.name as owner_name, ct.id as type_id, ct.name as type_name, st.name as sub_type, dim.name as dimension,
      c.certificate_number, r.id as rig_id, r.name as rig_name, d.equipment_id
      ${wear ? sql`, w.predicted_discard_date::text as predicted` : sql``}
    from equipment_due d
    join equipment e on e.id = d.equipment_id
    join certificates c on c.id = e.certificate_id
    join owners o on o.id = d.owner_id
    join certificate_types ct on ct.id = d.certificate_type_id
    join certificate_sub_types st on st.id = c.sub_type_id
    join dimensions dim on dim.id = c.dimension_id
    left join folders r on r.id = d.rig_id
    left join equipment_latest_status ls on ls.equipment_id = d.equipment_id
    ${wear ? sql`left join equipment_wear w on w.equipment_id = d.equipment_id and ${wear}` : sql``}
    ${whereOf(where)}
    order by d.due_date, d.equipment_id
    ${limit ? sql`limit ${sql.raw(String(Math.trunc(limit.limit)))} offset ${sql.raw(String(Math.trunc(limit.offset)))}` : sql``}`;
}

const dialect = new PgDialect();

type DueCounts = { red: number; yellow: number; green: number };

/**
 * The counts per light of the filter without its light, and one page of the filter: one statement,
 * one round trip (the page joined laterally to the counts' single row; a page past the end is that
 * row with no item). The window is written as literals: with `limit $n` PostgreSQL's generic plan
 * (what a statement prepared per connection uses from its sixth run) expects a tenth of the red items
 * and gathered them with a parallel worker (docs/performance.md "Figures behind the code"). Each page's text is prepared under a
 * name of the window budget (db/client.ts `windowStatementName`), or runs unnamed past it.
 */
export async function selectDuePage(
  db: Database,
  scope: OwnerScope,
  filter: DueFilter,
  at: { today: string; warningDays: number },
  window: { limit: number; offset: number },
): Promise<{ counts: DueCounts; rows: DueRowDb[] }> {
  const { today, warningDays } = at;
  const query = sql`
    select c.red, c.yellow, c.green, p.*
    from (${countsSql(scope, { ...filter, light: undefined }, today, warningDays)}) c
    left join lateral (${dueListSql(scope, filter, today, warningDays, window)}) p on true
    order by p.due_date::date, p.equipment_id`;
  const { sql: text, params } = dialect.sqlToQuery(query);
  const pool = poolOf(db);
  const name = windowStatementName(pool, text);
  const { rows } = await pool.query<DueCounts & DueRowDb>(name ? { name, text, values: params } : { text, values: params });
  const { red, yellow, green } = rows[0];
  return { counts: { red, yellow, green }, rows: rows.filter((row) => row.equipment_id !== null) };
}

/** Due dates of items by stamped id, within the scope (items without a due date are absent). */
export async function selectByStampedIds(db: Executor, scope: OwnerScope, stampedIds: readonly string[]) {
  if (stampedIds.length === 0) return [];
  const scoped = inOwnerScope(sql`d.owner_id`, scope);
  const { rows } = await db.execute<
    Pick<DueRowDb, 'equipment_id' | 'stamped_id' | 'due_date' | 'due_kind' | 'basis_date' | 'renewal_due' | 'condemned' | 'last_inspection'>
  >(sql`
    select d.equipment_id, e.stamped_id, d.due_date::text as due_date, d.due_kind, d.basis_date::text as basis_date,
      d.renewal_due::text as renewal_due, d.condemned, ls.inspection_date::text as last_inspection
    from equipment e join equipment_due d on d.equipment_id = e.id
    left join equipment_latest_status ls on ls.equipment_id = d.equipment_id
    where ${stampedIdIn(sql`e.stamped_id`, [...new Set(stampedIds)])} ${scoped ? sql`and ${scoped}` : sql``}`);
  return rows;
}

export async function selectChoices(db: Executor, scope: OwnerScope) {
  const scoped = inOwnerScope(sql`o.id`, scope);
  const owners = await db.execute<{ id: number; name: string }>(
    sql`select o.id, o.name from owners o ${scoped ? sql`where ${scoped}` : sql``} order by lower(o.name), o.id`,
  );
  const types = await db.execute<{ id: number; name: string; owner_id: number }>(
    sql`select ct.id, ct.name, ct.owner_id from certificate_types ct join owners o on o.id = ct.owner_id ${scoped ? sql`where ${scoped}` : sql``}
        order by lower(ct.name), ct.id`,
  );
  const rigs = await db.execute<{ id: number; name: string }>(
    sql`select id, name from folders where kind = 'rig' order by sort_order, lower(name), id`,
  );
  return {
    owners: owners.rows,
    types: types.rows.map((t) => ({ id: t.id, name: t.name, ownerId: t.owner_id })),
    rigs: rigs.rows,
  };
}

/** A certificate type (within the scope) with its regime and its sub-types' overrides. */
export async function selectRegime(db: Executor, scope: OwnerScope, typeId: number) {
  const scoped = inOwnerScope(sql`ct.owner_id`, scope);
  const { rows: types } = await db.execute<{
    id: number;
    name: string;
    inspection_months: number | null;
    renewal_months: number | null;
  }>(sql`
    select ct.id, ct.name, r.inspection_months, r.renewal_months
    from certificate_types ct left join due_regimes r on r.certificate_type_id = ct.id and r.sub_type_id is null
    where ct.id = ${typeId} ${scoped ? sql`and ${scoped}` : sql``}`);
  if (!types[0]) return undefined;
  const { rows: subTypes } = await db.execute<{
    id: number;
    name: string;
    inspection_months: number | null;
    renewal_months: number | null;
  }>(sql`
    select st.id, st.name, r.inspection_months, r.renewal_months
    from certificate_sub_types st left join due_regimes r on r.certificate_type_id = st.certificate_type_id and r.sub_type_id = st.id
    where st.certificate_type_id = ${typeId} order by lower(st.name), st.id`);
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
  const { rows } = await db.execute<{ type_id: number }>(sql`
    select ct.id as type_id from certificate_sub_types st join certificate_types ct on ct.id = st.certificate_type_id
    where st.id = ${subTypeId} ${scoped ? sql`and ${scoped}` : sql``}`);
  return rows[0]?.type_id;
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
    await db.execute(
      sql`delete from due_regimes where certificate_type_id = ${at.typeId} and ${sub === null ? sql`sub_type_id is null` : sql`sub_type_id = ${sub}`}`,
    );
    return;
  }
  await db.execute(sql`
    insert into due_regimes (certificate_type_id, sub_type_id, inspection_months, renewal_months, created_by, updated_by)
    values (${at.typeId}, ${sub}, ${months.inspectionMonths}, ${months.renewalMonths}, ${by}, ${by})
    on conflict (certificate_type_id, coalesce(sub_type_id, 0)) do update set
      inspection_months = excluded.inspection_months, renewal_months = excluded.renewal_months,
      updated_by = excluded.updated_by, updated_at = now()
    where (due_regimes.inspection_months, due_regimes.renewal_months) is distinct from (excluded.inspection_months, excluded.renewal_months)`);
}

export async function selectEventTypes(db: Executor, id?: number) {
  const { rows } = await db.execute<{ id: number; name: string; kind: 'inspection' | 'renewal' | null }>(sql`
    select f.id, f.name, k.kind from folders f left join event_type_due_kinds k on k.event_type_id = f.id
    where f.kind = 'eventType' ${id === undefined ? sql`` : sql`and f.id = ${id}`}
    order by f.sort_order, lower(f.name), f.id`);
  return rows.map((row) => ({ id: row.id, name: row.name, kind: row.kind ?? ('none' as const) }));
}

export async function writeEventTypeKind(db: Executor, id: number, kind: 'inspection' | 'renewal' | 'none', by: string) {
  if (kind === 'none') {
    await db.execute(sql`delete from event_type_due_kinds where event_type_id = ${id}`);
    return;
  }
  await db.execute(sql`
    insert into event_type_due_kinds (event_type_id, kind, created_by, updated_by) values (${id}, ${kind}, ${by}, ${by})
    on conflict (event_type_id) do update set kind = excluded.kind, updated_by = excluded.updated_by, updated_at = now()
    where event_type_due_kinds.kind <> excluded.kind`);
}

export async function isSubscribed(db: Executor, userId: number) {
  const { rows } = await db.execute<{ found: boolean }>(
    sql`select exists (select 1 from due_subscriptions where user_id = ${userId}) as found`,
  );
  return rows[0].found;
}

export async function setSubscribed(db: Executor, userId: number, subscribed: boolean) {
  if (subscribed) await db.execute(sql`insert into due_subscriptions (user_id) values (${userId}) on conflict do nothing`);
  else await db.execute(sql`delete from due_subscriptions where user_id = ${userId}`);
}
