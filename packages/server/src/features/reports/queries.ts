/**
 * The SQL of every report (rules: docs/reports.md). Each tabular report is one ordered SELECT; the
 * service pages it (JSON) or streams it through a cursor (Excel). Items' latest status comes from
 * `equipment_latest_status` (decision 015), never from scanning event items. Owner scope is applied
 * inside each query with `inOwnerScope` on the certificate's owner.
 */
import type { ReportName, ReportSettings } from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { OwnerScope } from '../../auth/scope.ts';
import type { Executor } from '../../db/client.ts';
import { inOwnerScope } from '../../db/scope.ts';

export interface ReportContext {
  scope: OwnerScope;
  settings: ReportSettings;
  /** Internal users also see unlinked items (docs/security.md rule 9). */
  internal: boolean;
}

const scoped = (scope: OwnerScope): SQL => inOwnerScope(sql`c.owner_id`, scope) ?? sql`true`;
const colors = (list: readonly string[]) => sql`${sql.param([...list])}::text[]`;
/** The leading number of a dimension's name ('84 mm' -> 84). */
const dimensionNumber = sql`nullif(substring(d.name from '^\\s*([0-9]+(?:\\.[0-9]+)?)'), '')::numeric`;
const typeIs = (name: string) => sql`lower(ct.name) = lower(${name})`;

/** Linked items with their certificate, owner and catalogue names, and their latest status. */
const ITEMS = sql`
  from equipment e
  join certificates c on c.id = e.certificate_id
  join owners o on o.id = c.owner_id
  join certificate_types ct on ct.id = c.type_id
  join certificate_sub_types cst on cst.id = c.sub_type_id
  join dimensions d on d.id = c.dimension_id
  left join equipment_latest_status ls on ls.equipment_id = e.id
  left join folders st on st.id = ls.status_id
  left join events ev on ev.id = ls.event_id
  left join folders et on et.id = ev.type_id
  left join folders rg on rg.id = ev.rig_id
  left join event_items ei on ei.id = ls.event_item_id`;

const ITEM_COLUMNS = sql`
  e.stamped_id as "stampedId", o.name as owner, ct.name as type, cst.name as "subType", d.name as dimension,
  c.certificate_number as certificate, e.length, not e.hidden as active,
  st.name as status, ls.color as "statusColor", ls.event_date as "eventDate", et.name as "eventType", rg.name as rig,
  ei.comment`;

/** Linked items with their certificate and catalogue names (no status joins). */
const ACTIVE_ITEMS = (_scope: OwnerScope) => sql`
  from equipment e
  join certificates c on c.id = e.certificate_id
  join owners o on o.id = c.owner_id
  join certificate_types ct on ct.id = c.type_id
  join certificate_sub_types cst on cst.id = c.sub_type_id
  join dimensions d on d.id = c.dimension_id`;

/** Events of the activity period with at least one item in scope (the exists stops at the first). */
const ACTIVITY_EVENTS = (scope: OwnerScope, settings: ReportSettings) => sql`
  from events ev
  join folders et on et.id = ev.type_id
  join folders rg on rg.id = ev.rig_id
  join folders pj on pj.id = ev.project_id
  where ev.event_date > current_date - ${settings.activityDays}::int
    and exists (select 1 from event_items i join equipment e on e.id = i.equipment_id
      join certificates c on c.id = e.certificate_id where i.event_id = ev.id and ${scoped(scope)})`;

const itemReport = (where: SQL, order: SQL = sql`e.stamped_id`) => sql`select ${ITEM_COLUMNS} ${ITEMS} where ${where} order by ${order}`;

