import { hasLevel, isInternal, meetsAccess } from '@portal/contract';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { OwnerScope } from '../../auth/scope.ts';
import type { AuthUser } from '../../auth/users.ts';
import { auditColumns } from '../../db/audit.ts';
import type { Executor } from '../../db/client.ts';
import { selectPage } from '../../db/paging.ts';
import { files, helpFiles, imageRenditions } from '../../db/schema.ts';
import { inOwnerScope } from '../../db/scope.ts';

/** The download address of a stored file (the API is served under /api). */

const meta = {
  id: files.id,
  fileName: files.fileName,
  contentType: files.contentType,
  size: files.size,
  sha256: files.sha256,
  ...auditColumns(files),
};
export interface FileMeta {
  id: number;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
  createdBy: string | null;
  createdAt: Date;
  updatedBy: string | null;
  updatedAt: Date;
}

const isHelp = sql`exists (select 1 from help_files h where h.file_id = ${files.id})`;
const onEvent = sql`(exists (select 1 from events e where e.file_id = ${files.id})
  or exists (select 1 from event_item_images i where i.file_id = ${files.id}))`;
const onCertificate = sql`exists (select 1 from certificates c where c.file_id = ${files.id})`;
/** Anything that refers to the file; help is counted separately. */
const usedOutsideHelp = sql`(${onEvent} or ${onCertificate})`;

/**
 * Who may download a file, inside SQL (decision in docs/decisions/021-files-help-and-download-tokens.md):
 * a SystemAdministrator every file; otherwise the uploader; internal Read users help files and
 * event files and images; Read users certificate files of their owners; internal Admins files that
 * nothing refers to yet. Above all of these, a certificate's file of an owner outside the caller's
 * scope reads as missing, for everyone (a restricted SystemAdministrator included).
 */

/** Who reads a file: the user and their owner scope. */
export interface Reader {
  user: AuthUser;
  scope: OwnerScope;
}

export function readableBy(user: AuthUser, scope: OwnerScope): SQL {
  const internal = isInternal(user);
  const read = hasLevel(user, 'Read');
  const ownerOfCertificate = inOwnerScope(sql`c.owner_id`, scope);
  const certificateInScope = ownerOfCertificate
    ? sql`exists (select 1 from certificates c where c.file_id = ${files.id} and ${ownerOfCertificate})`
    : onCertificate;
  const foreignCertificate = ownerOfCertificate
    ? sql`exists (select 1 from certificates c where c.file_id = ${files.id} and not ${ownerOfCertificate})`
    : sql`false`;
  const sysAdmin = meetsAccess(user, { level: 'SystemAdministrator', internal: true });
  const rules: SQL[] = [sql`${files.createdBy} = ${user.email}`];
  // Help is for every internal user, level None included (section 6 hides it only from Report users).
  if (internal) rules.push(isHelp);
  if (internal && read) rules.push(onEvent);
  if (read) rules.push(certificateInScope);
  if (meetsAccess(user, { level: 'Admin', internal: true })) rules.push(sql`not (${isHelp} or ${usedOutsideHelp})`);
  const granted = sql`(${sql.join(rules, sql` or `)})`;
  return sysAdmin ? sql`not ${foreignCertificate}` : sql`(not ${foreignCertificate} and ${granted})`;
}

export async function insertFile(db: Executor, values: typeof files.$inferInsert): Promise<FileMeta> {
  const [row] = await db.insert(files).values(values).returning(meta);
  return row;
}

export async function selectFileMeta(db: Executor, id: number, reader: Reader): Promise<FileMeta | undefined> {
  const [row] = await db
    .select(meta)
    .from(files)
    .where(and(eq(files.id, id), readableBy(reader.user, reader.scope)));
  return row;
}

export async function selectFileData(db: Executor, id: number, reader: Reader) {
  const [row] = await db
    .select({ ...meta, data: files.data })
    .from(files)
    .where(and(eq(files.id, id), readableBy(reader.user, reader.scope)));
  return row;
}

/** An image's rendition (null when it has none yet), when the reader may read the image. */
export async function selectRendition(db: Executor, id: number, size: 'large' | 'thumb', reader: Reader) {
  const [row] = await db
    .select({ fileName: files.fileName, data: imageRenditions.data })
    .from(files)
    .leftJoin(imageRenditions, and(eq(imageRenditions.fileId, files.id), eq(imageRenditions.size, size)))
    .where(and(eq(files.id, id), readableBy(reader.user, reader.scope)));
  return row;
}

/** The caller's own uploads, newest first. */
export function selectOwnFiles(db: Executor, options: { email: string; page: number; pageSize: number }) {
  return selectPage(db, {
    from: files,
    id: files.id,
    where: eq(files.createdBy, options.email),
    orderBy: [desc(files.createdAt), desc(files.id)],
    page: options.page,
    pageSize: options.pageSize,
    rows: (ids: number[]) => db.select(meta).from(files).where(inArray(files.id, ids)),
    idOf: (row) => row.id,
  });
}

/**
 * Where a file is used: in the help list, and anywhere else (certificate, event, image, backup).
 * Only the uploader's own files: another user's upload reads as missing.
 */
export async function selectOwnFileUsage(db: Executor, id: number, uploader: string) {
  const [row] = await db
    .select({ help: sql<boolean>`${isHelp}`, elsewhere: sql<boolean>`${usedOutsideHelp}` })
    .from(files)
    .where(and(eq(files.id, id), eq(files.createdBy, uploader)));
  return row;
}

export async function updateFileName(db: Executor, id: number, values: Partial<typeof files.$inferInsert>): Promise<FileMeta> {
  const [row] = await db.update(files).set(values).where(eq(files.id, id)).returning(meta);
  return row;
}

/** Deletes the file only when nothing refers to it; answers whether it was deleted. */
export async function deleteUnusedFile(db: Executor, id: number): Promise<boolean> {
  const rows = await db
    .delete(files)
    .where(and(eq(files.id, id), sql`not (${isHelp} or ${usedOutsideHelp})`))
    .returning({ id: files.id });
  return rows.length > 0;
}

// ---------------------------------------------------------------- the help list

/** Help list entries with their file, by file name; with `id`, that entry only. */
export function selectHelpFiles(db: Executor, id?: number) {
  return db
    .select({
      id: helpFiles.id,
      fileId: files.id,
      fileName: files.fileName,
      contentType: files.contentType,
      size: files.size,
      ...auditColumns(helpFiles),
    })
    .from(helpFiles)
    .innerJoin(files, eq(files.id, helpFiles.fileId))
    .where(id === undefined ? undefined : eq(helpFiles.id, id))
    .orderBy(asc(files.fileName), asc(helpFiles.id));
}

export async function insertHelpFile(db: Executor, values: typeof helpFiles.$inferInsert): Promise<number> {
  const [row] = await db.insert(helpFiles).values(values).returning({ id: helpFiles.id });
  return row.id;
}

/** Removes a help list entry; answers its file's id, or undefined when there was no such entry. */
export async function deleteHelpFileRow(db: Executor, id: number): Promise<number | undefined> {
  const [row] = await db.delete(helpFiles).where(eq(helpFiles.id, id)).returning({ fileId: helpFiles.fileId });
  return row?.fileId;
}
