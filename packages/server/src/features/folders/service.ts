import {
  type CreateFolderBody,
  childKindOf,
  type Folder,
  type FolderKind,
  type FolderTree,
  type FolderUsage,
  folderKindLabels,
  folderMessages,
  folderWriteLevel,
  meaningMessages,
  plural,
  type RootFolderKind,
  rootFolderKinds,
  type StatusMeaning,
  type UpdateFolderBody,
} from '@portal/contract';
import { requireAccess } from '../../auth/policy.ts';
import type { AuthUser } from '../../auth/users.ts';
import { createdBy, updatedBy, type Viewer } from '../../db/audit.ts';
import type { Database, Executor } from '../../db/client.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import {
  clearDefault,
  countUses,
  deleteFolderRow,
  type FolderRow,
  folderNameTaken,
  insertFolder,
  nextSortOrder,
  selectAllOfKinds,
  selectChildren,
  selectFolder,
  selectRoots,
  toFolder,
  updateFolderRow,
} from './queries.ts';

const isRootKind = (kind: FolderKind): kind is RootFolderKind => (rootFolderKinds as readonly string[]).includes(kind);
const notFoundAs = (kind?: FolderKind) => notFound(kind ? `The ${folderKindLabels[kind].one}` : 'The folder');

/** Section 6: event types and statuses need Admin, rigs and projects Events. */
function requireWriteLevel(user: AuthUser, kind: FolderKind) {
  requireAccess(user, { level: folderWriteLevel[kind], internal: true });
}

async function findFolder(db: Executor, id: number, kind?: FolderKind) {
  const row = await selectFolder(db, id);
  if (!row || (kind && row.kind !== kind)) throw notFoundAs(kind);
  return row;
}

/** Folder reads are for internal users (the routes say `internal: true`); `user` shows audit fields as that user may see them. */
interface Reader {
  user: Viewer;
}
const presenter = (reader: Reader) => (row: FolderRow) => toFolder(row, reader.user);

export async function getFolder(db: Database, options: Reader & { id: number; kind?: FolderKind }): Promise<Folder> {
  return presenter(options)(await findFolder(db, options.id, options.kind));
}

/** A folder's direct children; id 0 gives the roots (event types, then rigs). */
export async function listFolderChildren(db: Database, options: Reader & { id: number; kind?: RootFolderKind }): Promise<Folder[]> {
  const present = presenter(options);
  if (options.id === 0) return (await selectRoots(db, options.kind ? [options.kind] : rootFolderKinds)).map(present);
  await findFolder(db, options.id, options.kind);
  return (await selectChildren(db, options.id)).map(present);
}

/** Event types with their statuses and rigs with their projects, disabled ones included. */
export async function getFolderTree(db: Database, options: Reader): Promise<FolderTree> {
  const [roots, children] = await Promise.all([selectRoots(db, rootFolderKinds), selectAllOfKinds(db, ['status', 'project'])]);
  const present = presenter(options);
  const withChildren = (kind: RootFolderKind) =>
    roots
      .filter((root) => root.kind === kind)
      .map((root) => ({ ...present(root), children: children.filter((child) => child.parentId === root.id).map(present) }));
  return { eventTypes: withChildren('eventType'), rigs: withChildren('rig') };
}

/** Decides the new folder's kind from its parent, or from `kind` for a root. */
async function placeNewFolder(db: Executor, body: CreateFolderBody): Promise<{ kind: FolderKind; parentId: number | null }> {
  if (body.parentId == null) {
    if (!body.kind) throw badRequest('kind', folderMessages.kindRequired);
    if (!isRootKind(body.kind)) throw badRequest('parentId', folderMessages.parentRequired(body.kind));
    return { kind: body.kind, parentId: null };
  }
  const parent = await selectFolder(db, body.parentId);
  if (!parent) throw badRequest('parentId', folderMessages.parentNotFound);
  if (!isRootKind(parent.kind)) throw badRequest('parentId', folderMessages.parentCannotHaveChildren(parent.kind));
  const kind = childKindOf[parent.kind];
  if (body.kind && body.kind !== kind) throw badRequest('kind', folderMessages.kindMismatch(parent.kind, kind));
  return { kind, parentId: parent.id };
}

/** Translates a lost race on the unique indexes into the same answers as the checks before the write. */
function constraintError(error: unknown, kind: FolderKind, name: string): unknown {
  if (isUniqueViolation(error, 'folders_parent_name_key')) return badRequest('name', folderMessages.nameTaken(kind, name));
  if (isUniqueViolation(error, 'folders_one_default_key'))
    return conflict('Another default was set at the same time. Reload and try again.');
  return error;
}