/** The ordered SELECT of each tabular report. */
export const reportQueries: Record<ReportName, (ctx: ReportContext) => SQL> = {
  keyinfo: ({ scope }) => sql`
    with chipped as (select distinct equipment_id from chips where equipment_id is not null),
         noticed as (select distinct equipment_id from event_items where notification),
         parents as (select distinct parent_id from equipment where parent_id is not null)
    select o.name as owner, ct.name as type, count(*)::int as total,
      count(*) filter (where not e.hidden)::int as active,
      count(*) filter (where e.hidden)::int as inactive,
      count(*) filter (where not e.hidden and ch.equipment_id is not null)::int as "activeWithChip",
      count(*) filter (where e.parent_id is not null or p.parent_id is not null)::int as connected,
      count(*) filter (where n.equipment_id is not null)::int as notifications
    from equipment e
    join certificates c on c.id = e.certificate_id
    join owners o on o.id = c.owner_id
    join certificate_types ct on ct.id = c.type_id
    left join chipped ch on ch.equipment_id = e.id
    left join noticed n on n.equipment_id = e.id
    left join parents p on p.parent_id = e.id
    where ${scoped(scope)}
    group by o.name, ct.name
    order by o.name, ct.name`,
  'equipment/totals': ({ scope, settings }) => sql`
    select o.name as owner, ct.name as type, cst.name as "subType", d.name as dimension, count(*)::int as total,
      count(*) filter (where not e.hidden)::int as active,
      count(*) filter (where e.hidden)::int as inactive,
      count(*) filter (where not e.hidden and ls.color = any(${colors(settings.redColors)}))::int as red,
      count(*) filter (where not e.hidden and ls.color = any(${colors(settings.yellowColors)}))::int as yellow,
      count(*) filter (where ls.equipment_id is null)::int as "neverInspected"
    from equipment e
    join certificates c on c.id = e.certificate_id
    join owners o on o.id = c.owner_id
    join certificate_types ct on ct.id = c.type_id
    join certificate_sub_types cst on cst.id = c.sub_type_id
    join dimensions d on d.id = c.dimension_id
    left join equipment_latest_status ls on ls.equipment_id = e.id
    where ${scoped(scope)}
    group by o.name, ct.name, cst.name, d.name
    order by o.name, ct.name, cst.name, d.name`,
  kenterMpi: ({ scope, settings }) => sql`
    select e.stamped_id as "stampedId", o.name as owner, cst.name as "subType", d.name as dimension,
      c.certificate_number as certificate, mpi.event_date as "lastMpi", mpi.status as "mpiStatus", mpi.color as "mpiColor",
      (current_date - mpi.event_date)::int as "daysSince"
    from equipment e
    join certificates c on c.id = e.certificate_id
    join owners o on o.id = c.owner_id
    join certificate_types ct on ct.id = c.type_id
    join certificate_sub_types cst on cst.id = c.sub_type_id
    join dimensions d on d.id = c.dimension_id
    left join lateral (
      select v.event_date, s.name as status, s.color
      from event_items i
      join events v on v.id = i.event_id
      join folders t on t.id = v.type_id
      left join folders s on s.id = i.status_id
      where i.equipment_id = e.id and lower(t.name) = lower(${settings.mpiEventType})
      order by v.event_date desc, v.id desc
      limit 1
    ) mpi on true
    where ${scoped(scope)} and ${typeIs(settings.kenterType)} and not e.hidden
    order by e.stamped_id`,
  chipReport: ({ scope }) => sql`
    select ch.chip_id as "chipId", e.stamped_id as "stampedId", o.name as owner, ct.name as type, d.name as dimension,
      ch.date_registered::date as registered, not e.hidden as active
    from chips ch
    join equipment e on e.id = ch.equipment_id
    join certificates c on c.id = e.certificate_id
    join owners o on o.id = c.owner_id
    join certificate_types ct on ct.id = c.type_id
    join dimensions d on d.id = c.dimension_id
    where ${scoped(scope)}
    order by e.stamped_id, ch.chip_id`,
  unlinkedEquipment: ({ internal }) => sql`
    select e.stamped_id as "stampedId", e.description, e.length, e.comment, e.created_at::date as added,
      st.name as status, ls.color as "statusColor", ls.event_date as "eventDate"
    from equipment e
    left join equipment_latest_status ls on ls.equipment_id = e.id
    left join folders st on st.id = ls.status_id
    where e.certificate_id is null and ${internal ? sql`true` : sql`false`}
    order by e.stamped_id`,
  redEquipment: ({ scope, settings }) =>
    itemReport(sql`${scoped(scope)} and not e.hidden and ls.color = any(${colors(settings.redColors)})`),
  yellowEquipment: ({ scope, settings }) =>
    itemReport(sql`${scoped(scope)} and not e.hidden and ls.color = any(${colors(settings.yellowColors)})`),
  redInactive: ({ scope, settings }) => itemReport(sql`${scoped(scope)} and e.hidden and ls.color = any(${colors(settings.redColors)})`),
  projects: ({ scope, settings }) => sql`
    select rg.name as rig, pj.name as project, count(distinct ls.event_id)::int as events, count(*)::int as items,
      count(*) filter (where ls.color = any(${colors(settings.redColors)}))::int as red,
      count(*) filter (where ls.color = any(${colors(settings.yellowColors)}))::int as yellow,
      min(ls.event_date) as "firstEvent", max(ls.event_date) as "lastEvent"
    from equipment_latest_status ls
    join equipment e on e.id = ls.equipment_id
    join certificates c on c.id = e.certificate_id
    join events ev on ev.id = ls.event_id
    join folders rg on rg.id = ev.rig_id
    join folders pj on pj.id = ev.project_id
    where ${scoped(scope)} and not e.hidden
    group by rg.name, pj.name
    order by max(ls.event_date) desc, rg.name, pj.name`,
  fibreRopeStatus: ({ scope, settings }) => sql`
    select ${ITEM_COLUMNS}, c.date_signed as "dateSigned",
      round((current_date - c.date_signed) / 365.25, 1)::float as "ageYears"
    ${ITEMS}
    where ${scoped(scope)} and ${typeIs(settings.fibreRopeType)} and not e.hidden
    order by e.stamped_id`,
  renewal: ({ scope, settings }) => sql`
    select e.stamped_id as "stampedId", o.name as owner, ct.name as type, cst.name as "subType", d.name as dimension,
      c.certificate_number as certificate, c.date_signed as "dateSigned", r.renewed as "lastRenewal",
      (coalesce(r.renewed, c.date_signed) + make_interval(years => ${settings.renewalYears}))::date as due,
      (coalesce(r.renewed, c.date_signed) + make_interval(years => ${settings.renewalYears}))::date < current_date as overdue
    ${ACTIVE_ITEMS(scope)}
    left join lateral (
      select max(v.event_date) as renewed from event_items i join events v on v.id = i.event_id
      where i.equipment_id = e.id and v.is_renewal
    ) r on true
    where ${scoped(scope)} and not e.hidden
    order by e.stamped_id`,
  heavyChain: ({ scope, settings }) =>
    itemReport(
      sql`${scoped(scope)} and ${typeIs(settings.chainType)} and not e.hidden and ${dimensionNumber} >= ${settings.heavyChainMinDimension}`,
    ),
  chain84: ({ scope, settings }) =>
    itemReport(
      sql`${scoped(scope)} and ${typeIs(settings.chainType)} and not e.hidden and ${dimensionNumber} = ${settings.chain84Dimension}`,
    ),
  stampedids: ({ scope }) => itemReport(scoped(scope)),
  activity: ({ scope, settings }) => {
    const items = sql`from event_items i join equipment e on e.id = i.equipment_id join certificates c on c.id = e.certificate_id
      left join folders st on st.id = i.status_id where i.event_id = ev.id and ${scoped(scope)}`;
    return sql`
      select ev.event_date as "eventDate", et.name as "eventType", rg.name as rig, pj.name as project,
        (select count(*) ${items})::int as items,
        (select count(*) ${items} and st.color = any(${colors(settings.redColors)}))::int as red,
        (select count(*) ${items} and st.color = any(${colors(settings.yellowColors)}))::int as yellow
      ${ACTIVITY_EVENTS(scope, settings)}
      order by ev.event_date desc, ev.id desc`;
  },
  topChains: ({ scope, settings }) => {
    const legs = settings.mooringSpreads
      .filter((spread) => scope === 'all' || scope.includes(spread.ownerId))
      .flatMap((spread) =>
        spread.legs.map((leg, index) => ({ rig: spread.rig, leg: leg.name, n: index, top: leg.stampedIds.at(-1) ?? '' })),
      );
    return sql`
      with legs as (
        select * from jsonb_to_recordset(${JSON.stringify(legs)}::jsonb) as x(rig text, leg text, n int, top text)
      )
      select legs.rig, legs.leg, ${ITEM_COLUMNS},
        (select count(*) from event_items h where h.equipment_id = e.id)::int as events
      from legs
      join equipment e on e.stamped_id = legs.top
      join certificates c on c.id = e.certificate_id
      join owners o on o.id = c.owner_id
      join certificate_types ct on ct.id = c.type_id
      join certificate_sub_types cst on cst.id = c.sub_type_id
      join dimensions d on d.id = c.dimension_id
      left join equipment_latest_status ls on ls.equipment_id = e.id
      left join folders st on st.id = ls.status_id
      left join events ev on ev.id = ls.event_id
      left join folders et on et.id = ev.type_id
      left join folders rg on rg.id = ev.rig_id
      left join event_items ei on ei.id = ls.event_item_id
      where ${scoped(scope)}
      order by legs.rig, legs.n`;
  },
};

