/** The aggregate reports (docs/reports.md): key info, equipment totals, projects and activity. */
import type { ReportName, ReportSettings } from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { OwnerScope } from '../../auth/scope.ts';
import { dimensionOrderOf } from '../../db/dimensions.ts';
import { anyOwnerInScope, coversEveryOwner } from '../../db/scope.ts';
import { countsScoped, meaningIs, RED, type ReportContext, YELLOW } from './shape.ts';

type TotalsReport = Extract<ReportName, 'keyinfo' | 'equipment/totals' | 'projects' | 'activity'>;

/**
 * Events of the activity period with at least one item in scope, from the event items kept per event,
 * owner and status (`event_item_colors`, decision 053). A condition on `events ev`: the count needs no
 * folder joins (type, rig and project are not-null foreign keys, so joining them drops no event). The
 * probe is a scalar subquery, not EXISTS: as a prepared statement the period is a parameter, and the
 * generic plan (a third of all events) turned EXISTS into a hash of all 120,000 count rows.
 */
const IN_ACTIVITY = (scope: OwnerScope, settings: ReportSettings) => sql`
  ev.event_date > current_date - ${settings.activityDays}::int
  and (select true from event_item_colors k where k.event_id = ev.id and k.n > 0 and ${countsScoped(scope)} limit 1)`;

/** Sums of `report_totals` (decision 053): a few hundred rows for every item of the scope. */
const TOTALS = (scope: OwnerScope, join = sql``) => sql`
  from report_totals k
  join owners o on o.id = k.owner_id
  join certificate_types ct on ct.id = k.type_id
  ${join}
  where ${countsScoped(scope)}`;

export const totalsQueries: Record<TotalsReport, (ctx: ReportContext) => SQL> = {
  keyinfo: ({ scope }) => sql`
    select o.name as owner, ct.name as type, sum(k.n)::int as total, sum(k.active)::int as active,
      sum(k.n - k.active)::int as inactive, sum(k.active_chipped)::int as "activeWithChip",
      sum(k.connected)::int as connected, sum(k.noticed)::int as notifications
    ${TOTALS(scope)}
    group by o.name, ct.name
    having sum(k.n) > 0
    order by o.name, ct.name`,
  'equipment/totals': ({ scope }) => sql`
    select o.name as owner, ct.name as type, cst.name as "subType", d.name as dimension, sum(k.n)::int as total,
      sum(k.active)::int as active, sum(k.n - k.active)::int as inactive,
      coalesce(sum(k.active) filter (where ${meaningIs(RED)}), 0)::int as red,
      coalesce(sum(k.active) filter (where ${meaningIs(YELLOW)}), 0)::int as yellow,
      sum(k.n - k.inspected)::int as "neverInspected"
    ${TOTALS(scope, sql`join certificate_sub_types cst on cst.id = k.sub_type_id join dimensions d on d.id = k.dimension_id`)}
    group by o.name, ct.name, cst.name, d.name
    having sum(k.n) > 0
    order by o.name, ct.name, cst.name, ${sql.raw(dimensionOrderOf('d.name'))}`,
  // Roll-ups per rig and project id (decision 057): events per owner set, items per owner and colour,
  // and the first and last dates from project_events_dates_idx (one short walk each, for the pairs in
  // scope). Grouped by ids first, then by names (two folders may share a name).
  projects: ({ scope }) => {
    const date = (order: SQL) => sql`(select p.event_date from project_events p
      where p.rig_id = s.rig_id and p.project_id = s.project_id and ${anyOwnerInScope(sql`p.owners`, scope)}
      order by p.event_date ${order} limit 1)`;
    return sql`
      with by_id as (
        select s.rig_id, s.project_id, s.events, i.items, i.red, i.yellow, ${date(sql`asc`)} as first, ${date(sql`desc`)} as last
        from (
          select k.rig_id, k.project_id, sum(k.n) as events from project_event_sets k
          where k.n > 0 and ${anyOwnerInScope(sql`k.owners`, scope)} group by 1, 2
        ) s
        join (
          select k.rig_id, k.project_id, sum(k.n) as items, sum(k.n) filter (where ${meaningIs(RED)}) as red,
            sum(k.n) filter (where ${meaningIs(YELLOW)}) as yellow
          from project_items k where k.n > 0 and ${countsScoped(scope)} group by 1, 2
        ) i on i.rig_id = s.rig_id and i.project_id = s.project_id
      )
      select rg.name as rig, pj.name as project, sum(b.events)::int as events, sum(b.items)::int as items,
        coalesce(sum(b.red), 0)::int as red, coalesce(sum(b.yellow), 0)::int as yellow,
        min(b.first) as "firstEvent", max(b.last) as "lastEvent"
      from by_id b
      join folders rg on rg.id = b.rig_id
      join folders pj on pj.id = b.project_id
      group by rg.name, pj.name
      order by max(b.last) desc, rg.name, pj.name`;
  },
  // Scalar subqueries over the event's few count rows: PostgreSQL runs them after the sort and limit,
  // for the page's rows only (a lateral join would run for every event of the period). The order is
  // events_date_idx's (both columns are not null, so `nulls last` changes no row's place): the page
  // walks the index and probes events until it has its rows, instead of probing and sorting every
  // event of the period (865 on the scale set).
  activity: ({ scope, settings }) => {
    const items = sql`from event_item_colors k left join folders st on st.id = k.status_id
      where k.event_id = ev.id and ${countsScoped(scope)}`;
    return sql`
      select ev.event_date as "eventDate", et.name as "eventType", rg.name as rig, pj.name as project,
        (select coalesce(sum(k.n), 0) ${items})::int as items,
        (select coalesce(sum(k.n), 0) ${items} and st.meaning = ${RED})::int as red,
        (select coalesce(sum(k.n), 0) ${items} and st.meaning = ${YELLOW})::int as yellow
      from events ev
      join folders et on et.id = ev.type_id
      join folders rg on rg.id = ev.rig_id
      join folders pj on pj.id = ev.project_id
      where ${IN_ACTIVITY(scope, settings)}
      order by ev.event_date desc nulls last, ev.id desc nulls last`;
  },
};

