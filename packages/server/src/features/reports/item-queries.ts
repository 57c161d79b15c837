/**
 * The item lists among the reports (docs/reports.md): one ordered SELECT each, streamed into Excel by
 * the service; a JSON page runs the same SELECT over the page's ids (item-pages.ts, decision 049).
 */
import type { ReportName } from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import { coversOwner } from '../../db/scope.ts';
import { CHIP_PAGE, chipPageIds, itemPageIds, PAGE_ITEMS, pageOf } from './item-pages.ts';
import {
  countsScoped,
  dimensionMm,
  EVERY_ITEM,
  ITEM_COLUMNS,
  ITEM_JOINS,
  itemReport,
  LINKED_JOINS,
  meaningIs,
  RED,
  type ReportContext,
  scoped,
  TOP_CHAIN_ITEM_COLUMNS,
  typeIs,
  YELLOW,
} from './shape.ts';

type ItemReport = Exclude<ReportName, 'keyinfo' | 'equipment/totals' | 'projects' | 'activity'>;

/**
 * A catalogue test (type name, dimension number) on every item; a page's ids were picked by the same
 * test (item-pages.ts), and on its 50 rows the test only misleads the planner (it guesses that one
 * dimension matches and reads the page once per dimension).
 */
const catalogue = (items: SQL, test: SQL) => (items === EVERY_ITEM ? test : sql`true`);

/** Each report's SELECT over `items`: every linked item (`EVERY_ITEM`) or a page's (item-pages.ts). */
const itemSelects: Record<ItemReport, (ctx: ReportContext, items: SQL) => SQL> = {
  kenterMpi: ({ scope, settings }, items) => sql`
    select e.stamped_id as "stampedId", o.name as owner, cst.name as "subType", d.name as dimension,
      c.certificate_number as certificate, mpi.event_date as "lastMpi", mpi.status as "mpiStatus", mpi.color as "mpiColor",
      (current_date - mpi.event_date)::int as "daysSince"
    ${items} ${LINKED_JOINS}
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
    where ${scoped(scope)} and ${catalogue(items, typeIs(settings.kenterType))} and not e.hidden
    order by e.stamped_id`,
  chipReport: ({ scope }, items) => sql`
    select ch.chip_id as "chipId", e.stamped_id as "stampedId", o.name as owner, ct.name as type, d.name as dimension,
      ch.date_registered::date as registered, not e.hidden as active
    ${items === EVERY_ITEM ? sql`from chips ch join equipment e on e.id = ch.equipment_id` : items}
    join certificates c on c.id = e.certificate_id
    join owners o on o.id = c.owner_id
    join certificate_types ct on ct.id = c.type_id
    join dimensions d on d.id = c.dimension_id
    where ${scoped(scope)}
    order by e.stamped_id, ch.chip_id`,
  unlinkedEquipment: ({ internal }, items) => sql`
    select e.stamped_id as "stampedId", e.description, e.length, e.comment, e.created_at::date as added,
      st.name as status, ls.color as "statusColor", ls.event_date as "eventDate"
    ${items}
    left join equipment_latest_status ls on ls.equipment_id = e.id
    left join folders st on st.id = ls.status_id
    where e.certificate_id is null and ${internal ? sql`true` : sql`false`}
    order by e.stamped_id`,
  redEquipment: ({ scope }, items) => itemReport(sql`${scoped(scope)} and not e.hidden and ls.inspection_meaning = ${RED}`, items),
  yellowEquipment: ({ scope }, items) => itemReport(sql`${scoped(scope)} and not e.hidden and ls.inspection_meaning = ${YELLOW}`, items),
  redInactive: ({ scope }, items) => itemReport(sql`${scoped(scope)} and e.hidden and ls.inspection_meaning = ${RED}`, items),
  fibreRopeStatus: ({ scope, settings }, items) => sql`
    select ${ITEM_COLUMNS}, c.date_signed as "dateSigned",
      round((current_date - c.date_signed) / 365.25, 1)::float as "ageYears"
    ${items} ${ITEM_JOINS}
    where ${scoped(scope)} and ${catalogue(items, typeIs(settings.fibreRopeType))} and not e.hidden
    order by e.stamped_id`,
  // One clock (docs/due-dates.md): the renewal clock of equipment_due where the item's regime has a
  // renewal interval, else renewalYears after the last renewal that renewed it (or the signed date).
  renewal: ({ scope, settings }, items) => sql`
    select "stampedId", owner, type, "subType", dimension, certificate, "dateSigned", "lastRenewal", due, due < current_date as overdue
    from (
      select e.stamped_id as "stampedId", o.name as owner, ct.name as type, cst.name as "subType", d.name as dimension,
        c.certificate_number as certificate, c.date_signed as "dateSigned", r.renewed as "lastRenewal",
        coalesce(du.renewal_due, (greatest(c.date_signed, r.renewed) + make_interval(years => ${settings.renewalYears}))::date) as due
      ${items} ${LINKED_JOINS}
      left join equipment_due du on du.equipment_id = e.id
      left join lateral (
        select max(a.event_date) as renewed from equipment_age_events a where a.equipment_id = e.id and a.is_renewal
      ) r on true
      where ${scoped(scope)} and not e.hidden
    ) x
    order by "stampedId"`,
  heavyChain: ({ scope, settings }, items) =>
    itemReport(
      sql`${scoped(scope)} and not e.hidden and ${catalogue(items, sql`${typeIs(settings.chainType)} and ${dimensionMm} >= ${settings.heavyChainMinDimension}`)}`,
      items,
    ),
  chain84: ({ scope, settings }, items) =>
    itemReport(
      sql`${scoped(scope)} and not e.hidden and ${catalogue(items, sql`${typeIs(settings.chainType)} and ${dimensionMm} = ${settings.chain84Dimension}`)}`,
      items,
    ),
  stampedids: ({ scope }, items) => itemReport(scoped(scope), items),
  topChains: ({ scope, settings }) => {
    const legs = settings.mooringSpreads
      .filter((spread) => coversOwner(scope, spread.ownerId))
      .flatMap((spread) =>
        spread.legs.map((leg, index) => ({ rig: spread.rig, leg: leg.name, n: index, top: leg.stampedIds.at(-1) ?? '' })),
      );
    // The legs' top items first (a handful), then their fields: the planner never weighs every item.
    return sql`
      with legs as materialized (
        select x.*, t.id from jsonb_to_recordset(${JSON.stringify(legs)}::jsonb) as x(rig text, leg text, n int, top text)
        join equipment t on t.stamped_id = x.top
      )
      select legs.rig, legs.leg, ${TOP_CHAIN_ITEM_COLUMNS},
        (select count(*) from event_items h where h.equipment_id = e.id)::int as events
      from legs join equipment e on e.id = legs.id ${ITEM_JOINS}
      where ${scoped(scope)}
      order by legs.rig, legs.n`;
  },
};