/**
 * Counts of the reports whose rows carry per-row subqueries (last MPI, last renewal, item counts):
 * the page computes them for its 50 rows only, the count never computes them.
 */
export const reportCounts: Partial<Record<ReportName, (ctx: ReportContext) => SQL>> = {
  kenterMpi: ({ scope, settings }) =>
    sql`select count(*)::int as n ${ACTIVE_ITEMS(scope)} where ${scoped(scope)} and ${typeIs(settings.kenterType)} and not e.hidden`,
  renewal: ({ scope }) => sql`select count(*)::int as n ${ACTIVE_ITEMS(scope)} where ${scoped(scope)} and not e.hidden`,
  activity: ({ scope, settings }) => sql`select count(*)::int as n ${ACTIVITY_EVENTS(scope, settings)}`,
};

/** Figures shown above some reports: label -> value. */
export const reportSummaries: Partial<Record<ReportName, (ctx: ReportContext) => SQL>> = {
  keyinfo: ({ scope }) => sql`
    select 'Certificates' as label, count(*)::int as value from certificates c where ${scoped(scope)}
    union all
    select 'Equipment', count(*)::int from equipment e join certificates c on c.id = e.certificate_id where ${scoped(scope)}
    union all
    select 'Chips', count(*)::int from chips ch join equipment e on e.id = ch.equipment_id
      join certificates c on c.id = e.certificate_id where ${scoped(scope)}
    union all
    select 'Events', count(*)::int from events v where ${
      scope === 'all'
        ? sql`true`
        : sql`exists (select 1 from event_items i join equipment e on e.id = i.equipment_id
            join certificates c on c.id = e.certificate_id where i.event_id = v.id and ${scoped(scope)})`
    }
    union all
    select 'Files', count(*)::int from certificates c where c.file_id is not null and ${scoped(scope)}`,
  heavyChain: (ctx) =>
    sql`select 'Total length' as label, coalesce(sum(r.length), 0)::float as value from (${reportQueries.heavyChain(ctx)}) r`,
  chain84: (ctx) => sql`select 'Total length' as label, coalesce(sum(r.length), 0)::float as value from (${reportQueries.chain84(ctx)}) r`,
};

