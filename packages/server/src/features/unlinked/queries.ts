/**
 * The unlinked equipment's SQL: items whose certificate_id is null, which the partial index
 * equipment_unlinked_idx (on id, where certificate_id is null) lists in id order.
 *
 * EXPLAIN ANALYZE figures on the scale set (200,000 equipment, 4,000 unlinked): docs/unlinked.md.
 */
import type { UnlinkedItem } from '@portal/contract';
import { and, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { OwnerScope } from '../../auth/scope.ts';
import { auditColumns, presentAudit, type Viewer } from '../../db/audit.ts';
import type { Executor } from '../../db/client.ts';
import { escapeLike } from '../../db/like.ts';
import { selectPage } from '../../db/paging.ts';
import { certificates, chips, equipment, equipmentHistory, eventItems } from '../../db/schema.ts';
import { inOwnerScope } from '../../db/scope.ts';

/**
 * The outer row's id, qualified: drizzle writes a one-table query's columns unqualified ("id"), which
 * inside a subquery would name the subquery's own table.
 */
const equipmentId = sql.raw('"equipment"."id"');
const hasEvents = sql`exists (select 1 from ${eventItems} where ${eventItems.equipmentId} = ${equipmentId})`;

export interface UnlinkedFilter {
  page: number;
  pageSize: number;
  search?: string;
  hasNoEvents: boolean;
}

function unlinkedWhere(filter: Pick<UnlinkedFilter, 'search' | 'hasNoEvents'>): SQL | undefined {
  const pattern = filter.search ? `%${escapeLike(filter.search)}%` : undefined;
  return and(
    isNull(equipment.certificateId),
    pattern ? or(ilike(equipment.stampedId, pattern), ilike(equipment.comment, pattern)) : undefined,
    filter.hasNoEvents ? sql`not ${hasEvents}` : undefined,
  );
}

/** One page, newest first: the ids walk equipment_unlinked_idx backwards, then the rows for those ids. */
export async function selectUnlinkedPage(db: Executor, filter: UnlinkedFilter, viewer: Viewer) {
  const { rows, total } = await selectPage(db, {
    from: equipment,
    id: equipment.id,
    where: unlinkedWhere(filter),
    orderBy: [desc(equipment.id)],
    page: filter.page,
    pageSize: filter.pageSize,
    rows: (ids: number[]) => selectUnlinkedRows(db, { ids }),
    idOf: (row) => row.id,
  });
  return { total, items: rows.map((row) => presentAudit(row, viewer)) };
}

/** The list's columns: the item, its event item and chip counts (each by its equipment index). */
export function selectUnlinkedRows(db: Executor, { ids, unlinkedOnly = true }: { ids: number[]; unlinkedOnly?: boolean }) {
  return db
    .select({
      id: equipment.id,
      stampedId: equipment.stampedId,
      description: equipment.description,
      length: equipment.length,
      comment: equipment.comment,
      hidden: equipment.hidden,
      certificateId: equipment.certificateId,
      eventCount: sql<number>`(select count(*) from ${eventItems} where ${eventItems.equipmentId} = ${equipmentId})::int`,
      chipCount: sql<number>`(select count(*) from ${chips} where ${chips.equipmentId} = ${equipmentId})::int`,
      ...auditColumns(equipment),
    })
    .from(equipment)
    .where(and(inArray(equipment.id, ids), unlinkedOnly ? isNull(equipment.certificateId) : undefined));
}

export type UnlinkedRow = Omit<UnlinkedItem, 'createdBy' | 'createdDate' | 'updatedBy' | 'updatedDate'>;

/** The unlinked item, locked for the rest of the transaction; undefined when missing or linked. */
export async function lockUnlinked(tx: Executor, id: number) {
  const [row] = await tx
    .select({
      id: equipment.id,
      stampedId: equipment.stampedId,
      length: equipment.length,
      comment: equipment.comment,
      hidden: equipment.hidden,
    })
    .from(equipment)
    .where(and(eq(equipment.id, id), isNull(equipment.certificateId)))
    .for('update');
  return row;
}

/** Whether the certificate exists among the caller's owners' (a foreign one reads as missing). */
export async function certificateInScope(tx: Executor, { id, scope }: { id: number; scope: OwnerScope }): Promise<boolean> {
  const rows = await tx
    .select({ id: certificates.id })
    .from(certificates)
    .where(and(eq(certificates.id, id), inOwnerScope(certificates.ownerId, scope)))
    .for('share');
  return rows.length > 0;
}

export interface UnlinkedChange {
  id: number;
  stampedId: string;
  length: number | null;
  comment: string | null;
  hidden: boolean;
  certificateId: number | null;
  by: string;
}

/** Writes the new values and keeps them as a history row (equipment_history is append-only). */
export async function writeUnlinkedChange(tx: Executor, change: UnlinkedChange) {
  const now = new Date();
  await tx
    .update(equipment)
    .set({
      length: change.length,
      comment: change.comment,
      certificateId: change.certificateId,
      version: sql`${equipment.version} + 1`,
      updatedBy: change.by,
      updatedAt: now,
    })
    .where(eq(equipment.id, change.id));
  await tx.insert(equipmentHistory).values({
    equipmentId: change.id,
    stampedId: change.stampedId,
    certificateId: change.certificateId,
    length: change.length,
    hidden: change.hidden,
    comment: change.comment,
    changedAt: now,
    changedBy: change.by,
  });
}

export async function countEventItems(tx: Executor, equipmentId: number): Promise<number> {
  const [{ total }] = await tx
    .select({ total: sql<number>`count(*)::int` })
    .from(eventItems)
    .where(eq(eventItems.equipmentId, equipmentId));
  return total;
}

/** Deletes the item; its chips and its own history go with it (foreign keys cascade), children are detached. */
export async function deleteEquipment(tx: Executor, id: number) {
  await tx.delete(equipment).where(eq(equipment.id, id));
}
