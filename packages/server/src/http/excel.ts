/**
 * Excel workbooks for reports and exports, written as Office Open XML straight into the response
 * (decision 032): each batch of rows becomes sheet XML and goes through a streaming zip deflated by
 * Node's zlib (zip.ts), so memory stays bounded whatever the row count (faster than exceljs and than
 * fflate's JavaScript deflate: docs/performance.md, 'Figures behind the code'). Every sheet has a frozen, bold header row, an autofilter,
 * column widths, dates as dates (DD.MM.YYYY) and status cells filled with their colour. Text is
 * always an inline string cell, so text starting with = + - @ is never a formula.
 */
import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { contentDisposition } from './downloads.ts';
import { type ZipEntry, ZipWriter } from './zip.ts';

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

/** Label colours (constants.ts) as light cell fills, like the badges on screen; style ids 3.. in styles.xml. */
const FILLS = ['danger', 'warning', 'success', 'info', 'primary', 'default'] as const;
const FILL_RGB = ['FFF4B6BD', 'FFFFE08A', 'FFB9E4C4', 'FFB8E1F0', 'FFBBD4F7', 'FFE2E3E5'];
const STYLE = { header: 1, date: 2, firstFill: 3 } as const;

const DEFAULT_WIDTH: Record<ExcelKind, number> = { text: 24, number: 12, date: 12, status: 18, stampedId: 22, boolean: 10 };

