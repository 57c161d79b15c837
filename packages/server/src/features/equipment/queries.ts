/**
 * The equipment detail's SQL, one statement: the item (found by stamped id or chip, within what the
 * viewer may see) with its certificate and catalogue names, and as JSON arrays beside it its chips,
 * tags, history and events, each by an index on the item's id or stamped id. No row when the item
 * does not exist or the viewer may not see it. Was five statements in two round trips (the item, then
 * the four lists); read by db/read.ts (decisions 051 and 090), timestamps written by PostgreSQL as
 * `Date.toISOString()` would.
 * The item by the unique index on stamped_id (or chips_chip_id_lower_key), its events by
 * event_items_equipment_idx, the rest by primary keys (EXPLAIN figures: docs/performance.md,
 * 'Figures behind the code').
 */
import { isInternal, type OwnerLabelColor, type StatusMeaning } from '@portal/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { OwnerScope } from '../../auth/scope.ts';
import type { Executor } from '../../db/client.ts';
import { equipmentVisible, recordedForAnotherOwner } from '../../db/equipment-scope.ts';
import { inIntArray } from '../../db/prepared.ts';
import { bool, date, defineRead, int, isoUtc, list, num, type RowOf, readRow, text } from '../../db/read.ts';
import { certificateSubTypes, certificates, certificateTypes, dimensions, equipment, equipmentHistory, owners } from '../../db/schema.ts';
import { preparedScope } from '../../db/scope.ts';
import { bestMatchFirst, sameStampedId } from '../../db/stamped-ids.ts';
import { fileUrl } from '../../http/downloads.ts';

export interface Visibility {
  viewer: { userType: number };
  scope: OwnerScope;
}

/**
 * The item's record history as the viewer may see it (docs/security.md rule 16): with a restricted
 * owner scope, rows recorded while the item was on a certificate outside it (another owner's, or one
 * since deleted) are left out; rows from while it was unlinked stay.
 */
function historyVisible(restricted: boolean): SQL {
  return restricted
    ? sql`and (h.certificate_id is null
        or exists (select 1 from certificates hc where hc.id = h.certificate_id and ${inIntArray(sql`hc.owner_id`, 'owners')}))`
    : sql``;
}

/** An event's detail, left out of the events recorded for another owner (`f.former`, docs/security.md rule 28). */
const mine = (column: SQL) => sql`case when not f.former then ${column} end`;

const idName = (id: number, name: string) => ({ id, name });

/**
 * The read of one look-up (`by`), viewer kind and scope kind: the item's columns, its lists as nested
 * rows (db/read.ts `list`), and how many of the item's event items hold measurements (its wear is read
 * only from two on: equipment service).
 */
