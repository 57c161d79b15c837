/**
 * The time a photo was taken, read from a JPEG's EXIF and written into the shrunk copy (lib/photos.ts):
 * a canvas drops every EXIF field, and the time is evidence of when the item was seen. Only the time
 * travels: the shrunk pixels are already upright (so no orientation), and the rest (camera, GPS) stays
 * on the phone.
 */

/** EXIF's own form: '2026:11:24 14:05:09', and where the camera wrote it, its offset from UTC ('+01:00'). */
export interface TakenAt {
  dateTime: string;
  offset: string | null;
}

const DATE_TIME_ORIGINAL = 0x9003;
const OFFSET_TIME_ORIGINAL = 0x9011;
const EXIF_IFD_POINTER = 0x8769;
const ORIENTATION = 0x0112;
const DATE_TIME = 0x0132;
const ASCII = 2;
const SHORT = 3;
const LONG = 4;
const EXIF_HEADER = [0x45, 0x78, 0x69, 0x66, 0, 0]; // "Exif\0\0"

/** The EXIF block's TIFF data (after "Exif\0\0") of a JPEG, or null: walks the segments before the image data. */
function tiffOf(jpeg: Uint8Array): Uint8Array | null {
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) return null;
  let at = 2;
  while (at + 4 <= jpeg.length && jpeg[at] === 0xff) {
    const marker = jpeg[at + 1];
    if (marker === 0xda || marker === 0xd9) return null; // image data starts: no EXIF before it
    const length = (jpeg[at + 2] << 8) | jpeg[at + 3];
    const body = jpeg.subarray(at + 4, at + 2 + length);
    if (marker === 0xe1 && EXIF_HEADER.every((byte, i) => body[i] === byte)) return body.subarray(EXIF_HEADER.length);
    at += 2 + length;
  }
  return null;
}

/** The taken time of a JPEG: DateTimeOriginal (with OffsetTimeOriginal), else IFD0's DateTime; null without EXIF. */
export function readTakenAt(jpeg: Uint8Array): TakenAt | null {
  const tiff = tiffOf(jpeg);
  if (!tiff || tiff.length < 8) return null;
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  const little = tiff[0] === 0x49; // 'II'; 'MM' is big-endian
  const u16 = (at: number) => view.getUint16(at, little);
  const u32 = (at: number) => view.getUint32(at, little);
  // The IFD's entries as tag -> entry offset; a damaged offset ends the walk (the photo still uploads).
  const entries = (ifd: number) => {
    const found = new Map<number, number>();
    if (ifd + 2 > tiff.length) return found;
    const count = u16(ifd);
    for (let i = 0; i < count && ifd + 2 + (i + 1) * 12 <= tiff.length; i++) found.set(u16(ifd + 2 + i * 12), ifd + 2 + i * 12);
    return found;
  };
  const text = (entry: number | undefined) => {
    if (entry === undefined || u16(entry + 2) !== ASCII) return null;
    const count = u32(entry + 4);
    const start = count <= 4 ? entry + 8 : u32(entry + 8);
    if (start + count > tiff.length) return null;
    const value = String.fromCharCode(...tiff.subarray(start, start + count)).replace(/\0+$/, '');
    return value.trim() ? value : null;
  };
  const ifd0 = entries(u32(4));
  const exifPointer = ifd0.get(EXIF_IFD_POINTER);
  const exif = exifPointer === undefined ? new Map<number, number>() : entries(u32(exifPointer + 8));
  const original = text(exif.get(DATE_TIME_ORIGINAL));
  const dateTime = original ?? text(ifd0.get(DATE_TIME));
  if (!dateTime || !/^\d{4}:\d\d:\d\d \d\d:\d\d:\d\d$/.test(dateTime)) return null;
  return { dateTime, offset: original ? text(exif.get(OFFSET_TIME_ORIGINAL)) : null };
}

/**
 * The JPEG with an EXIF block holding only Orientation 1 (the pixels are upright) and the taken time,
 * placed after the JFIF header a canvas writes (or after the start marker).
 */
export function writeTakenAt(jpeg: Uint8Array, taken: TakenAt): Uint8Array<ArrayBuffer> {
  const values = [{ tag: DATE_TIME_ORIGINAL, text: taken.dateTime }];
  if (taken.offset) values.push({ tag: OFFSET_TIME_ORIGINAL, text: taken.offset });
  const ascii = values.map((value) => ({ tag: value.tag, bytes: [...value.text].map((c) => c.charCodeAt(0)).concat(0) }));
  // Big-endian TIFF: header (8), IFD0 with 2 entries (30), the Exif IFD, then its texts.
  const exifIfd = 8 + 30;
  const dataStart = exifIfd + 2 + ascii.length * 12 + 4;
  const size = dataStart + ascii.reduce((sum, value) => sum + value.bytes.length, 0);
  const tiff = new Uint8Array(size);
  const view = new DataView(tiff.buffer);
  tiff.set([0x4d, 0x4d, 0, 0x2a]);
  view.setUint32(4, 8);
  const entry = (at: number, tag: number, type: number, count: number, value: number) => {
    view.setUint16(at, tag);
    view.setUint16(at + 2, type);
    view.setUint32(at + 4, count);
    if (type === SHORT && count === 1) view.setUint16(at + 8, value);
    else view.setUint32(at + 8, value);
  };
  view.setUint16(8, 2);
  entry(10, ORIENTATION, SHORT, 1, 1);
  entry(22, EXIF_IFD_POINTER, LONG, 1, exifIfd);
  view.setUint32(34, 0);
  view.setUint16(exifIfd, ascii.length);
  let data = dataStart;
  ascii.forEach((value, i) => {
    entry(exifIfd + 2 + i * 12, value.tag, ASCII, value.bytes.length, data);
    tiff.set(value.bytes, data);
    data += value.bytes.length;
  });
  view.setUint32(exifIfd + 2 + ascii.length * 12, 0);

  const segmentLength = 2 + EXIF_HEADER.length + tiff.length;
  const segment = new Uint8Array(2 + segmentLength);
  segment.set([0xff, 0xe1, segmentLength >> 8, segmentLength & 0xff, ...EXIF_HEADER]);
  segment.set(tiff, 4 + EXIF_HEADER.length);
  const jfif = jpeg[2] === 0xff && jpeg[3] === 0xe0;
  const insertAt = jfif ? 4 + ((jpeg[4] << 8) | jpeg[5]) : 2;
  const out = new Uint8Array(jpeg.length + segment.length);
  out.set(jpeg.subarray(0, insertAt));
  out.set(segment, insertAt);
  out.set(jpeg.subarray(insertAt), insertAt + segment.length);
  return out;
}
