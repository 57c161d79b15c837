/**
 * SQL of the event detail: the summary's aggregates, the status counts and an equipment item's events
 * (the item page: chip-page.ts). EXPLAIN ANALYZE figures: docs/events.md.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { OwnerScope } from '../../auth/scope.ts';
import type { Executor } from '../../db/client.ts';
import { dimensionOrderOf } from '../../db/dimensions.ts';
import { itemInScope, recordedForAnotherOwner } from '../../db/equipment-scope.ts';
import { bool, date, defineRead, int, isoUtc, json, num, readRow, readRows, renderRead, text } from '../../db/read.ts';
import { inOwnerScope, preparedScope } from '../../db/scope.ts';
import { bestMatchFirst, sameStampedId } from '../../db/stamped-ids.ts';

const intArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/**
 * The summary in one statement (the event's existence, totals, statuses and type groups: one round
 * trip, was four statements in two). The items are read once: each item's equipment row is probed by
 * its primary key (`offset 0` keeps the subquery apart; as a plain join PostgreSQL hashed the whole
 * equipment table), its certificate beside it, probed the same way (with the
 * owner filter of a restricted user a plain join hashed all certificates). Groups are counted by ids,
 * then named and merged by name (type names repeat across owners). Each part is ordered as it is
 * shown; the parts come back as JSON. Only the items the caller's owners cover (and unlinked ones)
 * are counted (docs/security.md rule 17).
 */
const summaryParts = (owned: SQL | undefined) => ({
  with: sql`items as materialized (
    select ei.status_id, ei.notification, q.hidden, q.certificate_id, q.length,
      c.type_id, c.sub_type_id, c.dimension_id, c.quality, c.color
    from event_items ei
    cross join lateral (select q.hidden, q.certificate_id, q.length from equipment q where q.id = ei.equipment_id offset 0) q
    left join lateral (
      select c.owner_id, c.type_id, c.sub_type_id, c.dimension_id, c.quality, c.color from certificates c where c.id = q.certificate_id offset 0
    ) c on true
    where ei.event_id = ${sql.placeholder('eventId')} and ${itemInScope('all', sql`q.certificate_id`, sql`c.owner_id`, owned)}
  ), statuses as (
    select s.id, s.name, s.color, count(*)::int as amount, row_number() over (order by s.sort_order nulls last, s.name) as pos
    from items i left join folders s on s.id = i.status_id
    group by s.id, s.name, s.color, s.sort_order
  ), by_id as (
    select type_id, sub_type_id, dimension_id, quality, color, count(*) as amount, sum(length) as length
    from items group by 1, 2, 3, 4, 5
  ), groups as (
    select t.name as type, st.name as sub_type, d.name as dimension, g.quality, g.color,
      sum(g.amount)::int as amount, sum(g.length) as length,
      row_number() over (order by t.name nulls last, st.name, ${sql.raw(dimensionOrderOf('d.name'))}, g.quality, g.color) as pos
    from by_id g
    left join certificate_types t on t.id = g.type_id
    left join certificate_sub_types st on st.id = g.sub_type_id
    left join dimensions d on d.id = g.dimension_id
    group by 1, 2, 3, 4, 5
  )`,
  columns: {
    found: bool(sql`exists (select 1 from events e where e.id = ${sql.placeholder('eventId')})`),
    totals: json<{
      total: number;
      notifications: number;
      inactive: number;
      unlinked: number;
    }>(sql`(select json_build_object('total', count(*), 'notifications', count(*) filter (where notification),
      'inactive', count(*) filter (where hidden), 'unlinked', count(*) filter (where certificate_id is null)) from items)`),
    statuses: json<
      { id: number | null; name: string | null; color: string | null; amount: number }[]
    >(sql`(select coalesce(json_agg(json_build_object('id', id, 'name', name, 'color', color, 'amount', amount) order by pos), '[]')
      from statuses)`),
    groups: json<
      SummaryGroup[]
    >(sql`(select coalesce(json_agg(json_build_object('type', type, 'sub_type', sub_type, 'dimension', dimension, 'quality', quality,
      'color', color, 'amount', amount, 'length', length) order by pos), '[]') from groups)`),
  },
  from: sql``,
});

type SummaryGroup = {
  type: string | null;
  sub_type: string | null;
  dimension: string | null;
  quality: string | null;
  color: string | null;
  amount: number;
  length: number | null;
};

