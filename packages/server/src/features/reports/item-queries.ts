/**
 * The item lists among the reports (docs/reports.md): one ordered SELECT each, paged as JSON or
 * streamed into Excel by the service.
 */
import type { ReportName } from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import {
  colors,
  countsScoped,
  dimensionNumber,
  ITEM_COLUMNS,
  ITEMS,
  itemReport,
  LINKED_ITEMS,
  type ReportContext,
  scoped,
  statusIn,
  typeIs,
} from './shape.ts';

type ItemReport = Exclude<ReportName, 'keyinfo' | 'equipment/totals' | 'projects' | 'activity'>;

export const itemQueries: Record<ItemReport, (ctx: ReportContext) => SQL> = {
  kenterMpi: ({ scope, settings }) => sql`
    select e.stamped_id as "stampedId", o.name as owner, cst.name as "subType", d.name as dimension,
      c.certificate_number as certificate, mpi.event_date as "lastMpi", mpi.status as "mpiStatus", mpi.color as "mpiColor",
      (current_date - mpi.event_date)::int as "daysSince"
    ${LINKED_ITEMS}
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
    ${LINKED_ITEMS}
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
      ${ITEMS}
      join legs on legs.top = e.stamped_id
      where ${scoped(scope)}
      order by legs.rig, legs.n`;
  },
};

/**
 * Counts from the maintained `equipment_report_counts` (decision 046) where a report's rows are
 * linked items selected by owner, type, dimension, active and colour: a few thousand rows summed
 * instead of every item (and, for kenter MPI and renewal, without their per-row subqueries).
 */
const countItems = (scope: ReportContext['scope'], where: SQL) =>
  sql`select coalesce(sum(k.n), 0)::int as n from equipment_report_counts k
    join certificate_types ct on ct.id = k.type_id
    join dimensions d on d.id = k.dimension_id
    where ${countsScoped(scope)} and ${where}`;

export const itemCounts: Partial<Record<ItemReport, (ctx: ReportContext) => SQL>> = {
  kenterMpi: ({ scope, settings }) => countItems(scope, sql`${typeIs(settings.kenterType)} and not k.hidden`),
  renewal: ({ scope }) => countItems(scope, sql`not k.hidden`),
  redEquipment: ({ scope, settings }) => countItems(scope, sql`not k.hidden and ${statusIn(settings.redColors)}`),
  yellowEquipment: ({ scope, settings }) => countItems(scope, sql`not k.hidden and ${statusIn(settings.yellowColors)}`),
  redInactive: ({ scope, settings }) => countItems(scope, sql`k.hidden and ${statusIn(settings.redColors)}`),
  fibreRopeStatus: ({ scope, settings }) => countItems(scope, sql`${typeIs(settings.fibreRopeType)} and not k.hidden`),
  heavyChain: ({ scope, settings }) =>
    countItems(scope, sql`${typeIs(settings.chainType)} and not k.hidden and ${dimensionNumber} >= ${settings.heavyChainMinDimension}`),
  chain84: ({ scope, settings }) =>
    countItems(scope, sql`${typeIs(settings.chainType)} and not k.hidden and ${dimensionNumber} = ${settings.chain84Dimension}`),
  stampedids: ({ scope }) => countItems(scope, sql`true`),
};

export const itemSummaries: Partial<Record<ItemReport, (ctx: ReportContext) => SQL>> = {
  heavyChain: (ctx) =>
    sql`select 'Total length' as label, coalesce(sum(r.length), 0)::float as value from (${itemQueries.heavyChain(ctx)}) r`,
  chain84: (ctx) => sql`select 'Total length' as label, coalesce(sum(r.length), 0)::float as value from (${itemQueries.chain84(ctx)}) r`,
};