// biome-ignore lint/suspicious/noControlCharactersInRegex: XML 1.0 cannot carry these characters at all.
const INVALID_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters escapeXml must change or drop.
const NEEDS_ESCAPE = /[&<>"\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;
/** Most cells need no change: one test, and the two replaces only for those that do. */
const escapeXml = (text: string) =>
  NEEDS_ESCAPE.test(text)
    ? text.replace(INVALID_XML, '').replace(/[&<>"]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;'))
    : text;

/** 0 -> A, 25 -> Z, 26 -> AA. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
/** 'YYYY-MM-DD' (or an ISO time, or a Date) -> Excel's day number, or null. */
export function excelDate(value: unknown): number | null {
  const text = value instanceof Date ? value.toISOString() : typeof value === 'string' ? value : '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (!match) return null;
  return (Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) - EXCEL_EPOCH) / 86_400_000;
}

const textCell = (ref: string, text: string, style = 0) =>
  `<c r="${ref}" t="inlineStr"${style ? ` s="${style}"` : ''}><is><t xml:space="preserve">${escapeXml(text)}</t></is></c>`;

/** One cell's XML, or '' for an empty cell. */
export function cellXml(column: ExcelColumn, row: ExcelRow, ref: string): string {
  const value = row[column.key];
  if (value === null || value === undefined || value === '') return '';
  if (column.kind === 'date') {
    const day = excelDate(value);
    return day === null ? textCell(ref, String(value)) : `<c r="${ref}" s="${STYLE.date}"><v>${day}</v></c>`;
  }
  if (column.kind === 'number') {
    const number = typeof value === 'number' ? value : Number(value);
    return Number.isFinite(number) ? `<c r="${ref}"><v>${number}</v></c>` : textCell(ref, String(value));
  }
  if (column.kind === 'boolean') return textCell(ref, value ? 'Yes' : 'No');
  const fill = column.colorKey ? FILLS.indexOf(row[column.colorKey] as (typeof FILLS)[number]) : -1;
  return textCell(ref, String(value), fill >= 0 ? STYLE.firstFill + fill : 0);
}

export interface SheetSpec {
  name: string;
  /** Lines above the table (title, filters); a blank line and the header row follow them. */
  heading?: string[];
  columns: ExcelColumn[];
}

/** One sheet being written: add rows in batches, awaiting each (backpressure). */
export interface SheetWriter {
  addRows(rows: ExcelRow[]): Promise<void>;
}

export interface WorkbookStream {
  /** Starts a sheet; starting another one finishes the previous one. */
  sheet(spec: SheetSpec): SheetWriter;
}

const STATIC_PARTS: Record<string, string> = {
  '_rels/.rels':
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  'xl/styles.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="1"><numFmt numFmtId="164" formatCode="dd.mm.yyyy"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="${2 + FILLS.length}"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill>${FILL_RGB.map((rgb) => `<fill><patternFill patternType="solid"><fgColor rgb="${rgb}"/><bgColor indexed="64"/></patternFill></fill>`).join('')}</fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="${3 + FILLS.length}"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>${FILLS.map((_, i) => `<xf numFmtId="0" fontId="0" fillId="${2 + i}" borderId="0" xfId="0" applyFill="1"/>`).join('')}</cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`,
};

function workbookParts(sheets: { name: string; filter: string }[]): Record<string, string> {
  const list = sheets.map((sheet, i) => `<sheet name="${escapeXml(sheet.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('');
  const filters = sheets
    .map(
      (sheet, i) =>
        `<definedName name="_xlnm._FilterDatabase" localSheetId="${i}" hidden="1">'${escapeXml(sheet.name.replaceAll("'", "''"))}'!${sheet.filter}</definedName>`,
    )
    .join('');
  const rels = sheets
    .map(
      (_, i) =>
        `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
    )
    .join('');
  const types = sheets
    .map(
      (_, i) =>
        `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
    )
    .join('');
  return {
    'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>${list}</sheets><definedNames>${filters}</definedNames></workbook>`,
    'xl/_rels/workbook.xml.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels}<Relationship Id="rId${sheets.length + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`,
    '[Content_Types].xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>${types}</Types>`,
  };
}

/**
 * Sends an attachment and writes the workbook into it while `write` runs. Checks that can refuse the
 * request (404, 403) must run before this is called: once the headers are out, the status is 200.
 */
export async function sendWorkbook(reply: FastifyReply, fileName: string, write: (book: WorkbookStream) => Promise<void>) {
  const stream = new PassThrough();
  const zip = new ZipWriter(stream);
  reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', contentDisposition(fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store');
  reply.send(stream);

  const sheets: { name: string; filter: string }[] = [];
  // Entries are written one after another: a sheet starts once the one before it has ended.
  let closeSheet: (() => Promise<void>) | undefined;
  const book: WorkbookStream = {
    sheet(spec) {
      const previous = closeSheet?.() ?? Promise.resolve();
      const fileName = `xl/worksheets/sheet${sheets.length + 1}.xml`;
      const heading = spec.heading ?? [];
      const headerRow = heading.length ? heading.length + 2 : 1;
      const last = columnName(Math.max(spec.columns.length, 1) - 1);
      const names = spec.columns.map((_, i) => columnName(i));
      sheets.push({ name: spec.name.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31), filter: `$A$${headerRow}:$${last}$${headerRow}` });
      const cols = spec.columns
        .map((column, i) => `<col min="${i + 1}" max="${i + 1}" width="${column.width ?? DEFAULT_WIDTH[column.kind]}" customWidth="1"/>`)
        .join('');
      const started: Promise<ZipEntry> = previous.then(async () => {
        const part = zip.entry(fileName);
        await part.write(
          `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheetViews><sheetView workbookViewId="0"><pane ySplit="${headerRow}" topLeftCell="A${headerRow + 1}" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft"/></sheetView></sheetViews>${cols ? `<cols>${cols}</cols>` : ''}<sheetData>` +
            heading.map((line, i) => `<row r="${i + 1}">${textCell(`A${i + 1}`, line)}</row>`).join('') +
            `<row r="${headerRow}">${spec.columns.map((column, i) => textCell(`${names[i]}${headerRow}`, column.label, STYLE.header)).join('')}</row>`,
        );
        return part;
      });
      let rowNumber = headerRow;
      closeSheet = async () => {
        const part = await started;
        await part.write(`</sheetData><autoFilter ref="A${headerRow}:${last}${headerRow}"/></worksheet>`);
        await part.end();
      };
      return {
        async addRows(rows) {
          const part = await started;
          let xml = '';
          for (const row of rows) {
            rowNumber += 1;
            xml += `<row r="${rowNumber}">`;
            for (let i = 0; i < spec.columns.length; i++) xml += cellXml(spec.columns[i], row, `${names[i]}${rowNumber}`);
            xml += '</row>';
          }
          await part.write(xml);
        },
      };
    },
  };
  try {
    await write(book);
    if (sheets.length === 0) book.sheet({ name: 'Sheet1', columns: [] });
    await closeSheet?.();
    for (const [name, xml] of Object.entries({ ...STATIC_PARTS, ...workbookParts(sheets) })) zip.add(name, xml);
    zip.finish();
  } catch (error) {
    // The status is already sent: end the download broken rather than as a valid, short file.
    stream.destroy(error as Error);
    reply.log.error({ err: error }, 'Excel export failed');
  }
  return reply;
}

/** A file name safe everywhere: the report's name and today's date. */
export const excelFileName = (base: string) =>
  `${base.replace(/[^\w -]+/g, '').trim() || 'export'} ${new Date().toISOString().slice(0, 10)}.xlsx`;
