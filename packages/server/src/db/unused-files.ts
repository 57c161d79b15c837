/**
 * A file goes when nothing refers to it any more: no certificate, event, event item image or help
 * entry. Certificates and events call it after their file was replaced, removed or deleted with
 * them, in their transaction (the files feature has its own check for an explicit delete).
 */
import { sql } from 'drizzle-orm';
import type { Executor } from './client.ts';

export async function deleteFileIfUnused(db: Executor, fileId: number): Promise<void> {
  await db.execute(sql`
    delete from files f where f.id = ${fileId}
      and not exists (select 1 from certificates c where c.file_id = f.id)
      and not exists (select 1 from events e where e.file_id = f.id)
      and not exists (select 1 from event_item_images i where i.file_id = f.id)
      and not exists (select 1 from help_files h where h.file_id = f.id)`);
}
