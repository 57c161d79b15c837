/** The aggregate reports (docs/reports.md): key info, equipment totals, projects and activity. */
import type { ReportName, ReportSettings } from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { OwnerScope } from '../../auth/scope.ts';
import { colors, countsScoped, type ReportContext, scoped, statusIn } from './shape.ts';

type TotalsReport = Extract<ReportName, 'keyinfo' | 'equipment/totals' | 'projects' | 'activity'>;

/** Events of the activity period with at least one item in scope (the exists stops at the first). */
const ACTIVITY_EVENTS = (scope: OwnerScope, settings: ReportSettings) => sql`
  from events ev
  join folders et on et.id = ev.type_id
  join folders rg on rg.id = ev.rig_id
  join folders pj on pj.id = ev.project_id
  where ev.event_date > current_date - ${settings.activityDays}::int
    and exists (select 1 from event_items i join equipment e on e.id = i.equipment_id
      join certificates c on c.id = e.certificate_id where i.event_id = ev.id and ${scoped(scope)})`;

export const totalsQueries: Record<TotalsReport, (ctx: ReportContext) => SQL> = {
  keyinfo: ({ scope }) => sql`
    select o.name as owner, ct.name as type, sum(k.n)::int as total,
      coalesce(sum(k.n) filter (where not k.hidden), 0)::int as active,
      coalesce(sum(k.n) filter (where k.hidden), 0)::int as inactive,
      coalesce(sum(k.n) filter (where not k.hidden and k.chipped), 0)::int as "activeWithChip",
      coalesce(sum(k.n) filter (where k.connected), 0)::int as connected,
      coalesce(sum(k.n) filter (where k.noticed), 0)::int as notifications
    from equipment_report_counts k
    join owners o on o.id = k.owner_id
    join certificate_types ct on ct.id = k.type_id
    where ${countsScoped(scope)}
    group by o.name, ct.name
    having sum(k.n) > 0
    order by o.name, ct.name`,
  'equipment/totals': ({ scope, settings }) => sql`
    select o.name as owner, ct.name as type, cst.name as "subType", d.name as dimension, sum(k.n)::int as total,
      coalesce(sum(k.n) filter (where not k.hidden), 0)::int as active,
      coalesce(sum(k.n) filter (where k.hidden), 0)::int as inactive,
      coalesce(sum(k.n) filter (where not k.hidden and ${statusIn(settings.redColors)}), 0)::int as red,
      coalesce(sum(k.n) filter (where not k.hidden and ${statusIn(settings.yellowColors)}), 0)::int as yellow,
      coalesce(sum(k.n) filter (where not k.inspected), 0)::int as "neverInspected"
    from equipment_report_counts k
    join owners o on o.id = k.owner_id
    join certificate_types ct on ct.id = k.type_id
    join certificate_sub_types cst on cst.id = k.sub_type_id
    join dimensions d on d.id = k.dimension_id
    where ${countsScoped(scope)}
    group by o.name, ct.name, cst.name, d.name
    having sum(k.n) > 0
    order by o.name, ct.name, cst.name, d.name`,
  // Grouped by ids first (an event has one rig and project, so its events add up), then by names.
  projects: ({ scope, settings }) => sql`
    with by_id as (
      select ev.rig_id, ev.project_id, count(distinct k.event_id) as events, sum(k.n) as items,
        sum(k.n) filter (where ${statusIn(settings.redColors)}) as red,
        sum(k.n) filter (where ${statusIn(settings.yellowColors)}) as yellow,
        min(ev.event_date) as first, max(ev.event_date) as last
      from project_counts k
      join events ev on ev.id = k.event_id
      where ${countsScoped(scope)} and not k.hidden and k.n > 0
      group by ev.rig_id, ev.project_id
    )
    select rg.name as rig, pj.name as project, sum(b.events)::int as events, sum(b.items)::int as items,
      coalesce(sum(b.red), 0)::int as red, coalesce(sum(b.yellow), 0)::int as yellow,
      min(b.first) as "firstEvent", max(b.last) as "lastEvent"
    from by_id b
    join folders rg on rg.id = b.rig_id
    join folders pj on pj.id = b.project_id
    group by rg.name, pj.name
    order by max(b.last) desc, rg.name, pj.name`,
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
};

export const totalsCounts: Partial<Record<TotalsReport, (ctx: ReportContext) => SQL>> = {
  activity: ({ scope, settings }) => sql`select count(*)::int as n ${ACTIVITY_EVENTS(scope, settings)}`,
};

/** Figures shown above the table: label -> value. */
export const totalsSummaries: Partial<Record<TotalsReport, (ctx: ReportContext) => SQL>> = {
  keyinfo: ({ scope }) => sql`
    select 'Certificates' as label, coalesce(sum(k.n), 0)::int as value from certificate_counts k where ${countsScoped(scope)}
    union all
    select 'Equipment', coalesce(sum(k.n), 0)::int from equipment_report_counts k where ${countsScoped(scope)}
    union all
    select 'Chips', count(*)::int from chips ch join equipment e on e.id = ch.equipment_id
      join certificates c on c.id = e.certificate_id where ${scoped(scope)}
    union all
    select 'Events', ${
      scope === 'all'
        ? sql`(select coalesce(sum(n), 0)::int from event_counts)`
        : sql`count(*)::int from events v where exists (select 1 from event_items i join equipment e on e.id = i.equipment_id
            join certificates c on c.id = e.certificate_id where i.event_id = v.id and ${scoped(scope)})`
    }
    union all
    select 'Files', count(*)::int from certificates c where c.file_id is not null and ${scoped(scope)}`,
};
