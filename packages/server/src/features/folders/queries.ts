import type { Folder, FolderKind } from '@portal/contract';
import { and, asc, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { presentAudit, type Viewer } from '../../db/audit.ts';
import type { Executor } from '../../db/client.ts';
import { nameTaken } from '../../db/names.ts';
import { eventItems, events, folders } from '../../db/schema.ts';

export type FolderRow = typeof folders.$inferSelect;

/** The spec's folder shape: `default` is the column `is_default`; the sort order is not shown. */
export function toFolder(row: FolderRow, viewer: Viewer): Folder {
  const { isDefault, sortOrder: _, color, ...rest } = row;
  return presentAudit({ ...rest, default: isDefault, color: color as Folder['color'] }, viewer);
}

const siblingsOf = (kind: FolderKind, parentId: number | null): SQL =>
  and(eq(folders.kind, kind), parentId === null ? isNull(folders.parentId) : eq(folders.parentId, parentId)) as SQL;

export async function selectFolder(db: Executor, id: number): Promise<FolderRow | undefined> {
  const [row] = await db.select().from(folders).where(eq(folders.id, id));
  return row;
}

/** Folders in their pick-list order: the sort order, then the name. */
async function selectWhere(db: Executor, where: SQL | undefined): Promise<FolderRow[]> {
  return db
    .select()
    .from(folders)
    .where(where)
    .orderBy(asc(folders.sortOrder), asc(sql`lower(${folders.name})`), asc(folders.id));
}

export const selectRoots = (db: Executor, kinds: readonly FolderKind[]) =>
  selectWhere(db, and(isNull(folders.parentId), inArray(folders.kind, [...kinds])));

export const selectChildren = (db: Executor, parentId: number) => selectWhere(db, eq(folders.parentId, parentId));

/** Every child of the given kinds, for building the tree in one query. */
export const selectAllOfKinds = (db: Executor, kinds: readonly FolderKind[]) => selectWhere(db, inArray(folders.kind, [...kinds]));

/** Whether a sibling (same kind and parent) has this name, compared as the unique index does. */
export function folderNameTaken(db: Executor, options: { kind: FolderKind; parentId: number | null; name: string; exceptId?: number }) {
  return nameTaken(db, {
    table: folders,
    id: folders.id,
    names: folders.name,
    name: options.name,
    siblings: siblingsOf(options.kind, options.parentId),
    exceptId: options.exceptId,
  });
}

/** Only one default per parent: clears it on the siblings before another takes it. */
export async function clearDefault(
  db: Executor,
  options: { kind: FolderKind; parentId: number | null; exceptId?: number; by: { updatedBy: string; updatedAt: Date } },
) {
  await db
    .update(folders)
    .set({ isDefault: false, ...options.by })
    .where(
      and(
        siblingsOf(options.kind, options.parentId),
        eq(folders.isDefault, true),
        options.exceptId ? ne(folders.id, options.exceptId) : undefined,
      ),
    );
}

/** New folders go to the end of their siblings' order. */
export async function nextSortOrder(db: Executor, kind: FolderKind, parentId: number | null): Promise<number> {
  const [{ next }] = await db
    .select({ next: sql<number>`coalesce(max(${folders.sortOrder}), -1)::int + 1` })
    .from(folders)
    .where(siblingsOf(kind, parentId));
  return next;
}

export async function insertFolder(db: Executor, values: typeof folders.$inferInsert): Promise<FolderRow> {
  const [row] = await db.insert(folders).values(values).returning();
  return row;
}

export async function updateFolderRow(db: Executor, id: number, values: Partial<typeof folders.$inferInsert>): Promise<FolderRow> {
  const [row] = await db.update(folders).set(values).where(eq(folders.id, id)).returning();
  return row;
}

export async function deleteFolderRow(db: Executor, id: number): Promise<void> {
  await db.delete(folders).where(eq(folders.id, id));
}

/** How much refers to a folder: event items (statuses), events (types, rigs, projects), children. */
export async function countUses(db: Executor, row: FolderRow): Promise<{ eventItems: number; events: number; children: number }> {
  const count = sql<number>`count(*)::int`;
  const [[items], [eventRows], [children]] = await Promise.all([
    row.kind === 'status' ? db.select({ n: count }).from(eventItems).where(eq(eventItems.statusId, row.id)) : Promise.resolve([{ n: 0 }]),
    row.kind === 'status'
      ? Promise.resolve([{ n: 0 }])
      : db
          .select({ n: count })
          .from(events)
          .where(eq({ eventType: events.typeId, rig: events.rigId, project: events.projectId }[row.kind], row.id)),
    db.select({ n: count }).from(folders).where(eq(folders.parentId, row.id)),
  ]);
  return { eventItems: items.n, events: eventRows.n, children: children.n };
}