/**
 * Read whole and paged by the service: projects has one row per rig and project (60 on the scale set),
 * so its page and its count come from one read of the roll-ups instead of two.
 */
export const readWhole: ReadonlySet<TotalsReport> = new Set<TotalsReport>(['projects']);

export const totalsCounts: Partial<Record<TotalsReport, (ctx: ReportContext) => SQL>> = {
  // For every owner (owner 0) or one, a sum of the period's days kept in activity_days (decision 097):
  // at most a few hundred rows, however many events. For a few owners, the probe of each event: an
  // event with items of two of them counts once, which days kept per owner cannot tell.
  activity: ({ scope, settings }) => {
    const owner = coversEveryOwner(scope) ? 0 : scope.length === 1 ? scope[0] : null;
    if (owner === null) return sql`select count(*)::int as n from events ev where ${IN_ACTIVITY(scope, settings)}`;
    return sql`select coalesce(sum(a.n), 0)::int as n from activity_days a
      where a.owner_id = ${owner} and a.event_date > current_date - ${settings.activityDays}::int`;
  },
};

/** Figures shown above the table: label -> value. */
export const totalsSummaries: Partial<Record<TotalsReport, (ctx: ReportContext) => SQL>> = {
  keyinfo: ({ scope }) => sql`
    select 'Certificates' as label, coalesce(sum(k.n), 0)::int as value from certificate_counts k where ${countsScoped(scope)}
    union all
    select 'Equipment', coalesce(sum(k.n), 0)::int from report_totals k where ${countsScoped(scope)}
    union all
    select 'Chips', coalesce(sum(k.chips), 0)::int from report_totals k where ${countsScoped(scope)}
    union all
    select 'Events', ${
      coversEveryOwner(scope)
        ? sql`(select coalesce(sum(n), 0)::int from event_counts)`
        : sql`count(distinct k.event_id)::int from event_item_colors k where k.n > 0 and ${countsScoped(scope)}`
    }
    union all
    select 'Files', coalesce(sum(k.files), 0)::int from certificate_counts k where ${countsScoped(scope)}`,
};
