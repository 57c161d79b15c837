/**
 * Photos an amendment adds (decision 081): uploaded first with POST /Files (checked by content, with
 * their renditions, as any attachment), then linked to the item in the amendment's transaction. The
 * amendment keeps each link's id and the file's stored SHA-256, so the seal undoes exactly these links
 * and verify-seals rehashes their bytes with the event's other images.
 */
import { amendmentMessages as m } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { int, readRow, renderRead, text } from '../../db/read.ts';
import { unreferenced } from '../../db/unused-files.ts';
import { badRequest } from '../../http/errors.ts';

/** Links the caller's own unattached image uploads to the item, in the order given; 400 on `images.{i}` otherwise. */
export async function attachImages(db: Executor, itemId: number, fileIds: readonly number[], by: string) {
  const added: { id: number; sha256: string }[] = [];
  for (const [i, fileId] of fileIds.entries()) {
    const read = renderRead('amendments.attachImage', {
      with: sql`attached as (
      insert into event_item_images (event_item_id, file_id, created_by, updated_by)
      select ${itemId}, f.id, ${by}, ${by} from files f
      where f.id = ${fileId} and f.created_by = ${by} and f.image_width is not null
        and ${unreferenced}
      returning id, file_id)`,
      columns: { id: int(sql`a.id`), sha256: text(sql`(select sha256 from files where id = a.file_id)`) },
      from: sql`from attached a`,
    });
    const row = await readRow(db, read);
    if (!row) throw badRequest(`images.${i}`, m.notAnImage);
    added.push(row);
  }
  return added;
}
