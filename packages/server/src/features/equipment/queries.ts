/**
 * The equipment detail's SQL, one statement: the item (found by stamped id or chip, within what the
 * viewer may see) with its certificate and catalogue names, and as JSON arrays beside it its chips,
 * tags, history and events, each by an index on the item's id or stamped id. No row when the item
 * does not exist or the viewer may not see it. Was five statements in two round trips (the item, then
 * the four lists); the rows come back as arrays and are shaped by hand (db/array-rows.ts, decision
 * 051), timestamps written by PostgreSQL as `Date.toISOString()` would.
 * The item by the unique index on stamped_id (or chips_chip_id_lower_key), its events by
 * event_items_equipment_idx, the rest by primary keys (EXPLAIN figures: docs/performance.md,
 * 'Figures behind the code').
 */
import { isInternal, type OwnerLabelColor, type StatusMeaning } from '@portal/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { OwnerScope } from '../../auth/scope.ts';
import { type ArrayRow, arrayRows, isoUtc, renderOnce } from '../../db/array-rows.ts';
import type { Executor } from '../../db/client.ts';
import { equipmentVisible, recordedForAnotherOwner } from '../../db/equipment-scope.ts';
import { inIntArray } from '../../db/prepared.ts';
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

/**
 * The statement of one look-up (`by`), viewer kind and scope kind; four columns before the last are the
 * lists as JSON, the last is how many of the item's event items hold measurements (its wear is read only
 * from two on: equipment service).
 */
function detailStatement(by: 'stampedId' | 'chip', visible: SQL | undefined, restricted: boolean): SQL {
  const where =
    by === 'stampedId'
      ? sameStampedId(equipment.stampedId, sql.placeholder('key'))
      : sql`${equipment.id} = (select ch.equipment_id from chips ch where lower(ch.chip_id) = ${sql.placeholder('key')} and ch.equipment_id is not null)`;
  return sql`select ${equipment.id}, ${equipment.stampedId}, ${equipment.description}, ${equipment.length}, ${equipment.comment},
      ${equipment.hidden}, parent.stamped_id, exists (select 1 from equipment c where c.parent_id = ${equipment.id}),
      ${certificates.id}, ${certificates.certificateNumber}, ${certificates.quality}, ${certificates.manufacturer},
      ${certificates.certifiedToCode}, ${certificates.dateSigned}, ${certificates.color},
      ${owners.id}, ${owners.name}, ${owners.shortCode}, ${owners.label},
      ${certificateTypes.id}, ${certificateTypes.name}, ${certificateSubTypes.id}, ${certificateSubTypes.name},
      ${dimensions.id}, ${dimensions.name}, ${certificates.otherInformation}, ${certificates.fileId}, cf.file_name,
      (select coalesce(json_agg(json_build_array(ch.chip_id, ${isoUtc(sql`ch.date_registered`)}, ch.created_by)
          order by ch.date_registered, ch.chip_id), '[]')
        from chips ch where ch.equipment_id = ${equipment.id}),
      (select coalesce(json_agg(json_build_array(t.id, t.tag, t.color) order by t.tag), '[]')
        from equipment_tags t where t.stamped_id = ${equipment.stampedId}),
      (select coalesce(json_agg(json_build_array(h.stamped_id, h.certificate_id, h.length, h.hidden, h.comment,
          ${isoUtc(sql`h.changed_at`)}, h.changed_by, (select hc.certificate_number from certificates hc where hc.id = h.certificate_id))
          order by h.changed_at desc, h.id desc), '[]')
        from ${equipmentHistory} h where h.equipment_id = ${equipment.id} ${historyVisible(restricted)}),
      (select coalesce(json_agg(json_build_array(e.id, ei.id, e.event_date, ty.id, ty.name,
          ${mine(sql`ri.id`)}, ${mine(sql`ri.name`)}, ${mine(sql`pr.id`)}, ${mine(sql`pr.name`)}, ${mine(sql`e.event_location`)},
          st.id, st.name, st.color, ${mine(sql`ei.comment`)}, not f.former and ei.notification, e.is_renewal, e.reset_age, e.age_at_reset,
          ${mine(sql`e.responsible`)}, f.former, st.meaning,
          ${mine(sql`so.inspector`)}, so.qualification, so.company, ${isoUtc(sql`so.signed_at`)}) order by e.event_date desc, e.id desc), '[]')
        from event_items ei
        join events e on e.id = ei.event_id
        left join event_seals so on so.event_id = e.id and so.kind = 'signOff'
        join folders ty on ty.id = e.type_id
        join folders ri on ri.id = e.rig_id
        join folders pr on pr.id = e.project_id
        left join folders st on st.id = ei.status_id
        cross join lateral (select ${recordedForAnotherOwner(restricted ? inIntArray(sql`hc.owner_id`, 'owners') : undefined)} as former) f
        where ei.equipment_id = ${equipment.id}),
      (select count(*) from event_items mi where mi.equipment_id = ${equipment.id} and mi.measurements <> '[]'::jsonb)::int
    from ${equipment}
    left join ${certificates} on ${certificates.id} = ${equipment.certificateId}
    left join ${owners} on ${owners.id} = ${certificates.ownerId}
    left join ${certificateTypes} on ${certificateTypes.id} = ${certificates.typeId}
    left join ${certificateSubTypes} on ${certificateSubTypes.id} = ${certificates.subTypeId}
    left join ${dimensions} on ${dimensions.id} = ${certificates.dimensionId}
    left join files cf on cf.id = ${certificates.fileId}
    left join equipment parent on parent.id = ${equipment.parentId}
    where ${and(where, visible)}
    ${by === 'stampedId' ? sql`order by ${bestMatchFirst(equipment.stampedId, sql.placeholder('key'), equipment.caseDuplicate)} limit 1` : sql``}`;
}

