/** The general report, an item's event history, last statuses and the catalogue (docs/reports.md). */
import { sql } from 'drizzle-orm';
import type { OwnerScope } from '../../auth/scope.ts';
import type { Executor } from '../../db/client.ts';
import { itemEventsQuery } from '../../db/item-events.ts';
import { inOwnerScope } from '../../db/scope.ts';
import { countsScoped, dimensionNumber, ITEM_COLUMNS, ITEMS, scoped } from './shape.ts';

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

/** The general report's row count from the maintained totals (decision 053), not a count of its join. */
export const generalCountQuery = (scope: OwnerScope, filter: GeneralFilter) => sql`
  select coalesce(sum(k.n), 0)::int as n from report_totals k
  where ${countsScoped(scope)} and k.owner_id = ${filter.owner}
    ${filter.type ? sql`and k.type_id = ${filter.type}` : sql``}
    ${filter.subType ? sql`and k.sub_type_id = ${filter.subType}` : sql``}
    ${filter.dimension ? sql`and k.dimension_id = ${filter.dimension}` : sql``}`;

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
  const { rows } = await db.execute(itemEventsQuery(item.id, scope));
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