function detailRead(by: 'stampedId' | 'chip', visible: SQL | undefined, restricted: boolean) {
  const where =
    by === 'stampedId'
      ? sameStampedId(equipment.stampedId, sql.placeholder('key'))
      : sql`${equipment.id} = (select ch.equipment_id from chips ch where lower(ch.chip_id) = ${sql.placeholder('key')} and ch.equipment_id is not null)`;
  return {
    columns: {
      id: int(equipment.id),
      stampedId: text(equipment.stampedId),
      description: text.orNull(equipment.description),
      length: num.orNull(equipment.length),
      comment: text.orNull(equipment.comment),
      hidden: bool(equipment.hidden),
      parentStampedId: text.orNull(sql`parent.stamped_id`),
      hasChildren: bool(sql`exists (select 1 from equipment c where c.parent_id = ${equipment.id})`),
      // The certificate and its names: null together when the item is unlinked (left joins).
      certificateId: int.orNull(certificates.id),
      certificateName: text.orNull(certificates.certificateNumber),
      quality: text.orNull(certificates.quality),
      manufacturer: text.orNull(certificates.manufacturer),
      certifiedToCode: text.orNull(certificates.certifiedToCode),
      dateSigned: date.orNull(certificates.dateSigned),
      color: text.orNull(certificates.color),
      ownerId: int.orNull(owners.id),
      ownerName: text.orNull(owners.name),
      ownerShortCode: text.orNull(owners.shortCode),
      ownerLabel: text.orNull(owners.label),
      typeId: int.orNull(certificateTypes.id),
      typeName: text.orNull(certificateTypes.name),
      subTypeId: int.orNull(certificateSubTypes.id),
      subTypeName: text.orNull(certificateSubTypes.name),
      dimensionId: int.orNull(dimensions.id),
      dimensionName: text.orNull(dimensions.name),
      otherInformation: text.orNull(certificates.otherInformation),
      fileId: int.orNull(certificates.fileId),
      fileName: text.orNull(sql`cf.file_name`),
      chips: list(
        { chipId: text(sql`ch.chip_id`), dateRegistered: isoUtc(sql`ch.date_registered`), createdBy: text.orNull(sql`ch.created_by`) },
        sql`from chips ch where ch.equipment_id = ${equipment.id}`,
        sql`ch.date_registered, ch.chip_id`,
      ),
      tags: list(
        { id: int(sql`t.id`), tag: text(sql`t.tag`), color: text(sql`t.color`) },
        sql`from equipment_tags t where t.stamped_id = ${equipment.stampedId}`,
        sql`t.tag`,
      ),
      history: list(
        {
          stampedId: text(sql`h.stamped_id`),
          certificateId: int.orNull(sql`h.certificate_id`),
          length: num.orNull(sql`h.length`),
          hidden: bool(sql`h.hidden`),
          comment: text.orNull(sql`h.comment`),
          changedAt: isoUtc(sql`h.changed_at`),
          changedBy: text.orNull(sql`h.changed_by`),
          certificateNumber: text.orNull(sql`(select hc.certificate_number from certificates hc where hc.id = h.certificate_id)`),
        },
        sql`from ${equipmentHistory} h where h.equipment_id = ${equipment.id} ${historyVisible(restricted)}`,
        sql`h.changed_at desc, h.id desc`,
      ),
      events: list(
        {
          eventId: int(sql`e.id`),
          eventComponentId: int(sql`ei.id`),
          eventDate: date(sql`e.event_date`),
          typeId: int(sql`ty.id`),
          typeName: text(sql`ty.name`),
          rigId: int.orNull(mine(sql`ri.id`)),
          rigName: text.orNull(mine(sql`ri.name`)),
          projectId: int.orNull(mine(sql`pr.id`)),
          projectName: text.orNull(mine(sql`pr.name`)),
          location: text.orNull(mine(sql`e.event_location`)),
          statusId: int.orNull(sql`st.id`),
          statusName: text.orNull(sql`st.name`),
          statusColor: text.orNull(sql`st.color`),
          comment: text.orNull(mine(sql`ei.comment`)),
          notification: bool(sql`not f.former and ei.notification`),
          isRenewal: bool(sql`e.is_renewal`),
          resetAge: bool(sql`e.reset_age`),
          ageAtReset: num.orNull(sql`e.age_at_reset`),
          responsible: text.orNull(mine(sql`e.responsible`)),
          formerOwner: bool(sql`f.former`),
          statusMeaning: text.orNull(sql`st.meaning`),
          signedBy: text.orNull(mine(sql`so.inspector`)),
          qualification: text.orNull(sql`so.qualification`),
          company: text.orNull(sql`so.company`),
          signedAt: isoUtc.orNull(sql`so.signed_at`),
        },
        sql`from event_items ei
        join events e on e.id = ei.event_id
        left join event_seals so on so.event_id = e.id and so.kind = 'signOff'
        join folders ty on ty.id = e.type_id
        join folders ri on ri.id = e.rig_id
        join folders pr on pr.id = e.project_id
        left join folders st on st.id = ei.status_id
        cross join lateral (select ${recordedForAnotherOwner(restricted ? inIntArray(sql`hc.owner_id`, 'owners') : undefined)} as former) f
        where ei.equipment_id = ${equipment.id}`,
        sql`e.event_date desc, e.id desc`,
      ),
      measuredEventItems: int(
        sql`(select count(*) from event_items mi where mi.equipment_id = ${equipment.id} and mi.measurements <> '[]'::jsonb)`,
      ),
    },
    from: sql`from ${equipment}
    left join ${certificates} on ${certificates.id} = ${equipment.certificateId}
    left join ${owners} on ${owners.id} = ${certificates.ownerId}
    left join ${certificateTypes} on ${certificateTypes.id} = ${certificates.typeId}
    left join ${certificateSubTypes} on ${certificateSubTypes.id} = ${certificates.subTypeId}
    left join ${dimensions} on ${dimensions.id} = ${certificates.dimensionId}
    left join files cf on cf.id = ${certificates.fileId}
    left join equipment parent on parent.id = ${equipment.parentId}
    where ${and(where, visible)}
    ${by === 'stampedId' ? sql`order by ${bestMatchFirst(equipment.stampedId, sql.placeholder('key'), equipment.caseDuplicate)} limit 1` : sql``}`,
  };
}

