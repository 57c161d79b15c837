/** The help list (spec section 2 "Help"): files staff can download; administrators add and remove them. */
import { fileMessages, type HelpFile } from '@portal/contract';
import type { AuthUser } from '../../auth/users.ts';
import { createdBy, presentAudit, type Viewer } from '../../db/audit.ts';
import type { Database, Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { fileUrl } from '../../http/downloads.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { deleteHelpFileRow, deleteUnusedFile, insertHelpFile, selectHelpFiles, selectOwnFileUsage } from './queries.ts';

async function helpFilesFor(db: Executor, viewer: Viewer, id?: number): Promise<HelpFile[]> {
  const rows = await selectHelpFiles(db, id);
  return rows.map((row) => presentAudit({ ...row, url: fileUrl(row.fileId) }, viewer));
}

/** The help list is for internal users (its routes say `internal: true`). */
export const listHelpFiles = (db: Database, options: { user: Viewer }) => helpFilesFor(db, options.user);

/**
 * Puts an uploaded file in the help list. Only the caller's own upload: the list opens a file to every
 * internal Read user, so another user's private upload must not get there (it reads as missing).
 * A file already attached to a certificate, an event or a
 * backup is refused, so that deleting it from the help list later cannot take it from there.
 */
export async function addHelpFile(db: Database, options: { fileId: number; user: AuthUser }): Promise<HelpFile> {
  return db.transaction(async (tx) => {
    const usage = await selectOwnFileUsage(tx, options.fileId, options.user.email);
    // Not stored, or another user's (as if it did not exist): deleted after a day unattached.
    if (!usage) throw badRequest('fileId', fileMessages.expired);
    if (usage.help) throw badRequest('fileId', fileMessages.alreadyHelp);
    if (usage.elsewhere) throw badRequest('fileId', fileMessages.usedElsewhere);
    try {
      const id = await insertHelpFile(tx, { fileId: options.fileId, ...createdBy(options.user) });
      const [help] = await helpFilesFor(tx, options.user, id);
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
    const fileId = await deleteHelpFileRow(tx, options.id);
    if (fileId === undefined) throw notFound('The help file');
    await deleteUnusedFile(tx, fileId);
  });
}