async function assertNameFree(tx: Executor, options: { kind: FolderKind; parentId: number | null; name: string; exceptId?: number }) {
  if (await folderNameTaken(tx, options)) throw badRequest('name', folderMessages.nameTaken(options.kind, options.name));
}

/** A status always has a meaning (notInspected unless chosen); the other kinds never do. */
function meaningFor(kind: FolderKind, meaning: StatusMeaning | undefined): StatusMeaning | null {
  if (kind !== 'status') {
    if (meaning !== undefined) throw badRequest('meaning', meaningMessages.onlyStatuses);
    return null;
  }
  return meaning ?? 'notInspected';
}

export async function createFolder(db: Database, options: { user: AuthUser; body: CreateFolderBody }): Promise<Folder> {
  const name = options.body.name.trim();
  const isDefault = options.body.default ?? false;
  let kind: FolderKind | undefined;
  try {
    const row = await db.transaction(async (tx) => {
      const place = await placeNewFolder(tx, options.body);
      kind = place.kind;
      requireWriteLevel(options.user, place.kind);
      await assertNameFree(tx, { ...place, name });
      if (isDefault) await clearDefault(tx, { ...place, by: updatedBy(options.user) });
      return insertFolder(tx, {
        ...place,
        name,
        meaning: meaningFor(place.kind, options.body.meaning),
        color: options.body.color ?? 'default',
        isDefault,
        sortOrder: await nextSortOrder(tx, place.kind, place.parentId),
        ...createdBy(options.user),
      });
    });
    return toFolder(row, options.user);
  } catch (error) {
    throw kind ? constraintError(error, kind, name) : error;
  }
}

export async function updateFolder(db: Database, options: { user: AuthUser; id: number; body: UpdateFolderBody }): Promise<Folder> {
  const current = await findFolder(db, options.id);
  requireWriteLevel(options.user, current.kind);
  const { kind, parentId } = current;
  const name = options.body.name.trim();
  const meaning = options.body.meaning === undefined ? current.meaning : meaningFor(kind, options.body.meaning);
  try {
    const row = await db.transaction(async (tx) => {
      await assertNameFree(tx, { kind, parentId, name, exceptId: current.id });
      const audit = updatedBy(options.user);
      if (options.body.default) await clearDefault(tx, { kind, parentId, exceptId: current.id, by: audit });
      // A status's new colour reaches the latest-status rows by their trigger (db/derived/equipment_latest_status.sql).
      return updateFolderRow(tx, current.id, {
        name,
        color: options.body.color,
        isDefault: options.body.default,
        meaning,
        ...audit,
      });
    });
    return toFolder(row, options.user);
  } catch (error) {
    throw constraintError(error, kind, name);
  }
}

/** Disabled folders leave the pick lists but stay on the events and items that use them. */
export async function setFolderEnabled(db: Database, options: { user: AuthUser; id: number; enabled: boolean }): Promise<Folder> {
  const current = await findFolder(db, options.id);
  requireWriteLevel(options.user, current.kind);
  return toFolder(await updateFolderRow(db, current.id, { enabled: options.enabled, ...updatedBy(options.user) }), options.user);
}

/** Why the folder cannot be deleted now (what uses it), or null. */
async function deleteRefusal(db: Executor, current: FolderRow): Promise<string | null> {
  const uses = await countUses(db, current);
  if (uses.eventItems > 0) return folderMessages.inUse(current.kind, current.name, plural(uses.eventItems, 'event item'));
  if (uses.events > 0) return folderMessages.inUse(current.kind, current.name, plural(uses.events, 'event'));
  if (uses.children > 0) return folderMessages.hasChildren(current.kind, current.name, uses.children);
  return null;
}

/** Asked before a delete is confirmed, so that an in-use folder is refused without 'This cannot be undone' first. */
export async function getFolderUsage(db: Database, options: { user: AuthUser; id: number }): Promise<FolderUsage> {
  const current = await findFolder(db, options.id);
  requireWriteLevel(options.user, current.kind);
  const reason = await deleteRefusal(db, current);
  return { deletable: reason === null, reason };
}

/** Refuses (409, nothing deleted) while anything refers to the folder; disabling is the way out. */
export async function deleteFolder(db: Database, options: { user: AuthUser; id: number }): Promise<void> {
  const current = await findFolder(db, options.id);
  requireWriteLevel(options.user, current.kind);
  try {
    await db.transaction(async (tx) => {
      const refusal = await deleteRefusal(tx, current);
      if (refusal) throw conflict(refusal);
      await deleteFolderRow(tx, current.id);
    });
  } catch (error) {
    // Something started using it between the count and the delete.
    if (isForeignKeyViolation(error)) throw conflict(folderMessages.inUse(current.kind, current.name, 'other records'));
    throw error;
  }
}
