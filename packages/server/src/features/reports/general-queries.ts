/** The general report, an item's event history, last statuses and the catalogue (docs/reports.md). */
import { sql } from 'drizzle-orm';
import type { OwnerScope } from '../../auth/scope.ts';
import type { Executor } from '../../db/client.ts';
import { dimensionOrderOf } from '../../db/dimensions.ts';
import { itemEventsQuery } from '../../db/item-events.ts';
import { bool, date, int, readRow, readRows, renderRead, sheetRows, text } from '../../db/read.ts';
import { inOwnerScope } from '../../db/scope.ts';
import { bestMatchFirst, sameStampedId, stampedIdIn } from '../../db/stamped-ids.ts';
import { countsScoped, ITEM_COLUMNS, ITEMS, scoped } from './shape.ts';

export interface GeneralFilter {
  owner: number;
  type?: number | null;
  subType?: number | null;
  dimension?: number | null;
}

/**
 * The owner's items of the filter; `withDue` adds each one's due date (`due`, from equipment_due:
 * docs/due-dates.md) for the Excel file (the screen shows its due badges from POST /DueDates/Lookup).
 */
export const generalReportQuery = (scope: OwnerScope, filter: GeneralFilter, withDue = false) => sql`
  select ${ITEM_COLUMNS} ${withDue ? sql`, du.due_date as due` : sql``} ${ITEMS}
  ${withDue ? sql`left join equipment_due du on du.equipment_id = e.id` : sql``}
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

export type GeneralNames = {
  owner: string;
  type: string | null;
  subType: string | null;
  dimension: string | null;
};

/**
 * The names of the filter: the owner when the caller sees it (else null: a foreign or missing owner
 * reads as missing), and its type, sub-type and dimension when given and of that owner's catalogue.
 */
export async function selectGeneralNames(db: Executor, scope: OwnerScope, filter: GeneralFilter): Promise<GeneralNames | null> {
  const read = renderRead('reports.generalNames', {
    columns: {
      owner: text(sql`o.name`),
      type: text.orNull(sql`(select ct.name from certificate_types ct where ct.id = ${filter.type ?? null}::int and ct.owner_id = o.id)`),
      subType: text.orNull(sql`(select cst.name from certificate_sub_types cst join certificate_types ct on ct.id = cst.certificate_type_id
        where cst.id = ${filter.subType ?? null}::int and ct.owner_id = o.id)`),
      dimension: text.orNull(sql`(select d.name from dimensions d join certificate_sub_types cst on cst.id = d.sub_type_id
        join certificate_types ct on ct.id = cst.certificate_type_id
        where d.id = ${filter.dimension ?? null}::int and ct.owner_id = o.id)`),
    },
    from: sql`from owners o where o.id = ${filter.owner} and ${inOwnerScope(sql`o.id`, scope) ?? sql`true`}`,
  });
  return (await readRow(db, read)) ?? null;
}

/** An item of the owner with its event history, newest first; null when not visible. */
export async function selectEquipmentHistory(db: Executor, scope: OwnerScope, owner: number, stampedId: string) {
  const item = await readRow(
    db,
    renderRead('reports.historyItem', {
      columns: { id: int(sql`e.id`), stampedId: text(sql`e.stamped_id`) },
      from: sql`from equipment e join certificates c on c.id = e.certificate_id
    where ${sameStampedId(sql`e.stamped_id`, stampedId)} and c.owner_id = ${owner} and ${scoped(scope)}
    order by ${bestMatchFirst(sql`e.stamped_id`, stampedId, sql`e.case_duplicate`)} limit 1`,
    }),
  );
  if (!item) return null;
  const rows = await sheetRows(db, itemEventsQuery(item.id, scope));
  return { stampedId: item.stampedId, events: rows as never[] };
}

/** The latest status of the given stamped ids that the caller sees (linked, in scope). */
export async function selectLastEventStatus(db: Executor, scope: OwnerScope, stampedIds: string[]) {
  if (stampedIds.length === 0) return [];
  const read = renderRead('reports.lastEventStatus', {
    columns: {
      stampedId: text(sql`e.stamped_id`),
      status: text.orNull(sql`st.name`),
      color: text.orNull(sql`ls.color`),
      eventDate: date.orNull(sql`ls.event_date`),
      eventType: text.orNull(sql`et.name`),
      hidden: bool(sql`e.hidden`),
    },
    from: sql`from equipment e
    join certificates c on c.id = e.certificate_id
    left join equipment_latest_status ls on ls.equipment_id = e.id
    left join folders st on st.id = ls.status_id
    left join events ev on ev.id = ls.event_id
    left join folders et on et.id = ev.type_id
    where ${stampedIdIn(sql`e.stamped_id`, stampedIds)} and ${scoped(scope)}
    order by e.stamped_id`,
  });
  return (await readRows(db, read)) as never[];
}

/** Owners in scope with their catalogue, as one tree ordered by name. */
export async function selectCatalogue(db: Executor, scope: OwnerScope) {
  const read = renderRead('reports.catalogue', {
    columns: {
      ownerId: int(sql`o.id`),
      owner: text(sql`o.name`),
      typeId: int.orNull(sql`ct.id`),
      type: text.orNull(sql`ct.name`),
      subTypeId: int.orNull(sql`cst.id`),
      subType: text.orNull(sql`cst.name`),
      dimensionId: int.orNull(sql`d.id`),
      dimension: text.orNull(sql`d.name`),
    },
    from: sql`from owners o
    left join certificate_types ct on ct.owner_id = o.id
    left join certificate_sub_types cst on cst.certificate_type_id = ct.id
    left join dimensions d on d.sub_type_id = cst.id
    where ${inOwnerScope(sql`o.id`, scope) ?? sql`true`}
    order by o.name, ct.name, cst.name, ${sql.raw(dimensionOrderOf('d.name'))}`,
  });
  return readRows(db, read);
}