/** The item with everything its page shows, or undefined when it does not exist or the viewer may not see it. */
async function selectDetail(db: Executor, by: 'stampedId' | 'chip', key: string, { viewer, scope }: Visibility) {
  const owners = preparedScope(certificates.ownerId, scope);
  const variant = `equipment.detail.${by}.${isInternal(viewer) ? 'internal' : 'external'}.${owners.key}`;
  const statement = renderOnce(variant, () =>
    detailStatement(by, equipmentVisible(viewer, scope, owners.where), owners.where !== undefined),
  );
  const [row] = await arrayRows(db, statement, { key, owners: owners.owners });
  return row && presentRow(row);
}

type Json = unknown[][];
const idName = (id: unknown, name: unknown) => ({ id: id as number, name: name as string });

/** The row by position (detailStatement's select list); staff names are still to be screened (equipment service). */
function presentRow(row: ArrayRow) {
  const certificateId = row[8] as number | null;
  return {
    id: row[0] as number,
    stampedId: row[1] as string,
    description: row[2] as string | null,
    length: row[3] as number | null,
    comment: row[4] as string | null,
    hidden: row[5] as boolean,
    parentStampedId: row[6] as string | null,
    hasChildren: row[7] as boolean,
    certificateId,
    certificate:
      certificateId === null
        ? null
        : {
            certificateName: row[9] as string,
            quality: row[10] as string | null,
            manufacturer: row[11] as string | null,
            certifiedToCode: row[12] as string | null,
            dateSigned: row[13] as string | null,
            color: row[14] as string,
            owner: { id: row[15] as number, name: row[16] as string, shortCode: row[17] as string, label: row[18] as OwnerLabelColor },
            type: idName(row[19], row[20]),
            subType: idName(row[21], row[22]),
            dimension: idName(row[23], row[24]),
            otherInformation: row[25] as string | null,
            certificateFile:
              row[26] === null ? null : { id: row[26] as number, fileName: row[27] as string, url: fileUrl(row[26] as number) },
          },
    chips: (row[28] as Json).map((c) => ({ chipId: c[0] as string, dateRegistered: c[1] as string, createdBy: c[2] as string | null })),
    tags: (row[29] as Json).map((t) => ({ id: t[0] as number, stampedId: row[1] as string, tag: t[1] as string, color: t[2] as string })),
    history: (row[30] as Json).map((h) => ({
      stampedId: h[0] as string,
      certificateId: h[1] as number | null,
      length: h[2] as number | null,
      hidden: h[3] as boolean,
      comment: h[4] as string | null,
      changedAt: h[5] as string,
      changedBy: h[6] as string | null,
      certificateNumber: h[7] as string | null,
    })),
    events: (row[31] as Json).map((e) => ({
      eventId: e[0] as number,
      eventComponentId: e[1] as number,
      eventDate: e[2] as string,
      type: idName(e[3], e[4]),
      rig: e[5] === null ? null : idName(e[5], e[6]),
      project: e[7] === null ? null : idName(e[7], e[8]),
      location: e[9] as string | null,
      status:
        e[10] === null
          ? null
          : { id: e[10] as number, name: e[11] as string, color: (e[12] as string | null) ?? 'none', meaning: e[20] as StatusMeaning },
      comment: e[13] as string | null,
      notification: e[14] as boolean,
      isRenewal: e[15] as boolean,
      resetAge: e[16] as boolean,
      ageAtReset: e[17] as number | null,
      responsible: e[18] as string | null,
      formerOwner: e[19] as boolean,
      signOff:
        e[21] === null || e[21] === undefined
          ? null
          : { signedBy: e[21] as string, qualification: e[22] as string, company: e[23] as string, signedAt: e[24] as string },
    })),
    measuredEventItems: row[32] as number,
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
