/** Due-date reads and writes (docs/due-dates.md); every read of items is limited by the owner scope. */
import { addDays, type DueLight } from '@portal/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { OwnerScope } from '../../auth/scope.ts';
import { type Database, type Executor, poolOf, windowStatementName } from '../../db/client.ts';
import { bool, type Column, date, int, readRows, renderRead, text } from '../../db/read.ts';
import { certificateTypes, folders, owners } from '../../db/schema.ts';
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
 * green): a few hundred rows where the days alone were 7,000 on the scale set (decision 058), their
 * condemned counts beside them (decision 096). With a type
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
  // Counted by date, then the condemned items not yet overdue move to red: their count is kept beside
  // each day's and month's (decision 096), so they come with the same rows.
  const sumOf = (light: DueLight) => sql`coalesce(sum(d.n) filter (where ${dateRange(light, today, warningDays)}), 0)::int`;
  const moved = (light: DueLight) => sql`coalesce(sum(d.condemned) filter (where ${dateRange(light, today, warningDays)}), 0)::int`;
  return sql`select ${sumOf('red')} + ${moved('yellow')} + ${moved('green')} as red,
      ${sumOf('yellow')} - ${moved('yellow')} as yellow, ${sumOf('green')} - ${moved('green')} as green from (
      select d.due_date, d.n, d.condemned from equipment_due_days d
      ${whereOf([...base, sql`d.due_date >= ${from}::date and d.due_date < ${until}::date`])}
      union all
      select d.month, d.n, d.condemned from equipment_due_months d
      ${whereOf([...base, sql`(d.month < ${from}::date or d.month >= ${until}::date)`])}
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
  const read = renderRead('due.byStampedIds', {
    columns: {
      equipment_id: int(sql`d.equipment_id`),
      stamped_id: text(sql`e.stamped_id`),
      due_date: date(sql`d.due_date`),
      due_kind: text(sql`d.due_kind`) as Column<DueRowDb['due_kind']>,
      basis_date: date(sql`d.basis_date`),
      renewal_due: date.orNull(sql`d.renewal_due`),
      condemned: bool(sql`d.condemned`),
      last_inspection: date.orNull(sql`ls.inspection_date`),
    },
    from: sql`from equipment e join equipment_due d on d.equipment_id = e.id
    left join equipment_latest_status ls on ls.equipment_id = d.equipment_id
    where ${stampedIdIn(sql`e.stamped_id`, [...new Set(stampedIds)])} ${scoped ? sql`and ${scoped}` : sql``}`,
  });
  return readRows(db, read);
}

export async function selectChoices(db: Executor, scope: OwnerScope) {
  const scoped = inOwnerScope(owners.id, scope);
  const ownerRows = await db
    .select({ id: owners.id, name: owners.name })
    .from(owners)
    .where(scoped)
    .orderBy(sql`lower(${owners.name})`, owners.id);
  const ct = certificateTypes;
  const types = await db
    .select({ id: ct.id, name: ct.name, ownerId: ct.ownerId })
    .from(ct)
    .innerJoin(owners, eq(owners.id, ct.ownerId))
    .where(scoped)
    .orderBy(sql`lower(${ct.name})`, ct.id);
  const rigs = await db
    .select({ id: folders.id, name: folders.name })
    .from(folders)
    .where(eq(folders.kind, 'rig'))
    .orderBy(folders.sortOrder, sql`lower(${folders.name})`, folders.id);
  return { owners: ownerRows, types, rigs };
}

// The regimes, event types' due kinds and subscriptions (the Admin's and the user's settings).
export * from './settings-queries.ts';
