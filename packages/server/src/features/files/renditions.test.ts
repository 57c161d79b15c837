/** GET /Files/{id}?size=: an image's bounded renditions for the picture viewer, and the upgrade that makes them for older images. */
import { fileMessages } from '@portal/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { createFile } from '../../../test/factories-files.ts';
import { oneFile } from '../../../test/multipart.ts';
import { files, imageRenditions } from '../../db/schema.ts';
import { upgradeImages } from '../../images/upgrade.ts';

const t = await setupTestApp();
const uploader = await t.loginAs({ level: 'Events' });
const other = await t.loginAs({ level: 'Events' });

const wide = () =>
  sharp({ create: { width: 3000, height: 1000, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 0.5 } } })
    .png()
    .toBuffer();

async function uploadImage(data: Buffer) {
  const body = oneFile('site.png', data);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/Files',
    headers: { ...body.headers, authorization: uploader.authorization },
    payload: body.payload,
  });
  expect(response.statusCode).toBe(201);
  return response.json().id as number;
}

const get = (id: number, query: string, who = uploader) =>
  t.app.inject({ url: `/api/Files/${id}${query}`, headers: { authorization: who.authorization } });

describe('GET /api/Files/{id}?size=', () => {
  it('sends the large and thumbnail renditions as JPEG, bounded on the long side', async () => {
    const id = await uploadImage(await wide());
    const large = await get(id, '?size=large');
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-type']).toBe('image/jpeg');
    expect(large.headers['content-disposition']).toContain('site.jpg');
    expect(await sharp(large.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 2560, height: 853 });
    const thumb = await get(id, '?size=thumb');
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 640, height: 213 });
    // Without size, the original as uploaded.
    expect((await get(id, '')).headers['content-type']).toBe('image/png');
  });

  it('reads as missing for a user who may not read the file', async () => {
    const id = await uploadImage(await wide());
    const response = await get(id, '?size=large', other);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).not.toBe(fileMessages.pictureNotReady);
  });

  it('refuses an unknown size, and answers 404 for a file without a rendition', async () => {
    const id = await uploadImage(await wide());
    expect((await get(id, '?size=huge')).statusCode).toBe(400);
    const pdf = await createFile(t.db, { createdBy: uploader.email });
    const response = await get(pdf.id, '?size=large');
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(fileMessages.pictureNotReady);
  });
});

describe('the renditions upgrade', () => {
  it('makes renditions for older images once, and never decodes one over the limit', async () => {
    const older = await createFile(t.db, {
      fileName: 'older.png',
      contentType: 'image/png',
      data: await wide(),
      createdBy: uploader.email,
    });
    // A header declaring 16,000 × 16,000 pixels, stored before uploads were checked.
    const bombData = Buffer.from(
      await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
    );
    bombData.writeUInt32BE(16_000, 16);
    bombData.writeUInt32BE(16_000, 20);
    const bomb = await createFile(t.db, { fileName: 'bomb.png', contentType: 'image/png', data: bombData, createdBy: uploader.email });

    expect(await get(older.id, '?size=large').then((r) => r.statusCode)).toBe(404);
    expect(await upgradeImages(t.db)).toBeGreaterThanOrEqual(2);
    expect(await upgradeImages(t.db)).toBe(0);

    const sizes = async (id: number) =>
      (await t.db.select({ size: imageRenditions.size }).from(imageRenditions).where(eq(imageRenditions.fileId, id)))
        .map((r) => r.size)
        .sort();
    expect(await sizes(older.id)).toEqual(['large', 'thumb']);
    expect(await sizes(bomb.id)).toEqual([]);
    const [bombRow] = await t.db.select({ width: files.imageWidth, height: files.imageHeight }).from(files).where(eq(files.id, bomb.id));
    expect(bombRow).toEqual({ width: 16_000, height: 16_000 });
    expect((await get(older.id, '?size=large')).statusCode).toBe(200);
  });
});
