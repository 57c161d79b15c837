/**
 * Label sheets (docs/labels.md): one label per item, its QR label text in words and a QR code of the
 * link to its page. Drawn in the PDF worker (pdf-worker.ts). The QR code is vector: each row's runs
 * of dark modules are one rectangle, so it prints sharp at any size and a sheet stays small.
 */

import { encodeQR } from '@paulmillr/qr';
import type { LabelLayout } from '@portal/contract';
import PDFDocument from 'pdfkit';

export interface Label {
  /** The spec's QR label text (qrLabelText). */
  text: string;
  stampedId: string;
  /** What the QR code holds: the item's page. */
  link: string;
}

const MM = 72 / 25.4;

interface Stock {
  page: [number, number];
  columns: number;
  rows: number;
  /** One label's size and the sheet's margins, in mm. */
  label: [number, number];
  left: number;
  top: number;
  /** Inside a label: the padding, and the text's font size in points. */
  padding: number;
  fontSize: number;
}

/** A4 sheets of 3 x 8 labels of 70 x 37 mm (296 mm of 297: half a millimetre top and bottom); a 50 x 25 mm roll. */
export const STOCK: Record<LabelLayout, Stock> = {
  a4: { page: [210, 297], columns: 3, rows: 8, label: [70, 37], left: 0, top: 0.5, padding: 3, fontSize: 9 },
  roll: { page: [50, 25], columns: 1, rows: 1, label: [50, 25], left: 0, top: 0, padding: 1.5, fontSize: 7 },
};

/** Quiet zone around a code, in modules: the QR standard's 4 (readers miss codes with less). */
const QUIET = 4;

/** The QR code of `text` as a square of modules, true where dark, without its quiet zone. */
export function qrModules(text: string): boolean[][] {
  return encodeQR(text, 'raw', { ecc: 'medium', border: 0 });
}

/** Draws a QR code with its top-left corner (quiet zone included) at x, y and `size` points wide. */
export function drawQr(doc: PDFKit.PDFDocument, modules: boolean[][], x: number, y: number, size: number) {
  const unit = size / (modules.length + 2 * QUIET);
  const left = x + QUIET * unit;
  const top = y + QUIET * unit;
  modules.forEach((row, r) => {
    let start = -1;
    for (let c = 0; c <= row.length; c++) {
      if (c < row.length && row[c]) {
        if (start < 0) start = c;
      } else if (start >= 0) {
        doc.rect(left + start * unit, top + r * unit, (c - start) * unit, unit);
        start = -1;
      }
    }
  });
  doc.fill('black');
}

/** A new label sheet document; `labels` fill it in order, label by label, row by row. */
export function labelSheet(layout: LabelLayout, labels: Label[], title: string): PDFKit.PDFDocument {
  const stock = STOCK[layout];
  const doc = new PDFDocument({
    size: [stock.page[0] * MM, stock.page[1] * MM],
    margin: 0,
    autoFirstPage: false,
    info: { Title: title, Producer: 'Rigging portal' },
  });
  const perPage = stock.columns * stock.rows;
  const [width, height] = [stock.label[0] * MM, stock.label[1] * MM];
  const padding = stock.padding * MM;
  labels.forEach((label, i) => {
    if (i % perPage === 0) doc.addPage();
    const at = i % perPage;
    const x = (stock.left + (at % stock.columns) * stock.label[0]) * MM;
    const y = (stock.top + Math.floor(at / stock.columns) * stock.label[1]) * MM;
    // The code fills the label's height; the text takes the rest of its width.
    const qrSize = height - 2 * padding;
    drawQr(doc, qrModules(label.link), x + padding, y + padding, qrSize);
    const textX = x + padding + qrSize + padding / 2;
    const textWidth = width - (textX - x) - padding;
    doc
      .font('Helvetica-Bold')
      .fontSize(stock.fontSize)
      .fillColor('black')
      .text(label.text, textX, y + padding * 2, { width: textWidth, height: height / 2, lineBreak: true });
    doc
      .font('Helvetica')
      .fontSize(stock.fontSize - 2)
      .text(label.stampedId, textX, y + height / 2 + padding, { width: textWidth, height: height / 2 - 2 * padding, lineBreak: true });
  });
  if (labels.length === 0) doc.addPage();
  return doc;
}
