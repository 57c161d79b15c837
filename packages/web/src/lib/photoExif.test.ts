import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readTakenAt, writeTakenAt } from './photoExif.ts';

const plain = () => sharp({ create: { width: 8, height: 6, channels: 3, background: '#808080' } }).jpeg();
const bytes = async (image: ReturnType<typeof sharp>) => new Uint8Array(await image.toBuffer());

describe('the time a photo was taken', () => {
  it('is read from a camera’s EXIF: DateTimeOriginal with its offset', async () => {
    const photo = await bytes(
      plain().withExif({ IFD0: { Make: 'Phone' }, IFD2: { DateTimeOriginal: '2026:11:24 14:05:09', OffsetTimeOriginal: '+01:00' } }),
    );
    expect(readTakenAt(photo)).toEqual({ dateTime: '2026:11:24 14:05:09', offset: '+01:00' });
  });

  it('falls back to IFD0’s DateTime, and is null without EXIF, for other files and for damaged EXIF', async () => {
    expect(readTakenAt(await bytes(plain().withExif({ IFD0: { DateTime: '2025:08:20 09:00:00' } })))).toEqual({
      dateTime: '2025:08:20 09:00:00',
      offset: null,
    });
    expect(readTakenAt(await bytes(plain()))).toBeNull();
    expect(readTakenAt(new TextEncoder().encode('%PDF-1.7'))).toBeNull();
    const photo = await bytes(plain().withExif({ IFD2: { DateTimeOriginal: '2026:11:24 14:05:09' } }));
    const cut = photo.subarray(0, 40);
    expect(readTakenAt(cut)).toBeNull();
  });

  it('is written into a shrunk copy that still decodes, upright, and is read back the same', async () => {
    const shrunk = await bytes(plain());
    const written = writeTakenAt(shrunk, { dateTime: '2026:11:24 14:05:09', offset: '-03:00' });
    expect(readTakenAt(written)).toEqual({ dateTime: '2026:11:24 14:05:09', offset: '-03:00' });
    const metadata = await sharp(written).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 8, height: 6, orientation: 1 });
    expect(metadata.exif?.length).toBeGreaterThan(0);
    expect(readTakenAt(writeTakenAt(shrunk, { dateTime: '2026:01:02 03:04:05', offset: null }))).toEqual({
      dateTime: '2026:01:02 03:04:05',
      offset: null,
    });
  });
});
