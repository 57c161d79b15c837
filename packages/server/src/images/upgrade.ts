/**
 * The upgrade to renditions: images stored before renditions existed (files.image_width is null)
 * get their header size read and, within MAX_IMAGE_PIXELS, their renditions made, one image at a
 * time in the background after start-up. Until then a PDF prints a placeholder, never the original.
 * An image over the limit or unreadable keeps no rendition and is not tried again (its size is
 * recorded; 0 × 0 when the header cannot be read). Two instances may both make one image's
 * renditions; the second insert is skipped.
 */
import { MAX_IMAGE_PIXELS } from '@portal/contract';
import { and, asc, eq, isNull, like } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { files } from '../db/schema.ts';
import { kindOfContentType } from '../http/file-kinds.ts';
import { readImageSize } from '../http/image-header.ts';
import { insertRenditions, makeRenditions, UnreadableImage } from './renditions.ts';

async function renditionsOf(data: Buffer, contentType: string) {
  const kind = kindOfContentType(contentType);
  const size = kind ? readImageSize(data, kind) : null;
  if (!size || size.width * size.height > MAX_IMAGE_PIXELS) return { size, renditions: undefined };
  try {
    return { size, renditions: await makeRenditions(data) };
  } catch (error) {
    if (error instanceof UnreadableImage) return { size, renditions: undefined };
    throw error;
  }
}

/** Upgrades every image still without its size; answers how many it read. */
export async function upgradeImages(db: Database): Promise<number> {
  let count = 0;
  for (;;) {
    const [row] = await db
      .select({ id: files.id, contentType: files.contentType, data: files.data })
      .from(files)
      .where(and(like(files.contentType, 'image/%'), isNull(files.imageWidth)))
      .orderBy(asc(files.id))
      .limit(1);
    if (!row) return count;
    const { size, renditions } = await renditionsOf(row.data, row.contentType);
    await db.transaction(async (tx) => {
      await tx
        .update(files)
        .set({ imageWidth: size?.width ?? 0, imageHeight: size?.height ?? 0 })
        .where(eq(files.id, row.id));
      if (renditions) await insertRenditions(tx, row.id, renditions);
    });
    count += 1;
  }
}
