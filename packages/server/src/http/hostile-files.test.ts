/**
 * Files that cannot hurt (docs/security.md, "Uploaded files"): an image declaring a huge size is
 * refused from its header before anything decodes it; a phone photo is accepted with bounded
 * renditions; a PDF carrying JavaScript is refused, also when the script sits in a compressed
 * object stream. Part of `npm run test:trust`.
 */
import { crc32, deflateSync } from 'node:zlib';
import { fileMessages } from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/app.ts';
import { oneFile } from '../../test/multipart.ts';
import { files, imageRenditions } from '../db/schema.ts';

const t = await setupTestApp();
const user = await t.loginAs({ level: 'Events' });

const fileCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(files))[0].n;
const upload = (fileName: string, data: Buffer) => {
  const body = oneFile(fileName, data);
  return t.app.inject({
    method: 'POST',
    url: '/api/Files',
    headers: { ...body.headers, authorization: user.authorization },
    payload: body.payload,
  });
};
const expectRefused = async (fileName: string, data: Buffer, message: string) => {
  const before = await fileCount();
  const response = await upload(fileName, data);
  expect(response.statusCode, fileName).toBe(400);
  expect(response.json().errors, fileName).toEqual({ File: [message] });
  expect(await fileCount()).toBe(before);
};

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG whose header declares `width` × `height` (8-bit greyscale) over a few rows of real data. */
function declaredPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth; colour type 0 (grey), deflate, adaptive filter, no interlace
  const rows = deflateSync(Buffer.alloc(4 * (width + 1)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', rows),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PDF of the given objects (bodies), with a cross-reference table good enough for the checks. */
function pdf(objects: (string | Buffer)[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  objects.forEach((body, i) => {
    parts.push(Buffer.from(`${i + 1} 0 obj\n`), Buffer.isBuffer(body) ? body : Buffer.from(body, 'latin1'), Buffer.from('\nendobj\n'));
  });
  parts.push(Buffer.from(`trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\n%%EOF\n`));
  return Buffer.concat(parts);
}

/** An object stream (FlateDecode) holding `inner` as object 4. */
function objectStream(inner: string): Buffer {
  const header = '4 0 ';
  const packed = deflateSync(Buffer.from(header + inner, 'latin1'));
  return Buffer.concat([
    Buffer.from(`<< /Type /ObjStm /N 1 /First ${header.length} /Filter /FlateDecode /Length ${packed.length} >>\nstream\n`, 'latin1'),
    packed,
    Buffer.from('\nendstream', 'latin1'),
  ]);
}

const catalog = '<< /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R >>';
const pages = '<< /Type /Pages /Kids [] /Count 0 >>';

describe('image uploads', () => {
  it('refuses a small PNG that declares 16,000 × 16,000 pixels, from its header, writing nothing', async () => {
    const bomb = declaredPng(16_000, 16_000);
    expect(bomb.length).toBeLessThan(1024);
    await expectRefused('bomb.png', bomb, fileMessages.imageTooLarge(16_000, 16_000));
    expect(fileMessages.imageTooLarge(16_000, 16_000)).toContain('16000 × 16000 pixels');
  });

  it('refuses an image just over 40 megapixels and one whose header is cut short', async () => {
    await expectRefused('wide.png', declaredPng(8_000, 5_001), fileMessages.imageTooLarge(8_000, 5_001));
    await expectRefused('cut.png', declaredPng(10, 10).subarray(0, 20), fileMessages.imageUnreadable);
  });

  it('refuses an image whose header is fine but whose data cannot be decoded', async () => {
    const png = declaredPng(64, 64);
    const damaged = Buffer.concat([png.subarray(0, 33), Buffer.from('not deflate data at all'), png.subarray(png.length - 12)]);
    await expectRefused('damaged.png', damaged, fileMessages.imageUnreadable);
  });

  it('accepts a 12-megapixel phone photo, keeping renditions of at most 2,560 and 640 px', async () => {
    const photo = await sharp({
      create: { width: 4000, height: 3000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 120, sigma: 30 } },
    })
      .jpeg({ quality: 70 })
      .toBuffer();
    expect(photo.length).toBeGreaterThan(1_000_000);
    const response = await upload('IMG_2041.jpg', photo);
    expect(response.statusCode).toBe(201);
    const { id } = response.json();
    const [stored] = await t.db.select({ width: files.imageWidth, height: files.imageHeight }).from(files).where(eq(files.id, id));
    expect(stored).toEqual({ width: 4000, height: 3000 });
    const renditions = await t.db
      .select({ size: imageRenditions.size, width: imageRenditions.width, height: imageRenditions.height })
      .from(imageRenditions)
      .where(eq(imageRenditions.fileId, id))
      .orderBy(imageRenditions.size);
    expect(renditions).toEqual([
      { size: 'large', width: 2560, height: 1920 },
      { size: 'thumb', width: 640, height: 480 },
    ]);
  });
});

describe('PDF uploads', () => {
  it('refuses a PDF with JavaScript in plain objects, also under an escaped name', async () => {
    const plain = pdf([catalog, pages, '<< >>', '<< /S /JavaScript /JS (app.alert(1)) >>']);
    await expectRefused('plain.pdf', plain, fileMessages.pdfScript);
    const escaped = pdf([catalog, pages, '<< >>', '<< /S /J#61vaScript /J#53 (app.alert(1)) >>']);
    await expectRefused('escaped.pdf', escaped, fileMessages.pdfScript);
  });

  it('refuses a PDF whose open action runs JavaScript from inside a compressed object stream', async () => {
    const hidden = pdf([catalog, pages, objectStream('<< /S /JavaScript /JS (app.alert(1)) >>')]);
    expect(hidden.includes('JavaScript')).toBe(false);
    await expectRefused('hidden.pdf', hidden, fileMessages.pdfScript);
  });

  it('refuses a PDF whose object stream cannot be read, and accepts one whose object stream is clean', async () => {
    const broken = pdf([
      catalog,
      pages,
      Buffer.from('<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length 9 >>\nstream\nnot flate\nendstream', 'latin1'),
    ]);
    await expectRefused('broken.pdf', broken, fileMessages.pdfUnchecked);
    const clean = pdf([catalog, pages, objectStream('<< /Type /Action /S /GoTo /D [0 /Fit] >>')]);
    expect((await upload('clean.pdf', clean)).statusCode).toBe(201);
  });
});