/** The summary's figures over the event's items; `found` is false when there is no such event. */
export async function selectSummary(db: Executor, eventId: number, scope: OwnerScope) {
  const owners = preparedScope(sql`c.owner_id`, scope);
  const read = defineRead(`events.summary.${owners.key}`, () => summaryParts(owners.where));
  const [row] = await readRows(db, read, { eventId, owners: owners.owners });
  return row;
}

/**
 * The detail page's header in one statement (was two in one round trip: the event record and its
 * status counts): the event with its names, file and item count, and its items' most severe status,
 * the colours ranked by `severity` (most severe first, unknown colours last), then the most items,
 * then the lowest id. Audit dates written as `Date.toISOString()` would (db/read.ts isoUtc); no row
 * when there is no such event. For a caller with an owner list the worst status is of their owners'
 * and unlinked items (the `owners` placeholder); the item count is every item's (each is a row).
 */
function detailsRead(owned: SQL | undefined) {
  const ownItems = owned
    ? sql`join equipment q on q.id = ei.equipment_id left join certificates c on c.id = q.certificate_id
      where ei.event_id = e.id and ${itemInScope('all', sql`q.certificate_id`, sql`c.owner_id`, owned)}`
    : sql`where ei.event_id = e.id`;
  return {
    columns: {
      id: int(sql`e.id`),
      typeId: int(sql`ty.id`),
      typeName: text(sql`ty.name`),
      rigId: int(sql`ri.id`),
      rigName: text(sql`ri.name`),
      projectId: int(sql`pr.id`),
      projectName: text(sql`pr.name`),
      eventDate: date(sql`e.event_date`),
      eventLocation: text.orNull(sql`e.event_location`),
      ahv: text.orNull(sql`e.ahv`),
      otherInfo: text.orNull(sql`e.comment`),
      documentNo: text.orNull(sql`e.document_no`),
      responsible: text.orNull(sql`e.responsible`),
      company: text.orNull(sql`e.company`),
      isRenewal: bool(sql`e.is_renewal`),
      category: text.orNull(sql`e.category`),
      resetAge: bool(sql`e.reset_age`),
      ageAtReset: num.orNull(sql`e.age_at_reset`),
      statusId: int.orNull(sql`worst.id`),
      statusName: text.orNull(sql`worst.name`),
      statusColor: text.orNull(sql`worst.color`),
      fileId: int.orNull(sql`e.file_id`),
      fileName: text.orNull(sql`f.file_name`),
      itemCount: int(sql`coalesce((select c.n from event_item_counts c where c.event_id = e.id), 0)`),
      createdBy: text.orNull(sql`e.created_by`),
      createdDate: isoUtc(sql`e.created_at`),
      updatedBy: text.orNull(sql`e.updated_by`),
      updatedDate: isoUtc(sql`e.updated_at`),
    },
    from: sql`from events e
    join folders ty on ty.id = e.type_id
    join folders ri on ri.id = e.rig_id
    join folders pr on pr.id = e.project_id
    left join files f on f.id = e.file_id
    left join lateral (
      select s.id, s.name, s.color from event_items ei join folders s on s.id = ei.status_id
      ${ownItems}
      group by s.id, s.name, s.color
      order by coalesce(array_position(${sql.placeholder('severity')}::text[], s.color), ${sql.placeholder('unranked')}), count(*) desc, s.id
      limit 1) worst on true
    where e.id = ${sql.placeholder('id')}`,
  };
}

/** The header's fields; staff names still to be screened (detail service). */
export async function selectDetails(db: Executor, eventId: number, severity: readonly string[], scope: OwnerScope) {
  const owners = preparedScope(sql`c.owner_id`, scope);
  const values = { id: eventId, severity, unranked: severity.length + 1, owners: owners.owners };
  const row = await readRow(
    db,
    defineRead(`events.details.${owners.key}`, () => detailsRead(owners.where)),
    values,
  );
  if (!row) return undefined;
  return {
    id: row.id,
    type: { id: row.typeId, name: row.typeName },
    rig: { id: row.rigId, name: row.rigName },
    referenceNo: { id: row.projectId, name: row.projectName },
    eventDate: row.eventDate,
    eventLocation: row.eventLocation,
    ahv: row.ahv,
    otherInfo: row.otherInfo,
    documentNo: row.documentNo,
    responsible: row.responsible,
    company: row.company,
    isRenewal: row.isRenewal,
    category: row.category,
    resetAge: row.resetAge,
    ageAtReset: row.ageAtReset,
    status: row.statusId === null ? null : { id: row.statusId, name: row.statusName as string, color: row.statusColor as string },
    file: row.fileId === null || row.fileName === null ? null : { id: row.fileId, fileName: row.fileName },
    itemCount: row.itemCount,
    createdBy: row.createdBy,
    createdDate: row.createdDate,
    updatedBy: row.updatedBy,
    updatedDate: row.updatedDate,
  };
}