export const itemQueries = Object.fromEntries(
  Object.entries(itemSelects).map(([name, select]) => [name, (ctx: ReportContext) => select(ctx, EVERY_ITEM)]),
) as Record<ItemReport, (ctx: ReportContext) => SQL>;

/** Pages picked by id first (item-pages.ts); the others page their SELECT with limit and offset. */
export const itemPages: Partial<Record<ItemReport, (ctx: ReportContext, limit: number, offset: number) => SQL>> = Object.fromEntries(
  Object.entries(itemPageIds).map(([name, ids]) => [
    name,
    (ctx: ReportContext, limit: number, offset: number) =>
      pageOf(ids(ctx, limit + offset), limit, offset, itemSelects[name as ItemReport](ctx, PAGE_ITEMS)),
  ]),
);
itemPages.chipReport = (ctx, limit, offset) => pageOf(chipPageIds(ctx), limit, offset, itemSelects.chipReport(ctx, CHIP_PAGE));

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
  redEquipment: ({ scope }) => countItems(scope, sql`not k.hidden and ${meaningIs(RED)}`),
  yellowEquipment: ({ scope }) => countItems(scope, sql`not k.hidden and ${meaningIs(YELLOW)}`),
  redInactive: ({ scope }) => countItems(scope, sql`k.hidden and ${meaningIs(RED)}`),
  fibreRopeStatus: ({ scope, settings }) => countItems(scope, sql`${typeIs(settings.fibreRopeType)} and not k.hidden`),
  heavyChain: ({ scope, settings }) =>
    countItems(scope, sql`${typeIs(settings.chainType)} and not k.hidden and ${dimensionMm} >= ${settings.heavyChainMinDimension}`),
  chain84: ({ scope, settings }) =>
    countItems(scope, sql`${typeIs(settings.chainType)} and not k.hidden and ${dimensionMm} = ${settings.chain84Dimension}`),
  stampedids: ({ scope }) => countItems(scope, sql`true`),
  chipReport: ({ scope }) => sql`select coalesce(sum(k.chips), 0)::int as n from equipment_report_counts k where ${countsScoped(scope)}`,
  unlinkedEquipment: ({ internal }) =>
    sql`select count(*)::int as n from equipment e where e.certificate_id is null and ${internal ? sql`true` : sql`false`}`,
};

/** The total length of the items a count selects, from the same maintained counts. */
const totalLength = (scope: ReportContext['scope'], where: SQL) =>
  sql`select 'Total length' as label, coalesce(sum(k.length), 0)::float as value from equipment_report_counts k
    join certificate_types ct on ct.id = k.type_id
    join dimensions d on d.id = k.dimension_id
    where ${countsScoped(scope)} and ${where}`;

export const itemSummaries: Partial<Record<ItemReport, (ctx: ReportContext) => SQL>> = {
  heavyChain: ({ scope, settings }) =>
    totalLength(scope, sql`${typeIs(settings.chainType)} and not k.hidden and ${dimensionMm} >= ${settings.heavyChainMinDimension}`),
  chain84: ({ scope, settings }) =>
    totalLength(scope, sql`${typeIs(settings.chainType)} and not k.hidden and ${dimensionMm} = ${settings.chain84Dimension}`),
};
