/**
 * Excel workbooks for reports and exports, written with exceljs's streaming writer straight into the
 * response: rows are committed as they come, so memory stays bounded whatever the row count. Every
 * sheet has a frozen, bold header row, an autofilter, column widths, dates as dates (DD.MM.YYYY) and
 * status cells filled with their colour. Text is always written as a string cell, so text starting
 * with = + - @ (a "formula" typed into a comment) is never a formula.
 */
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { contentDisposition } from './downloads.ts';

export type ExcelKind = 'text' | 'number' | 'date' | 'status' | 'stampedId' | 'boolean';
export interface ExcelColumn {
  key: string;
  label: string;
  kind: ExcelKind;
  /** For status columns: the row key holding the label colour. */
  colorKey?: string;
  width?: number;
}
export type ExcelRow = Record<string, unknown>;

/** Label colours (constants.ts) as light cell fills, like the badges on screen. */
const FILLS: Record<string, string> = {
  danger: 'FFF4B6BD',
  warning: 'FFFFE08A',
  success: 'FFB9E4C4',
  info: 'FFB8E1F0',
  primary: 'FFBBD4F7',
  default: 'FFE2E3E5',
};

const DEFAULT_WIDTH: Record<ExcelKind, number> = { text: 24, number: 12, date: 12, status: 18, stampedId: 22, boolean: 10 };

/** 'YYYY-MM-DD' (or an ISO time) -> a Date at UTC midnight, which Excel shows as that day. */
function toDate(value: unknown): Date | null {
  if (value instanceof Date) return value;
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(value)) return null;
  return new Date(`${value.slice(0, 10)}T00:00:00Z`);
}

export function cellValue(column: ExcelColumn, value: unknown): ExcelJS.CellValue {
  if (value === null || value === undefined) return null;
  if (column.kind === 'date') return toDate(value);
  if (column.kind === 'number') return typeof value === 'number' ? value : Number(value);
  if (column.kind === 'boolean') return value ? 'Yes' : 'No';
  // Strings stay strings: exceljs writes them as string cells, never as formulas.
  return String(value);
}

export interface SheetSpec {
  name: string;
  /** Lines above the table (title, filters); the header row follows them. */
  heading?: string[];
  columns: ExcelColumn[];
}

/** One sheet being written: add rows in batches, awaiting each (backpressure). */
export interface SheetWriter {
  addRows(rows: ExcelRow[]): Promise<void>;
}

export interface WorkbookStream {
  sheet(spec: SheetSpec): SheetWriter;
  finish(): Promise<void>;
}

/**
 * Sends an attachment and writes the workbook into it while `write` runs. Checks that can refuse the
 * request (404, 403) must run before this is called: once the headers are out, the status is 200.
 */
export async function sendWorkbook(reply: FastifyReply, fileName: string, write: (book: WorkbookStream) => Promise<void>) {
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', contentDisposition(fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store');
  reply.send(stream);
  const book: WorkbookStream = {
    sheet: (spec) => addSheet(workbook, stream, spec),
    finish: async () => {
      await workbook.commit();
    },
  };
  try {
    await write(book);
    await book.finish();
  } catch (error) {
    // The status is already sent: end the download broken rather than as a valid, short file.
    stream.destroy(error as Error);
    reply.log.error({ err: error }, 'Excel export failed');
  }
  return reply;
}

function addSheet(workbook: ExcelJS.stream.xlsx.WorkbookWriter, stream: PassThrough, spec: SheetSpec): SheetWriter {
  const headerRow = (spec.heading?.length ?? 0) + (spec.heading?.length ? 1 : 0) + 1;
  const sheet = workbook.addWorksheet(spec.name.slice(0, 31), { views: [{ state: 'frozen', ySplit: headerRow }] });
  sheet.columns = spec.columns.map((column) => ({
    key: column.key,
    width: column.width ?? DEFAULT_WIDTH[column.kind],
    ...(column.kind === 'date' && { style: { numFmt: 'dd.mm.yyyy' } }),
  }));
  for (const line of spec.heading ?? []) sheet.addRow([line]).commit();
  if (spec.heading?.length) sheet.addRow([]).commit();
  const header = sheet.addRow(spec.columns.map((column) => column.label));
  header.font = { bold: true };
  header.commit();
  sheet.autoFilter = { from: { row: headerRow, column: 1 }, to: { row: headerRow, column: Math.max(spec.columns.length, 1) } };

  return {
    async addRows(rows) {
      for (const data of rows) {
        const row = sheet.addRow(spec.columns.map((column) => cellValue(column, data[column.key])));
        spec.columns.forEach((column, index) => {
          if (column.kind === 'date') row.getCell(index + 1).numFmt = 'dd.mm.yyyy';
          const color = column.colorKey ? data[column.colorKey] : undefined;
          const fill = typeof color === 'string' ? FILLS[color] : undefined;
          if (fill) row.getCell(index + 1).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: fill } };
        });
        row.commit();
      }
      if (stream.writableNeedDrain) await once(stream, 'drain');
    },
  };
}

/** A file name safe everywhere: the report's name and today's date. */
export const excelFileName = (base: string) =>
  `${base.replace(/[^\w -]+/g, '').trim() || 'export'} ${new Date().toISOString().slice(0, 10)}.xlsx`;
