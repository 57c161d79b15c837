/**
 * The tag import file: UTF-8 text, one tag per line as `stampedId;tag;color` (colour optional,
 * 'default' when empty). Fields are trimmed; empty lines and a `stampedId;tag;color` header line are
 * skipped. Every problem is reported with its line number, so the whole file can be fixed at once.
 */
import {
  DEFAULT_TAG_COLOR,
  labelColors,
  TAG_FILE_MAX_LINES,
  TAG_MAX_LENGTH,
  TAG_STAMPED_ID_MAX_LENGTH,
  type TagFileCheck,
  type TagLine,
  type TagLineError,
  tagFileMessages,
} from '@portal/contract';
import { badRequest } from '../../http/errors.ts';
import { UPLOAD_FIELD } from '../../http/uploads.ts';

const isHeader = (fields: string[]) => fields[0]?.toLowerCase() === 'stampedid' && fields[1]?.toLowerCase() === 'tag';

function parseLine(line: string, number: number, errors: TagLineError[], unavailable: ReadonlySet<string>): TagLine | null {
  const fields = line.split(';').map((field) => field.trim());
  // Trailing empty fields ("A-1;Red;;") come from spreadsheets and are harmless.
  while (fields.length > 3 && fields[fields.length - 1] === '') fields.pop();
  const [stampedId = '', tag = '', rawColor = ''] = fields;
  const color = rawColor.toLowerCase() || DEFAULT_TAG_COLOR;
  const problems: string[] = [];
  if (fields.length > 3) problems.push(tagFileMessages.tooManyFields);
  if (!stampedId) problems.push(tagFileMessages.stampedIdRequired);
  else if (stampedId.length > TAG_STAMPED_ID_MAX_LENGTH) problems.push(tagFileMessages.stampedIdTooLong);
  else if (unavailable.has(stampedId)) problems.push(tagFileMessages.notAvailable);
  if (!tag) problems.push(tagFileMessages.tagRequired);
  else if (tag.length > TAG_MAX_LENGTH) problems.push(tagFileMessages.tagTooLong);
  if (!(labelColors as readonly string[]).includes(color)) problems.push(tagFileMessages.badColor);
  for (const message of problems) errors.push({ line: number, message });
  return problems.length ? null : { stampedId, tag, color };
}

/**
 * Either the errors per line or the content; a file that is not a tag file at all is a 400 on `File`.
 * `unavailable`: stamped ids of other owners' items, each line of one an error (docs/security.md rule 28).
 */
export function parseTagFile(text: string, unavailable: ReadonlySet<string> = new Set()): TagFileCheck {
  const lines = text.split(/\r\n|\n|\r/);
  while (lines.length && lines[lines.length - 1].trim() === '') lines.pop();
  if (lines.length > TAG_FILE_MAX_LINES) throw badRequest(UPLOAD_FIELD, tagFileMessages.tooManyLines(TAG_FILE_MAX_LINES));
  const errors: TagLineError[] = [];
  const content: TagLine[] = [];
  const seen = new Map<string, number>();
  let first = true;
  lines.forEach((line, index) => {
    const number = index + 1;
    if (line.trim() === '') return;
    const header = first && isHeader(line.split(';').map((field) => field.trim()));
    first = false;
    if (header) return;
    const entry = parseLine(line, number, errors, unavailable);
    if (!entry) return;
    const key = JSON.stringify([entry.stampedId, entry.tag]);
    const earlier = seen.get(key);
    if (earlier !== undefined) errors.push({ line: number, message: tagFileMessages.duplicate(earlier) });
    else {
      seen.set(key, number);
      content.push(entry);
    }
  });
  if (errors.length) return { errors };
  if (!content.length) throw badRequest(UPLOAD_FIELD, tagFileMessages.noLines);
  return { content };
}