/** The item with everything its page shows, or undefined when it does not exist or the viewer may not see it. */
async function selectDetail(db: Executor, by: 'stampedId' | 'chip', key: string, { viewer, scope }: Visibility) {
  const owners = preparedScope(certificates.ownerId, scope);
  const variant = `equipment.detail.${by}.${isInternal(viewer) ? 'internal' : 'external'}.${owners.key}`;
  const read = defineRead(variant, () => detailRead(by, equipmentVisible(viewer, scope, owners.where), owners.where !== undefined));
  const row = await readRow(db, read, { key, owners: owners.owners });
  return row && presentRow(row);
}

/** The item's row as its page shows it; staff names are still to be screened (equipment service). */
function presentRow(row: RowOf<ReturnType<typeof detailRead>['columns']>) {
  const { certificateId } = row;
  return {
    id: row.id,
    stampedId: row.stampedId,
    description: row.description,
    length: row.length,
    comment: row.comment,
    hidden: row.hidden,
    parentStampedId: row.parentStampedId,
    hasChildren: row.hasChildren,
    certificateId,
    certificate:
      certificateId === null
        ? null
        : {
            certificateName: row.certificateName as string,
            quality: row.quality,
            manufacturer: row.manufacturer,
            certifiedToCode: row.certifiedToCode,
            dateSigned: row.dateSigned,
            color: row.color as string,
            owner: {
              id: row.ownerId as number,
              name: row.ownerName as string,
              shortCode: row.ownerShortCode as string,
              label: row.ownerLabel as OwnerLabelColor,
            },
            type: idName(row.typeId as number, row.typeName as string),
            subType: idName(row.subTypeId as number, row.subTypeName as string),
            dimension: idName(row.dimensionId as number, row.dimensionName as string),
            otherInformation: row.otherInformation,
            certificateFile: row.fileId === null ? null : { id: row.fileId, fileName: row.fileName as string, url: fileUrl(row.fileId) },
          },
    chips: row.chips,
    tags: row.tags.map((t) => ({ id: t.id, stampedId: row.stampedId, tag: t.tag, color: t.color })),
    history: row.history,
    events: row.events.map((e) => ({
      eventId: e.eventId,
      eventComponentId: e.eventComponentId,
      eventDate: e.eventDate,
      type: idName(e.typeId, e.typeName),
      rig: e.rigId === null ? null : idName(e.rigId, e.rigName as string),
      project: e.projectId === null ? null : idName(e.projectId, e.projectName as string),
      location: e.location,
      status:
        e.statusId === null
          ? null
          : {
              id: e.statusId,
              name: e.statusName as string,
              color: e.statusColor ?? 'none',
              meaning: e.statusMeaning as StatusMeaning,
            },
      comment: e.comment,
      notification: e.notification,
      isRenewal: e.isRenewal,
      resetAge: e.resetAge,
      ageAtReset: e.ageAtReset,
      responsible: e.responsible,
      formerOwner: e.formerOwner,
      signOff:
        e.signedBy === null
          ? null
          : {
              signedBy: e.signedBy,
              qualification: e.qualification as string,
              company: e.company as string,
              signedAt: e.signedAt as string,
            },
    })),
    measuredEventItems: row.measuredEventItems,
  };
}
export type DetailRow = NonNullable<Awaited<ReturnType<typeof selectDetail>>>;

/** By stamped id (the unique index equipment_stamped_id_key). */
export const selectDetailByStampedId = (db: Executor, stampedId: string, visibility: Visibility) =>
  selectDetail(db, 'stampedId', stampedId, visibility);

/** By a chip on it, compared case-insensitively as scanners differ in case. */
export const selectDetailByChip = (db: Executor, chipId: string, visibility: Visibility) =>
  selectDetail(db, 'chip', chipId.toLowerCase(), visibility);

/** Sets the active flag and appends the history row, in the caller's transaction; answers false when it already had it. */
export async function updateHidden(tx: Executor, item: { id: number; hidden: boolean; by: string }): Promise<boolean> {
  const now = new Date();
  const [row] = await tx
    .update(equipment)
    .set({ hidden: item.hidden, version: sql`${equipment.version} + 1`, updatedBy: item.by, updatedAt: now })
    .where(and(eq(equipment.id, item.id), sql`${equipment.hidden} is distinct from ${item.hidden}`))
    .returning({
      id: equipment.id,
      stampedId: equipment.stampedId,
      certificateId: equipment.certificateId,
      length: equipment.length,
      comment: equipment.comment,
      hidden: equipment.hidden,
    });
  if (!row) return false;
  const { id, ...state } = row;
  await tx.insert(equipmentHistory).values({ equipmentId: id, ...state, changedAt: now, changedBy: item.by });
  return true;
}