/** An equipment item by id or stamped id, if the caller's owners cover it (unlinked items: every internal user). */
export async function selectVisibleEquipment(db: Executor, by: { id?: number; stampedId?: string }, scope: OwnerScope) {
  const key = by.id !== undefined ? sql`q.id = ${by.id}` : sameStampedId(sql`q.stamped_id`, by.stampedId ?? '');
  const read = renderRead('events.visibleEquipment', {
    columns: {
      id: int(sql`q.id`),
      stampedId: text(sql`q.stamped_id`),
      createdBy: text.orNull(sql`q.created_by`),
      createdAt: isoUtc(sql`q.created_at`),
      updatedBy: text.orNull(sql`q.updated_by`),
      updatedAt: isoUtc(sql`q.updated_at`),
    },
    from: sql`from equipment q left join certificates c on c.id = q.certificate_id
    where ${key} and ${itemInScope(scope)}
    order by ${bestMatchFirst(sql`q.stamped_id`, by.stampedId ?? '', sql`q.case_duplicate`)} limit 1`,
  });
  return readRow(db, read);
}

/** An event's detail, left out of the events recorded for another owner (`f.former`, docs/security.md rule 28). */
const mine = (column: SQL) => sql`case when not f.former then ${column} end`;

/**
 * The events of one equipment item, newest first, with its status, comment and images in each; those
 * recorded for another owner with their date, type and status only.
 */
export async function selectEquipmentEvents(db: Executor, equipmentId: number, scope: OwnerScope) {
  const read = renderRead('events.equipmentEvents', {
    columns: {
      eventItemId: int(sql`ei.id`),
      eventId: int(sql`e.id`),
      eventDate: text(sql`e.event_date`),
      type: text(sql`t.name`),
      location: text.orNull(mine(sql`e.event_location`)),
      rig: text.orNull(mine(sql`r.name`)),
      project: text.orNull(mine(sql`p.name`)),
      responsible: text.orNull(mine(sql`e.responsible`)),
      company: text.orNull(mine(sql`e.company`)),
      eventComment: text.orNull(mine(sql`e.comment`)),
      otherInfo: text.orNull(mine(sql`ei.comment`)),
      statusId: int.orNull(sql`s.id`),
      statusName: text.orNull(sql`s.name`),
      statusColor: text.orNull(sql`s.color`),
      category: text.orNull(mine(sql`e.category`)),
      isRenewal: bool(sql`e.is_renewal`),
      resetAge: bool(sql`e.reset_age`),
      ageAtReset: num.orNull(sql`e.age_at_reset`),
      notification: bool(sql`not f.former and ei.notification`),
      days: int(sql`current_date - e.event_date`),
      former: bool(sql`f.former`),
      signedBy: text.orNull(mine(sql`so.inspector`)),
      qualification: text.orNull(sql`so.qualification`),
      signedCompany: text.orNull(sql`so.company`),
      signedAt: isoUtc.orNull(sql`so.signed_at`),
    },
    from: sql`from event_items ei
    join events e on e.id = ei.event_id
    left join event_seals so on so.event_id = e.id and so.kind = 'signOff'
    join folders t on t.id = e.type_id
    join folders r on r.id = e.rig_id
    join folders p on p.id = e.project_id
    left join folders s on s.id = ei.status_id
    cross join lateral (select ${recordedForAnotherOwner(inOwnerScope(sql`hc.owner_id`, scope))} as former) f
    where ei.equipment_id = ${equipmentId}
    order by e.event_date desc, e.id desc`,
  });
  const rows = await readRows(db, read);
  // Images are findings: only those of the events recorded for the caller's owners.
  const itemIds = rows.filter((row) => !row.former).map((row) => row.eventItemId);
  const images = itemIds.length
    ? await readRows(
        db,
        renderRead('events.equipmentEventImages', {
          columns: { eventItemId: int(sql`i.event_item_id`), id: int(sql`f.id`), fileName: text(sql`f.file_name`) },
          from: sql`from event_item_images i join files f on f.id = i.file_id
          where i.event_item_id = any(${intArray(itemIds)}) order by i.id`,
        }),
      )
    : [];
  return { rows, images };
}