export async function selectReportPage(db: Executor, query: SQL, page: number, pageSize: number, countQuery?: SQL) {
  const [{ rows }, count] = await Promise.all([
    db.execute(sql`${query} limit ${pageSize} offset ${page * pageSize}`),
    db.execute(countQuery ?? sql`select count(*)::int as n from (${query}) r`),
  ]);
  return { rows: rows as Record<string, unknown>[], total: (count.rows[0] as { n: number }).n };
}

export async function selectSummary(db: Executor, query: SQL) {
  const { rows } = await db.execute(query);
  return rows as { label: string; value: number }[];
}

// ---------------------------------------------------------------- general report, history, statuses
export interface GeneralFilter {
  owner: number;
  type?: number | null;
  subType?: number | null;
  dimension?: number | null;
}

export const generalReportQuery = (scope: OwnerScope, filter: GeneralFilter) => sql`
  select ${ITEM_COLUMNS} ${ITEMS}
  where ${scoped(scope)} and c.owner_id = ${filter.owner}
    ${filter.type ? sql`and c.type_id = ${filter.type}` : sql``}
    ${filter.subType ? sql`and c.sub_type_id = ${filter.subType}` : sql``}
    ${filter.dimension ? sql`and c.dimension_id = ${filter.dimension}` : sql``}
  order by e.stamped_id`;

