/**
 * A file goes when nothing refers to it any more: no certificate, event, event item image or help
 * entry. Certificates and events call it after their file was replaced, removed or deleted with
 * them, in their transaction (the files feature has its own check for an explicit delete).
 */
import { sql } from 'drizzle-orm';
import type { Executor } from './client.ts';

export async function deleteFileIfUnused(db: Executor, fileId: number): Promise<void> {
  await deleteFilesIfUnused(db, [fileId]);
}

/** The same for many files in one statement (an event's PDF and its items' images when it is deleted). */
export async function deleteFilesIfUnused(db: Executor, fileIds: readonly number[]): Promise<void> {
  if (fileIds.length === 0) return;
  await db.execute(sql`
    delete from files f where f.id = any(${`{${fileIds.join(',')}}`}::int[])
      and not exists (select 1 from certificates c where c.file_id = f.id)
      and not exists (select 1 from events e where e.file_id = f.id)
      and not exists (select 1 from event_item_images i where i.file_id = f.id)
      and not exists (select 1 from help_files h where h.file_id = f.id)`);
}
