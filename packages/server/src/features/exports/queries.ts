/**
 * The SQL of the exports: an event with its items (read in batches through a cursor, so a 2,000-item
 * event or a large one never sits in memory whole), the items' images, and one item with its history.
 * Items of owners outside the caller's scope are left out; unlinked items show to internal users
 * (docs/security.md rules 2 and 9).
 */
import { type AgeEvent, isInternal, type TemplateDefinition } from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { OwnerScope } from '../../auth/scope.ts';
import type { Executor } from '../../db/client.ts';
import { itemInScope } from '../../db/equipment-scope.ts';
import { eventItemRowsFrom } from '../../db/event-item-rows.ts';
import { itemEventsQuery } from '../../db/item-events.ts';
import {
  bool,
  bytes,
  date,
  defineRead,
  int,
  json,
  num,
  type RowOf,
  readRow,
  readRows,
  renderRead,
  sheetRows,
  text,
} from '../../db/read.ts';
import { inOwnerScope, ownerScoped } from '../../db/scope.ts';
import { bestMatchFirst, sameStampedId } from '../../db/stamped-ids.ts';

/** Items the caller may see: their owners' (unlinked ones too for internal users); `e` the item, `c` its certificate. */
export function visible(viewer: { userType: number }, scope: OwnerScope): SQL {
  const owned = inOwnerScope(sql`c.owner_id`, scope) ?? sql`true`;
  return isInternal(viewer) ? sql`(e.certificate_id is null or ${owned})` : sql`(e.certificate_id is not null and ${owned})`;
}

export interface EventHeader {
  id: number;
  eventDate: string;
  eventType: string;
  rig: string;
  project: string;
  eventLocation: string | null;
  ahv: string | null;
  comment: string | null;
  documentNo: string | null;
  responsible: string | null;
  company: string | null;
  isRenewal: boolean;
  createdBy: string | null;
  /** The sign-off as a line ('Kari Nordmann (Level 2 MPI, Nordic Rope Survey AS) on 25.11.2026 - 09:14 UTC'); null when not signed. */
  signedOff: string | null;
}

export async function selectEventHeader(db: Executor, id: number): Promise<EventHeader | null> {
  const read = defineRead('exports.eventHeader', () => ({
    columns: {
      id: int(sql`v.id`),
      eventDate: date(sql`v.event_date`),
      eventType: text(sql`t.name`),
      rig: text(sql`r.name`),
      project: text(sql`p.name`),
      eventLocation: text.orNull(sql`v.event_location`),
      ahv: text.orNull(sql`v.ahv`),
      comment: text.orNull(sql`v.comment`),
      documentNo: text.orNull(sql`v.document_no`),
      responsible: text.orNull(sql`v.responsible`),
      company: text.orNull(sql`v.company`),
      isRenewal: bool(sql`v.is_renewal`),
      createdBy: text.orNull(sql`v.created_by`),
      signedOff: text.orNull(sql`(select so.inspector || ' (' || so.qualification || ', ' || so.company || ') on '
          || to_char(so.signed_at at time zone 'UTC', 'DD.MM.YYYY - HH24:MI') || ' UTC'
        from event_seals so where so.event_id = v.id and so.kind = 'signOff')`),
    },
    from: sql`from events v
    join folders t on t.id = v.type_id
    join folders r on r.id = v.rig_id
    join folders p on p.id = v.project_id
    where v.id = ${sql.placeholder('id')}`,
  }));
  return (await readRow(db, read, { id })) ?? null;
}

/** The event's items in their order, with certificate data for traceability. */
export const eventItemsQuery = (eventId: number, viewer: { userType: number }, scope: OwnerScope) => sql`
  select i.id as "itemId", i.sequence, e.stamped_id as "stampedId", e.description, e.length,
    ct.name as type, cst.name as "subType", d.name as dimension,
    s.name as status, s.color as "statusColor", i.comment, i.notification,
    c.certificate_number as certificate, o.name as owner, c.manufacturer, c.quality, c.date_signed as "dateSigned",
    (select count(*) from event_item_images im where im.event_item_id = i.id)::int as images,
    i.measurements, i.measurement_version_id as "versionId", d.nominal_size as "nominalSize", d.nominal_unit as "nominalUnit",
    (select ps.name from folders ps where ps.id = i.proposed_status_id) as proposed, i.verdict_reason as "verdictReason"
  from ${eventItemRowsFrom}
  where i.event_id = ${eventId} and ${visible(viewer, scope)}
  order by i.sequence, i.id`;