/** Whether the owner is one the caller sees (a foreign or missing owner reads as missing). */
export async function ownerVisible(db: Executor, scope: OwnerScope, owner: number): Promise<string | null> {
  const { rows } = await db.execute(
    sql`select o.name from owners o where o.id = ${owner} and ${inOwnerScope(sql`o.id`, scope) ?? sql`true`}`,
  );
  return (rows[0] as { name: string } | undefined)?.name ?? null;
}

/** An item of the owner with its event history, newest first; null when not visible. */
export async function selectEquipmentHistory(db: Executor, scope: OwnerScope, owner: number, stampedId: string) {
  const { rows: found } = await db.execute(sql`
    select e.id, e.stamped_id from equipment e join certificates c on c.id = e.certificate_id
    where e.stamped_id = ${stampedId} and c.owner_id = ${owner} and ${scoped(scope)}`);
  const item = found[0] as { id: number; stamped_id: string } | undefined;
  if (!item) return null;
  const { rows } = await db.execute(sql`
    select v.event_date as "eventDate", t.name as "eventType", r.name as rig, p.name as project,
      s.name as status, s.color, i.comment
    from event_items i
    join events v on v.id = i.event_id
    join folders t on t.id = v.type_id
    join folders r on r.id = v.rig_id
    join folders p on p.id = v.project_id
    left join folders s on s.id = i.status_id
    where i.equipment_id = ${item.id}
    order by v.event_date desc, v.id desc`);
  return { stampedId: item.stamped_id, events: rows as never[] };
}

/** The latest status of the given stamped ids that the caller sees (linked, in scope). */
export async function selectLastEventStatus(db: Executor, scope: OwnerScope, stampedIds: string[]) {
  if (stampedIds.length === 0) return [];
  const { rows } = await db.execute(sql`
    select e.stamped_id as "stampedId", st.name as status, ls.color, ls.event_date as "eventDate", et.name as "eventType",
      e.hidden
    from equipment e
    join certificates c on c.id = e.certificate_id
    left join equipment_latest_status ls on ls.equipment_id = e.id
    left join folders st on st.id = ls.status_id
    left join events ev on ev.id = ls.event_id
    left join folders et on et.id = ev.type_id
    where e.stamped_id = any(${sql.param(stampedIds)}::text[]) and ${scoped(scope)}
    order by e.stamped_id`);
  return rows as never[];
}

/** Owners in scope with their catalogue, as one tree ordered by name. */
export async function selectCatalogue(db: Executor, scope: OwnerScope) {
  const { rows } = await db.execute(sql`
    select o.id as "ownerId", o.name as owner, ct.id as "typeId", ct.name as type,
      cst.id as "subTypeId", cst.name as "subType", d.id as "dimensionId", d.name as dimension
    from owners o
    left join certificate_types ct on ct.owner_id = o.id
    left join certificate_sub_types cst on cst.certificate_type_id = ct.id
    left join dimensions d on d.sub_type_id = cst.id
    where ${inOwnerScope(sql`o.id`, scope) ?? sql`true`}
    order by o.name, ct.name, cst.name, ${dimensionNumber.getSQL()}, d.name`);
  return rows as {
    ownerId: number;
    owner: string;
    typeId: number | null;
    type: string | null;
    subTypeId: number | null;
    subType: string | null;
    dimensionId: number | null;
    dimension: string | null;
  }[];
}
