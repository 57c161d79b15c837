/**
 * Printable PDFs with pdfkit, laid out in a worker process (pdf-worker.ts; the request thread only
 * sends the content and streams the bytes out, pdf-writer.ts): a title, field/value blocks, tables that
 * repeat their header on each page, status cells with their colour, and a page number at the foot of
 * every page ("Page N", written when the page starts, so nothing is buffered).
 */

import type { LabelLayout } from '@portal/contract';
// The one module of the contract the PDF worker needs: the whole contract (zod and every schema) cost the worker 60 MB.
import { formatNumber } from '@portal/contract/text';
import PDFDocument from 'pdfkit';
import { dmy } from '../../http/dates.ts';
import { drawQr, type Label, qrModules } from './labels.ts';
import type { Signing } from './signing.ts';

export type Pdf = PDFKit.PDFDocument;

const STATUS_FILLS: Record<string, string> = {
  danger: '#f4b6bd',
  warning: '#ffe08a',
  success: '#b9e4c4',
  info: '#b8e1f0',
  primary: '#bbd4f7',
  default: '#e2e3e5',
};

export type Orientation = 'portrait' | 'landscape';

/** What the request thread asks the worker to draw into document `id`, in order. */
export type PdfOp =
  | { id: number; op: 'start'; orientation: Orientation; title: string; signing?: Signing }
  | { id: number; op: 'fields'; entries: [string, string | null | undefined][] }
  | { id: number; op: 'heading'; text: string }
  | { id: number; op: 'verification'; documentNumber: string; link: string }
  | { id: number; op: 'table'; columns: PdfColumn[] }
  | { id: number; op: 'rows'; rows: Record<string, unknown>[] }
  | { id: number; op: 'image'; data: Uint8Array | null; caption: string }
  | { id: number; op: 'labels'; layout: LabelLayout; labels: Label[]; title: string }
  | { id: number; op: 'end' }
  | { id: number; op: 'abort' };

/** What the worker answers for document `id`: bytes of the file, its end, or why it failed. */
export type PdfAnswer = { id: number; chunk: Uint8Array } | { id: number; end: true } | { id: number; error: string };

export function newPdf(orientation: Orientation, title: string): Pdf {
  const doc = new PDFDocument({ size: 'A4', layout: orientation, margin: 40, info: { Title: title, Producer: 'Rigging portal' } });
  let page = 0;
  const footer = () => {
    page += 1;
    const { x, y } = doc;
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0; // writing inside the margin must not start another page
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#666')
      .text(`Page ${page}`, doc.page.margins.left, doc.page.height - 28, { width: contentWidth(doc), align: 'right', lineBreak: false });
    doc.page.margins.bottom = bottom;
    doc.fillColor('black').fontSize(9);
    doc.x = x;
    doc.y = y;
  };
  doc.on('pageAdded', footer);
  footer();
  doc.font('Helvetica-Bold').fontSize(16).text(title).moveDown(0.5);
  doc.font('Helvetica').fontSize(9);
  return doc;
}

export const contentWidth = (doc: Pdf) => doc.page.width - doc.page.margins.left - doc.page.margins.right;
const bottomOf = (doc: Pdf) => doc.page.height - doc.page.margins.bottom;

/** Label: value lines, two columns. */
export function fields(doc: Pdf, entries: [string, string | null | undefined][]) {
  const left = doc.page.margins.left;
  const half = contentWidth(doc) / 2;
  const shown = entries.filter(([, value]) => value !== null && value !== undefined && value !== '');
  for (let i = 0; i < shown.length; i += 2) {
    const y = doc.y;
    let end = y;
    for (const [column, entry] of [shown[i], shown[i + 1]].entries()) {
      if (!entry) continue;
      doc.font('Helvetica-Bold').text(`${entry[0]}: `, left + column * half, y, { continued: true, width: half - 8 });
      doc.font('Helvetica').text(String(entry[1]));
      end = Math.max(end, doc.y);
    }
    doc.x = left;
    doc.y = end + 2;
  }
  doc.moveDown(0.5);
}

export function heading(doc: Pdf, text: string) {
  if (doc.y + 40 > bottomOf(doc)) doc.addPage();
  doc.x = doc.page.margins.left;
  doc.font('Helvetica-Bold').fontSize(12).text(text).moveDown(0.3);
  doc.font('Helvetica').fontSize(9);
}

export interface PdfColumn {
  key: string;
  label: string;
  /** Share of the page width. */
  weight: number;
  colorKey?: string;
  /** A date, written DD.MM.YYYY. */
  date?: boolean;
  /** Ids: kept on one line (in a smaller font when needed), never broken at their hyphens. */
  oneLine?: boolean;
}

const TABLE_SIZE = 8;
const SMALLEST_SIZE = 5;
const PAD = 3;

/** The widest word of `text` at the current font and `size` (the whole text when it must stay on one line). */
function widestWord(doc: Pdf, text: string, size: number, oneLine = false): number {
  doc.fontSize(size);
  return Math.max(0, ...(oneLine ? [text] : text.split(/\s+/)).map((word) => doc.widthOfString(word)));
}

/**
 * Column widths by weight, but never narrower than the header's longest word: a narrow column takes
 * what it needs and the rest is shared by weight among the others (landscape trace tables have 13).
 */
