import { type FileInfo, type FilePage, fileMessages, meetsAccess } from '@portal/contract';
import type { OwnerScope } from '../../auth/scope.ts';
import type { AuthUser } from '../../auth/users.ts';
import { createdBy, presentAudit, updatedBy, type Viewer } from '../../db/audit.ts';
import type { Database } from '../../db/client.ts';
import type { DownloadFile } from '../../http/downloads.ts';
import { fileUrl } from '../../http/downloads.ts';
import { AppError, conflict, notFound } from '../../http/errors.ts';
import { fileKinds, kindOfContentType, safeFileName } from '../../http/file-kinds.ts';
import type { CheckedUpload } from '../../http/uploads.ts';
import { insertRenditions } from '../../images/renditions.ts';
import {
  deleteUnusedFile,
  type FileMeta,
  insertFile,
  selectFileData,
  selectFileMeta,
  selectOwnFiles,
  selectRendition,
  updateFileName,
} from './queries.ts';

export const fileNotFound = () => notFound('The file');

export function toFileInfo(row: FileMeta, viewer: Viewer): FileInfo {
  const { sha256: _, ...shown } = row;
  return presentAudit({ ...shown, url: fileUrl(row.id) }, viewer);
}

/** Stores a checked upload, an image with its renditions; features then refer to it by id. */
export async function createFile(db: Database, options: { upload: CheckedUpload; user: AuthUser }): Promise<FileInfo> {
  const { upload, user } = options;
  const row = await db.transaction(async (tx) => {
    const inserted = await insertFile(tx, {
      fileName: upload.fileName,
      contentType: upload.contentType,
      size: upload.size,
      sha256: upload.sha256,
      data: upload.data,
      imageWidth: upload.image?.width,
      imageHeight: upload.image?.height,
      ...createdBy(user),
    });
    if (upload.image) await insertRenditions(tx, inserted.id, upload.image.renditions);
    return inserted;
  });
  return toFileInfo(row, user);
}

export async function listOwnFiles(db: Database, options: { user: AuthUser; page: number; pageSize: number }): Promise<FilePage> {
  const { rows, total } = await selectOwnFiles(db, { email: options.user.email, page: options.page, pageSize: options.pageSize });
  return { items: rows.map((row) => toFileInfo(row, options.user)), total, page: options.page, pageSize: options.pageSize };
}

/** The file with its bytes, when the user may read it; otherwise not found (its existence is not revealed). */
export async function getFileForDownload(db: Database, options: { id: number; user: AuthUser; scope: OwnerScope }) {
  const file = await selectFileData(db, options.id, options);
  if (!file) throw fileNotFound();
  return file;
}

/**
 * An image's bounded rendition (a JPEG named after the image), for the picture viewer; 404 with
 * `pictureNotReady` for a file without one (not an image, or an older image the upgrade has not reached).
 */
export async function getRenditionForDownload(
  db: Database,
  options: { id: number; size: 'large' | 'thumb'; user: AuthUser; scope: OwnerScope },
): Promise<DownloadFile> {
  const row = await selectRendition(db, options.id, options.size, options);
  if (!row) throw fileNotFound();
  if (!row.data) throw new AppError(404, fileMessages.pictureNotReady);
  return { fileName: safeFileName(row.fileName.replace(/\.[^.]*$/, ''), 'jpeg'), contentType: fileKinds.jpeg.contentType, data: row.data };
}

/** Changing or deleting a file is for whoever uploaded it, and for internal administrators. */
async function findChangeableFile(db: Database, id: number, reader: { user: AuthUser; scope: OwnerScope }): Promise<FileMeta> {
  const file = await selectFileMeta(db, id, reader);
  if (!file) throw fileNotFound();
  const { user } = reader;
  const admin = meetsAccess(user, { level: 'Admin', internal: true });
  if (file.createdBy !== user.email && !admin) throw new AppError(403, fileMessages.notYours);
  return file;
}

/** Renames a file; the extension of its kind is kept (appended when the new name lacks it). */
export async function renameFile(
  db: Database,
  options: { id: number; user: AuthUser; scope: OwnerScope; fileName: string },
): Promise<FileInfo> {
  const file = await findChangeableFile(db, options.id, options);
  const fileName = safeFileName(options.fileName, kindOfContentType(file.contentType));
  return toFileInfo(await updateFileName(db, file.id, { fileName, ...updatedBy(options.user) }), options.user);
}

/** Deletes a file that nothing refers to; a file in use is refused (409) and stays. */
export async function deleteFile(db: Database, options: { id: number; user: AuthUser; scope: OwnerScope }): Promise<void> {
  const file = await findChangeableFile(db, options.id, options);
  if (!(await deleteUnusedFile(db, file.id))) throw conflict(fileMessages.inUse);
}
