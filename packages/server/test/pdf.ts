/** What a person reads from a PDF pdfkit wrote: its text, and what its QR codes say when scanned. */
import { inflateSync } from 'node:zlib';
import { Bitmap } from '@paulmillr/qr';
import decodeQR from '@paulmillr/qr/decode.js';

/** Every content stream of the file, inflated. */
function contentStreams(pdf: Buffer): string[] {
  const source = pdf.toString('latin1');
  return [...source.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)].flatMap((match) => {
    try {
      return [inflateSync(Buffer.from(match[1], 'latin1')).toString('latin1')];
    } catch {
      return [];
    }
  });
}

/** The text pdfkit wrote: every content stream inflated, the hex strings of each TJ joined. */
export function pdfText(pdf: Buffer): string {
  const texts: string[] = [];
  for (const content of contentStreams(pdf)) {
    for (const op of content.matchAll(/\[([^\]]*)\] TJ/g)) {
      texts.push([...op[1].matchAll(/<([0-9a-f]+)>/gi)].map((hex) => Buffer.from(hex[1], 'hex').toString('latin1')).join(''));
    }
  }
  return texts.join('\n');
}

/**
 * The QR codes drawn as filled rectangles (one path of `re` operators per code, then `f`), each
 * redrawn as a bitmap from the rectangles' positions and read by a QR decoder, as a camera would.
 */
export function pdfQrCodes(pdf: Buffer): string[] {
  const codes: string[] = [];
  for (const content of contentStreams(pdf)) {
    for (const path of content.split(/\nf\n/)) {
      const rects = [...path.matchAll(/(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re/g)].map((m) => m.slice(1, 5).map(Number));
      if (rects.length < 20) continue;
      const unit = Math.min(...rects.map((r) => r[3]));
      const left = Math.min(...rects.map((r) => r[0]));
      const top = Math.min(...rects.map((r) => r[1]));
      const size = Math.round((Math.max(...rects.map((r) => r[0] + r[2])) - left) / unit);
      const quiet = 4;
      const bitmap = new Bitmap(size + 2 * quiet);
      for (let y = 0; y < size + 2 * quiet; y++) for (let x = 0; x < size + 2 * quiet; x++) bitmap.data[y][x] = false;
      for (const [x, y, w] of rects) {
        const row = Math.round((y - top) / unit) + quiet;
        const from = Math.round((x - left) / unit) + quiet;
        for (let c = 0; c < Math.round(w / unit); c++) bitmap.data[row][from + c] = true;
      }
      codes.push(decodeQR(bitmap.scale(4).toImage()));
    }
  }
  return codes;
}