function columnWidths(doc: Pdf, columns: PdfColumn[]): number[] {
  doc.font('Helvetica-Bold');
  const least = columns.map((column) => widestWord(doc, column.label, TABLE_SIZE) + 2 * PAD + 1);
  const fixed = new Set<number>();
  for (;;) {
    const room = contentWidth(doc) - [...fixed].reduce((sum, i) => sum + least[i], 0);
    const weights = columns.reduce((sum, column, i) => sum + (fixed.has(i) ? 0 : column.weight), 0);
    const widths = columns.map((column, i) => (fixed.has(i) ? least[i] : (column.weight / weights) * room));
    const short = widths.findIndex((width, i) => !fixed.has(i) && width < least[i]);
    if (short === -1 || fixed.size === columns.length - 1) return widths;
    fixed.add(short);
  }
}

/** The font size at which no word of `text` is wider than `width` (ids are not broken mid-word). */
function fittingSize(doc: Pdf, text: string, width: number, oneLine = false): number {
  let size = TABLE_SIZE;
  while (size > SMALLEST_SIZE && widestWord(doc, text, size, oneLine) > width) size -= 0.5;
  return size;
}

/** A table that repeats its header on each page; returns a function that adds rows. */
export function table(doc: Pdf, columns: PdfColumn[]) {
  const left = doc.page.margins.left;
  const widths = columnWidths(doc, columns);
  const text = (column: PdfColumn, row: Record<string, unknown>) => {
    const value = row[column.key];
    if (column.date) return dmy(value);
    if (typeof value === 'number') return formatNumber(value);
    return value === null || value === undefined ? '' : String(value);
  };
  const drawRow = (cells: string[], bold: boolean, fills: (string | undefined)[] = []) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    const room = widths.map((width) => width - 2 * PAD);
    const sizes = cells.map((cell, i) => fittingSize(doc, cell, room[i], !bold && columns[i].oneLine));
    // pdfkit also breaks after hyphens: a one-line cell (a stamped id) is written unwrapped when it fits.
    const unwrapped = cells.map((cell, i) => !bold && columns[i].oneLine === true && widestWord(doc, cell, sizes[i], true) <= room[i]);
    const options = (i: number) => (unwrapped[i] ? { lineBreak: false } : { width: room[i] });
    const height = Math.max(...cells.map((cell, i) => doc.fontSize(sizes[i]).heightOfString(cell || ' ', options(i)))) + 2 * PAD;
    if (doc.y + height > bottomOf(doc)) {
      doc.addPage();
      if (!bold)
        drawRow(
          columns.map((column) => column.label),
          true,
        );
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    }
    const y = doc.y;
    let x = left;
    cells.forEach((cell, i) => {
      if (fills[i]) doc.rect(x, y, widths[i], height).fill(fills[i]).fillColor('black');
      doc.fontSize(sizes[i]).text(cell, x + PAD, y + PAD, options(i));
      x += widths[i];
    });
    doc
      .moveTo(left, y + height)
      .lineTo(left + contentWidth(doc), y + height)
      .strokeColor(bold ? '#333' : '#ccc')
      .lineWidth(0.5)
      .stroke();
    doc.x = left;
    doc.y = y + height;
  };
  drawRow(
    columns.map((column) => column.label),
    true,
  );
  return (row: Record<string, unknown>) =>
    drawRow(
      columns.map((column) => text(column, row)),
      false,
      columns.map((column) => (column.colorKey ? STATUS_FILLS[String(row[column.colorKey])] : undefined)),
    );
}

/** Drawn for an image without its printable copy yet (images/upgrade.ts makes it). */
export const IMAGE_PLACEHOLDER = 'Image not shown yet: its printable copy is being prepared';

/**
 * An image scaled to fit a box, on a new page when it does not fit; without data, a placeholder box;
 * unreadable images are named instead.
 */
export function image(doc: Pdf, data: Uint8Array | null, caption: string, box = 160) {
  if (doc.y + box + 14 > bottomOf(doc)) doc.addPage();
  const y = doc.y;
  const left = doc.page.margins.left;
  try {
    if (data) doc.image(Buffer.from(data.buffer, data.byteOffset, data.byteLength), left, y, { fit: [box, box] });
    else {
      doc.rect(left, y, box, box).fillAndStroke('#f1f3f5', '#ced4da').fillColor('#555');
      doc.fontSize(8).text(IMAGE_PLACEHOLDER, left + 10, y + box / 2 - 10, { width: box - 20, align: 'center' });
    }
    doc.y = y + box + 2;
  } catch {
    doc.y = y;
  }
  doc.x = doc.page.margins.left;
  doc.fontSize(7).fillColor('#555').text(caption).fillColor('black').fontSize(9).moveDown(0.3);
}

/**
 * An issued document's check (issue 25 part 4): its QR code, its number and the /Verify link as text,
 * so that it can be checked from paper, a screen or a copy of the file.
 */
export function verification(doc: Pdf, documentNumber: string, link: string) {
  const size = 76;
  if (doc.y + size > bottomOf(doc)) doc.addPage();
  const left = doc.page.margins.left;
  const top = doc.y;
  drawQr(doc, qrModules(link), left, top, size);
  const textLeft = left + size + 6;
  const width = contentWidth(doc) - size - 6;
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .text(`Document ${documentNumber}`, textLeft, top + 10, { width });
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(`Check this document at ${link}`, textLeft, doc.y + 2, { width });
  doc.text('The check shows who signed it off, when it was issued and whether the record is unaltered.', textLeft, doc.y + 2, { width });
  doc.x = left;
  doc.y = Math.max(doc.y, top + size) + 6;
}
