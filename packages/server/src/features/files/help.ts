/** The help list (spec section 2 "Help"): files staff can download; administrators add and remove them. */
import { fileMessages, type HelpFile } from '@portal/contract';
import { asc, eq } from 'drizzle-orm';
import type { AuthUser } from '../../auth/users.ts';
import { auditOf, createdBy } from '../../db/audit.ts';
import type { Database, Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { files, helpFiles } from '../../db/schema.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { deleteUnusedFile, fileUrl, selectFileUsage } from './queries.ts';

async function selectHelpFiles(db: Executor, id?: number): Promise<HelpFile[]> {
  const rows = await db
    .select({
      id: helpFiles.id,
      fileId: files.id,
      fileName: files.fileName,
      contentType: files.contentType,
      size: files.size,
      createdBy: helpFiles.createdBy,
      createdAt: helpFiles.createdAt,
      updatedBy: helpFiles.updatedBy,
      updatedAt: helpFiles.updatedAt,
    })
    .from(helpFiles)
    .innerJoin(files, eq(files.id, helpFiles.fileId))
    .where(id === undefined ? undefined : eq(helpFiles.id, id))
    .orderBy(asc(files.fileName), asc(helpFiles.id));
  return rows.map(({ createdBy, createdAt, updatedBy, updatedAt, ...row }) => ({
    ...row,
    url: fileUrl(row.fileId),
    ...auditOf({ createdBy, createdAt, updatedBy, updatedAt }),
  }));
}

export const listHelpFiles = (db: Database) => selectHelpFiles(db);

/**
 * Puts an uploaded file in the help list. A file already attached to a certificate, an event or a
 * backup is refused, so that deleting it from the help list later cannot take it from there.
 */
export async function addHelpFile(db: Database, options: { fileId: number; user: AuthUser }): Promise<HelpFile> {
  return db.transaction(async (tx) => {
    const usage = await selectFileUsage(tx, options.fileId);
    if (!usage) throw badRequest('fileId', fileMessages.fileNotFound);
    if (usage.help) throw badRequest('fileId', fileMessages.alreadyHelp);
    if (usage.elsewhere) throw badRequest('fileId', fileMessages.usedElsewhere);
    try {
      const [row] = await tx
        .insert(helpFiles)
        .values({ fileId: options.fileId, ...createdBy(options.user) })
        .returning({ id: helpFiles.id });
      const [help] = await selectHelpFiles(tx, row.id);
      return help;
    } catch (error) {
      if (isUniqueViolation(error, 'help_files_file_key')) throw badRequest('fileId', fileMessages.alreadyHelp);
      throw error;
    }
  });
}

/** Removes the entry and its file (the file was uploaded for the help list) in one transaction. */
export async function deleteHelpFile(db: Database, options: { id: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(helpFiles).where(eq(helpFiles.id, options.id)).returning({ fileId: helpFiles.fileId });
    if (!row) throw notFound('The help file');
    await deleteUnusedFile(tx, row.fileId);
  });
}