/**
 * The template versions the event's measured items that the caller sees were judged by (issue 28 part 6):
 * few, read once per export; none, and the export has no measurement columns.
 */
export async function selectEventTemplateVersions(
  db: Executor,
  eventId: number,
  viewer: { userType: number },
  scope: OwnerScope,
): Promise<Map<number, TemplateDefinition>> {
  const read = renderRead('exports.templateVersions', {
    columns: { id: int(sql`v.id`), definition: json<TemplateDefinition>(sql`v.definition`) },
    from: sql`from measurement_template_versions v
    where v.id in (
      select i.measurement_version_id from event_items i
        join equipment e on e.id = i.equipment_id left join certificates c on c.id = e.certificate_id
      where i.event_id = ${eventId} and i.measurement_version_id is not null and ${visible(viewer, scope)})`,
  });
  return new Map((await readRows(db, read)).map((row) => [row.id, row.definition]));
}

/**
 * The images of one item as a PDF prints them: their thumbnail rendition (a bounded JPEG), never the
 * original, which may be any size; null for an image whose rendition the upgrade has not made.
 */
export async function selectItemImages(db: Executor, itemId: number) {
  const read = defineRead('exports.itemImages', () => ({
    columns: { fileName: text(sql`f.file_name`), data: bytes.orNull(sql`r.data`) },
    from: sql`from event_item_images im join files f on f.id = im.file_id
      left join image_renditions r on r.file_id = f.id and r.size = 'thumb'
    where im.event_item_id = ${sql.placeholder('itemId')}
    order by im.id`,
  }));
  return readRows(db, read, { itemId });
}

export interface ItemDetail {
  id: number;
  stampedId: string;
  description: string | null;
  length: number | null;
  comment: string | null;
  hidden: boolean;
  owner: string | null;
  type: string | null;
  subType: string | null;
  dimension: string | null;
  certificate: string | null;
  manufacturer: string | null;
  quality: string | null;
  certifiedToCode: string | null;
  dateSigned: string | null;
  status: string | null;
  statusColor: string | null;
  eventDate: string | null;
}

/** An item with its certificate and the certificate's owner and catalogue names (`e`, `c`, `o`, `ct`, `cst`, `d`). */
export const itemWithCertificate = sql`from equipment e
    left join certificates c on c.id = e.certificate_id
    left join owners o on o.id = c.owner_id
    left join certificate_types ct on ct.id = c.type_id
    left join certificate_sub_types cst on cst.id = c.sub_type_id
    left join dimensions d on d.id = c.dimension_id`;

export async function selectItem(
  db: Executor,
  stampedId: string,
  viewer: { userType: number },
  scope: OwnerScope,
): Promise<ItemDetail | null> {
  const read = renderRead('exports.item', {
    columns: {
      id: int(sql`e.id`),
      stampedId: text(sql`e.stamped_id`),
      description: text.orNull(sql`e.description`),
      length: num.orNull(sql`e.length`),
      comment: text.orNull(sql`e.comment`),
      hidden: bool(sql`e.hidden`),
      owner: text.orNull(sql`o.name`),
      type: text.orNull(sql`ct.name`),
      subType: text.orNull(sql`cst.name`),
      dimension: text.orNull(sql`d.name`),
      certificate: text.orNull(sql`c.certificate_number`),
      manufacturer: text.orNull(sql`c.manufacturer`),
      quality: text.orNull(sql`c.quality`),
      certifiedToCode: text.orNull(sql`c.certified_to_code`),
      dateSigned: date.orNull(sql`c.date_signed`),
      status: text.orNull(sql`s.name`),
      statusColor: text.orNull(sql`ls.color`),
      eventDate: date.orNull(sql`ls.event_date`),
    },
    from: sql`${itemWithCertificate}
    left join equipment_latest_status ls on ls.equipment_id = e.id
    left join folders s on s.id = ls.status_id
    where ${sameStampedId(sql`e.stamped_id`, stampedId)} and ${visible(viewer, scope)}
    order by ${bestMatchFirst(sql`e.stamped_id`, stampedId, sql`e.case_duplicate`)} limit 1`,
  });
  return (await readRow(db, read)) ?? null;
}

