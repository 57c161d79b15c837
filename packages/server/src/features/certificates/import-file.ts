/**
 * The certificate equipment import file (docs/certificates.md "Import"): UTF-8 text, one item a line
 * as `stampedId;length;comment;parentStampedId`, only the stamped id required. A first line whose
 * first field is 'stampedId' (any case) is a header; blank lines are skipped; the length takes a
 * comma or a dot before the decimals. Every problem is reported with its line number, so the whole
 * file can be fixed at once; a file separated by commas gets one error telling to use semicolons.
 */
import {
  EQUIPMENT_COMMENT_MAX,
  EQUIPMENT_LENGTH_MAX,
  certificateEditorMessages as m,
  newStampedIdValue,
  type ProposedItem,
  SERIES_MAX,
  STAMPED_ID_MAX,
  stampedIdKey,
  text,
} from '@portal/contract';
import { z } from 'zod';

/** stampedId;length;comment;parentStampedId */
const FIELDS = 4;

export type ImportRow = Omit<ProposedItem, 'available'>;
export type ImportCheck = { errors: { line: number; message: string }[] } | { content: ImportRow[] };

const lineFields = z.object({
  // Each line adds a new item: its id is normalised and checked for look-alike characters.
  stampedId: newStampedIdValue(),
  comment: text({ field: 'Comment', max: EQUIPMENT_COMMENT_MAX }),
  parentStampedId: text({ field: 'Parent stamped id', max: STAMPED_ID_MAX }),
});

/**
 * A length as people type it: '12', '12.5', '12,5', with thousands grouping when both separators
 * appear ('1.234,5', '1,234.5': the last one is the decimal separator). A single separator is always
 * the decimal one ('1,234' is 1.234). Undefined when it is not a number.
 */
export function parseLength(raw: string): number | undefined {
  const value = raw.replace(/[\s\u00a0]/g, '');
  let normal: string;
  if (/^\d+([.,]\d+)?$/.test(value)) normal = value.replace(',', '.');
  else if (/^\d{1,3}(\.\d{3})+,\d+$/.test(value)) normal = value.replaceAll('.', '').replace(',', '.');
  else if (/^\d{1,3}(,\d{3})+\.\d+$/.test(value)) normal = value.replaceAll(',', '');
  else return undefined;
  return Number(normal);
}

const fieldsOf = (line: string) => line.split(';').map((field) => field.trim());

function parseLine(fields: string[]): { row?: ImportRow; problems: string[] } {
  // Trailing empty fields ("A-1;12;;;") come from spreadsheets and are harmless.
  while (fields.length > FIELDS && fields[fields.length - 1] === '') fields.pop();
  const [stampedId = '', rawLength = '', comment = '', parentStampedId = ''] = fields;
  const problems: string[] = [];
  if (fields.length > FIELDS) problems.push(m.importLayout);
  const parsed = lineFields.safeParse({ stampedId, comment, parentStampedId });
  if (!parsed.success) problems.push(...parsed.error.issues.map((issue) => issue.message));
  let length: number | null = null;
  if (rawLength) {
    const value = parseLength(rawLength);
    if (value === undefined) problems.push(m.importLengthInvalid);
    else if (value > EQUIPMENT_LENGTH_MAX) problems.push(`Length must be at most ${EQUIPMENT_LENGTH_MAX} m`);
    else length = value;
  }
  if (stampedId && stampedIdKey(stampedId) === stampedIdKey(parentStampedId)) problems.push(m.parentIsSelf(stampedId));
  if (problems.length || !parsed.success) return { problems };
  return {
    problems,
    row: {
      stampedId: parsed.data.stampedId,
      length,
      comment: parsed.data.comment || null,
      parentStampedId: parsed.data.parentStampedId || null,
    },
  };
}

/** Either the errors per line or the rows; nothing is looked up here (the service adds availability). */
export function parseImportFile(content: string): ImportCheck {
  const lines = content.split(/\r\n|\n|\r/);
  const filled = lines
    .map((line, index) => ({ line, number: index + 1 }))
    .filter(({ line }) => fieldsOf(line).some((field) => field !== ''));
  if (!filled.length) return { errors: [{ line: 1, message: m.importEmpty }] };
  // Commas and not one semicolon: a CSV export in the wrong format; one error says what to do.
  if (!filled.some(({ line }) => line.includes(';')) && filled.some(({ line }) => line.includes(','))) {
    return { errors: [{ line: filled[0].number, message: m.useSemicolons }] };
  }
  const first = fieldsOf(filled[0].line)[0].toLowerCase();
  const body = first === 'stampedid' ? filled.slice(1) : filled;
  if (!body.length) return { errors: [{ line: filled[0].number, message: m.importEmpty }] };
  if (body.length > SERIES_MAX) return { errors: [{ line: body[SERIES_MAX].number, message: m.importTooLong }] };
  const errors: { line: number; message: string }[] = [];
  const rows: ImportRow[] = [];
  const seen = new Map<string, number>();
  // Blank lines, and lines of empty fields only (';;;' from a spreadsheet), were left out above.
  for (const { line, number } of body) {
    const fields = fieldsOf(line);
    const { row, problems } = parseLine(fields);
    for (const message of problems) errors.push({ line: number, message });
    // One item whatever the case: 'abc' after 'ABC' is the same id again.
    const stampedId = fields[0];
    if (stampedId && seen.has(stampedIdKey(stampedId))) errors.push({ line: number, message: m.stampedIdTwice(stampedId) });
    else if (stampedId) seen.set(stampedIdKey(stampedId), number);
    if (row && !errors.length) rows.push(row);
  }
  return errors.length ? { errors } : { content: rows };
}
