/**
 * The equipment detail's SQL: one row for the item (found by stamped id or chip, within what the
 * viewer may see), then its chips, tags, history and events, each by an index on the item's id or
 * stamped id.
 *
 * EXPLAIN ANALYZE on the scale set (200,000 items, 2,000,000 event items; PostgreSQL, warm), for an
 * item with 23 events: the item with its certificate and catalogue names 0.28 ms (unique index on
 * stamped_id, then primary keys), for an external user 0.03 ms; its events 0.42 ms
 * (event_items_equipment_idx, then events and folders by primary key); history, chips and tags
 * 0.04 / 0.04 / 0.01 ms. By chip: 10.2 ms (a scan of 40,142 chips) before chips_chip_id_lower_key,
 * 0.05 ms after.
 */
import type { OwnerLabelColor } from '@portal/contract';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { OwnerScope } from '../../auth/scope.ts';
import type { Executor } from '../../db/client.ts';
import { equipmentVisible } from '../../db/equipment-scope.ts';
import {
  certificateSubTypes,
  certificates,
  certificateTypes,
  chips,
  dimensions,
  equipment,
  equipmentHistory,
  equipmentTags,
  eventItems,
  events,
  folders,
  owners,
} from '../../db/schema.ts';
import { inOwnerScope } from '../../db/scope.ts';

const parent = alias(equipment, 'parent');
const eventType = alias(folders, 'event_type');
const rig = alias(folders, 'rig');
const project = alias(folders, 'project');
const status = alias(folders, 'status');

export interface Visibility {
  viewer: { userType: number };
  scope: OwnerScope;
}

/** The item itself with its certificate, or undefined when it does not exist or the viewer may not see it. */
async function selectItem(db: Executor, where: SQL, { viewer, scope }: Visibility) {
  const [row] = await db
    .select({
      id: equipment.id,
      stampedId: equipment.stampedId,
      description: equipment.description,
      length: equipment.length,
      comment: equipment.comment,
      hidden: equipment.hidden,
      version: equipment.version,
      parentStampedId: parent.stampedId,
      hasChildren: sql<boolean>`exists (select 1 from equipment c where c.parent_id = ${equipment.id})`,
      certificateId: certificates.id,
      certificateNumber: certificates.certificateNumber,
      quality: certificates.quality,
      manufacturer: certificates.manufacturer,
      certifiedToCode: certificates.certifiedToCode,
      dateSigned: certificates.dateSigned,
      color: certificates.color,
      owner: { id: owners.id, name: owners.name, shortCode: owners.shortCode, label: sql<OwnerLabelColor>`${owners.label}` },
      type: { id: certificateTypes.id, name: certificateTypes.name },
      subType: { id: certificateSubTypes.id, name: certificateSubTypes.name },
      dimension: { id: dimensions.id, name: dimensions.name },
    })
    .from(equipment)
    .leftJoin(certificates, eq(certificates.id, equipment.certificateId))
    .leftJoin(owners, eq(owners.id, certificates.ownerId))
    .leftJoin(certificateTypes, eq(certificateTypes.id, certificates.typeId))
    .leftJoin(certificateSubTypes, eq(certificateSubTypes.id, certificates.subTypeId))
    .leftJoin(dimensions, eq(dimensions.id, certificates.dimensionId))
    .leftJoin(parent, eq(parent.id, equipment.parentId))
    .where(and(where, equipmentVisible(viewer, scope)));
  return row;
}
export type ItemRow = NonNullable<Awaited<ReturnType<typeof selectItem>>>;

/** By stamped id (the unique index equipment_stamped_id_key). */
export const selectItemByStampedId = (db: Executor, stampedId: string, visibility: Visibility) =>
  selectItem(db, eq(equipment.stampedId, stampedId), visibility);

/** By a chip on it, compared case-insensitively as scanners differ in case. */
export const selectItemByChip = (db: Executor, chipId: string, visibility: Visibility) =>
  selectItem(
    db,
    sql`${equipment.id} = (select ch.equipment_id from chips ch where lower(ch.chip_id) = ${chipId.toLowerCase()} and ch.equipment_id is not null)`,
    visibility,
  );

export const selectChips = (db: Executor, equipmentId: number) =>
  db
    .select({ chipId: chips.chipId, dateRegistered: chips.dateRegistered, createdBy: chips.createdBy })
    .from(chips)
    .where(eq(chips.equipmentId, equipmentId))
    .orderBy(asc(chips.dateRegistered), asc(chips.chipId));

/** Tags attach to stamped ids (an import may name an item before it exists). */
export const selectTags = (db: Executor, stampedId: string) =>
  db
    .select({ id: equipmentTags.id, tag: equipmentTags.tag, color: equipmentTags.color })
    .from(equipmentTags)
    .where(eq(equipmentTags.stampedId, stampedId))
    .orderBy(asc(equipmentTags.tag));

/**
 * The item's record history as the viewer may see it (docs/security.md rule 16): with a restricted
 * owner scope, rows recorded while the item was on a certificate outside it (another owner's, or one
 * since deleted) are left out; rows from while it was unlinked stay.
 */
export function selectHistory(db: Executor, equipmentId: number, scope: OwnerScope) {
  const owned = inOwnerScope(sql`c.owner_id`, scope);
  const visible = owned
    ? sql`(${equipmentHistory.certificateId} is null
        or exists (select 1 from certificates c where c.id = ${equipmentHistory.certificateId} and ${owned}))`
    : undefined;
  return db
    .select({
      stampedId: equipmentHistory.stampedId,
      certificateId: equipmentHistory.certificateId,
      length: equipmentHistory.length,
      hidden: equipmentHistory.hidden,
      comment: equipmentHistory.comment,
      changedAt: equipmentHistory.changedAt,
      changedBy: equipmentHistory.changedBy,
    })
    .from(equipmentHistory)
    .where(and(eq(equipmentHistory.equipmentId, equipmentId), visible))
    .orderBy(desc(equipmentHistory.changedAt), desc(equipmentHistory.id));
}

/** Every event of the item, newest first (event_items_equipment_idx, then the events by primary key). */
export const selectEvents = (db: Executor, equipmentId: number) =>
  db
    .select({
      eventId: events.id,
      eventComponentId: eventItems.id,
      eventDate: events.eventDate,
      type: { id: eventType.id, name: eventType.name },
      rig: { id: rig.id, name: rig.name },
      project: { id: project.id, name: project.name },
      location: events.eventLocation,
      statusId: status.id,
      statusName: status.name,
      statusColor: status.color,
      comment: eventItems.comment,
      notification: eventItems.notification,
      isRenewal: events.isRenewal,
      resetAge: events.resetAge,
      ageAtReset: events.ageAtReset,
      responsible: events.responsible,
    })
    .from(eventItems)
    .innerJoin(events, eq(events.id, eventItems.eventId))
    .innerJoin(eventType, eq(eventType.id, events.typeId))
    .innerJoin(rig, eq(rig.id, events.rigId))
    .innerJoin(project, eq(project.id, events.projectId))
    .leftJoin(status, eq(status.id, eventItems.statusId))
    .where(eq(eventItems.equipmentId, equipmentId))
    .orderBy(desc(events.eventDate), desc(events.id));

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