/** The item's events, newest first; those recorded for another owner with date, type and status only. */
export async function selectItemHistory(db: Executor, equipmentId: number, scope: OwnerScope) {
  return sheetRows(db, itemEventsQuery(equipmentId, scope, 'statusColor'));
}

/** An item to label: its stamped id, its certificate's quality and signed date, and its latest age event. */
export type LabelItem = {
  stampedId: string;
  quality: string | null;
  dateSigned: string | null;
  reset: AgeEvent | null;
};

/** Each item's latest renewal or age reset (equipment_age_events, one probe of its key: decision 056), as columns. */
const labelColumns = () => ({
  stampedId: text(sql`q.stamped_id`),
  quality: text.orNull(sql`c.quality`),
  dateSigned: date.orNull(sql`c.date_signed`),
  resetEventId: int.orNull(sql`a.event_id`),
  resetEventDate: date.orNull(sql`a.event_date`),
  resetIsRenewal: bool.orNull(sql`a.is_renewal`),
  resetResetAge: bool.orNull(sql`a.reset_age`),
  resetAgeAtReset: num.orNull(sql`a.age_at_reset`),
});
const latestReset = sql`left join lateral (select a.event_id, a.event_date, a.is_renewal, a.reset_age, a.age_at_reset
  from equipment_age_events a where a.equipment_id = q.id order by a.event_date desc, a.event_id desc limit 1) a on true`;

function labelItem(row: RowOf<ReturnType<typeof labelColumns>>): LabelItem {
  const reset: AgeEvent | null =
    row.resetEventId === null
      ? null
      : {
          eventId: row.resetEventId,
          eventDate: row.resetEventDate as string,
          isRenewal: row.resetIsRenewal as boolean,
          resetAge: row.resetResetAge as boolean,
          ageAtReset: row.resetAgeAtReset,
        };
  return { stampedId: row.stampedId, quality: row.quality, dateSigned: row.dateSigned, reset };
}

/** The certificate's number and its active items, by stamped id; undefined when it is not in scope. */
export async function selectCertificateLabelItems(db: Executor, id: number, scope: OwnerScope) {
  const found = await readRow(
    db,
    renderRead('exports.labelCertificate', {
      columns: { number: text(sql`c.certificate_number`) },
      from: sql`from certificates c where c.id = ${id} and ${ownerScoped(sql`c.owner_id`, scope)}`,
    }),
  );
  if (!found) return undefined;
  const rows = await readRows(
    db,
    renderRead('exports.labelCertificateItems', {
      columns: labelColumns(),
      from: sql`from certificates c join equipment q on q.certificate_id = c.id
    ${latestReset}
    where c.id = ${id} and not q.hidden
    order by q.stamped_id`,
    }),
  );
  return { number: found.number, items: rows.map(labelItem) };
}

/** The event's items of the caller's owners and unlinked ones (docs/security.md rule 17), in the event's order. */
export async function selectEventLabelItems(db: Executor, eventId: number, scope: OwnerScope): Promise<LabelItem[]> {
  const rows = await readRows(
    db,
    renderRead('exports.labelEventItems', {
      columns: labelColumns(),
      from: sql`from event_items ei
    join equipment q on q.id = ei.equipment_id
    left join certificates c on c.id = q.certificate_id
    ${latestReset}
    where ei.event_id = ${eventId} and ${itemInScope(scope)}
    order by ei.sequence, ei.id`,
    }),
  );
  return rows.map(labelItem);
}
