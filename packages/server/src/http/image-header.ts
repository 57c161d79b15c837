/**
 * An image's size in pixels, read from its header without decoding it: a 1 MB PNG can declare
 * 16,000 × 16,000 pixels (a gigabyte once decoded), so the size is checked before any decoder sees it.
 */
import type { FileKindName } from './file-kinds.ts';

export interface ImageSize {
  width: number;
  height: number;
}

/** The declared size, or null when the header is cut short or malformed. */
export function readImageSize(data: Buffer, kind: FileKindName): ImageSize | null {
  try {
    const size = headerSize(data, kind);
    return size && size.width > 0 && size.height > 0 ? size : null;
  } catch (error) {
    if (error instanceof RangeError) return null; // a read past the end: the header is cut short
    throw error;
  }
}

function headerSize(data: Buffer, kind: FileKindName): ImageSize | null {
  switch (kind) {
    case 'png':
      // The first chunk is IHDR: width and height are its first two 32-bit fields.
      if (data.toString('latin1', 12, 16) !== 'IHDR') return null;
      return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
    case 'gif':
      return { width: data.readUInt16LE(6), height: data.readUInt16LE(8) };
    case 'webp':
      return webpSize(data);
    case 'jpeg':
      return jpegSize(data);
    default:
      return null;
  }
}

function webpSize(data: Buffer): ImageSize | null {
  const chunk = data.toString('latin1', 12, 16);
  if (chunk === 'VP8X') return { width: data.readUIntLE(24, 3) + 1, height: data.readUIntLE(27, 3) + 1 };
  if (chunk === 'VP8L') {
    const bits = data.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8 ') return { width: data.readUInt16LE(26) & 0x3fff, height: data.readUInt16LE(28) & 0x3fff };
  return null;
}

/** Walks the JPEG's marker segments to the first start-of-frame, which holds the size. */
function jpegSize(data: Buffer): ImageSize | null {
  let at = 2;
  while (at + 4 <= data.length) {
    if (data[at] !== 0xff) return null;
    const marker = data[at + 1];
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2; // markers without a segment
      continue;
    }
    // SOF0-SOF15, except DHT (C4), JPG (C8) and DAC (CC), which share the range.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: data.readUInt16BE(at + 5), width: data.readUInt16BE(at + 7) };
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan data before any frame
    at += 2 + data.readUInt16BE(at + 2);
  }
  return null;
}
