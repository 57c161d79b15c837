/**
 * A file goes when nothing refers to it any more: no certificate, event, event item image or help
 * entry. Certificates and events call it after their file was replaced, removed or deleted with
 * them, in their transaction (the files feature has its own check for an explicit delete). An upload
 * that was never attached to anything goes after a day (deleteExpiredUploads); a save naming it
 * then answers 'The file expired, upload it again' (ownUploadExists).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from './client.ts';
import { run } from './read.ts';
import { files } from './schema.ts';

/** How long an upload waits to be attached to something. */
export const UPLOAD_KEPT_MS = 24 * 60 * 60 * 1000;

/** Nothing refers to the file `f`: the one list of what keeps a file. */
export const unreferenced = sql`not exists (select 1 from certificates c where c.file_id = f.id)
  and not exists (select 1 from events e where e.file_id = f.id)
  and not exists (select 1 from event_item_images i where i.file_id = f.id)
  and not exists (select 1 from help_files h where h.file_id = f.id)`;

export async function deleteFileIfUnused(db: Executor, fileId: number): Promise<void> {
  await deleteFilesIfUnused(db, [fileId]);
}

/** The same for many files in one statement (an event's PDF and its items' images when it is deleted). */
export async function deleteFilesIfUnused(db: Executor, fileIds: readonly number[]): Promise<void> {
  if (fileIds.length === 0) return;
  await run(db, sql`delete from files f where f.id = any(${`{${fileIds.join(',')}}`}::int[]) and ${unreferenced}`);
}

/** Deletes uploads older than a day that nothing refers to; answers how many went. */
export async function deleteExpiredUploads(db: Executor, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - UPLOAD_KEPT_MS);
  return run(db, sql`delete from files f where f.created_at < ${cutoff} and ${unreferenced}`);
}

/**
 * Whether the user's own upload of that id is stored. A save naming one that is not answers
 * 'The file expired, upload it again'; another user's file answers the same, as if it did not exist.
 */
export async function ownUploadExists(db: Executor, fileId: number, uploader: string): Promise<boolean> {
  const found = await db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.createdBy, uploader)));
  return found.length > 0;
}
