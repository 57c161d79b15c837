/**
 * The event import file (spec section 5 "Import file"): semicolon-separated text, one item per line,
 * the stamped id first (further fields, such as a length or a comment, are allowed and ignored).
 * Blank lines are skipped. The answer is every problem with its line number, or the stamped ids
 * (normalised, each once without regard to case; docs/event-items.md "Stamped ids").
 */
import {
  eventItemMessages,
  normalizeStampedId,
  SERIES_MAX,
  SINGLE_LINE_TEXT,
  STAMPED_ID_MAX,
  stampedIdKey,
  stampedIdProblem,
} from '@portal/contract';

export type ParsedImport = { errors: { line: number; message: string }[] } | { stampedIds: string[] };

export function parseEventImport(text: string): ParsedImport {
  const errors: { line: number; message: string }[] = [];
  const stampedIds: string[] = [];
  const seen = new Map<string, number>();
  text.split(/\r\n|\n|\r/).forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '') return;
    const stampedId = normalizeStampedId(raw.split(';')[0]);
    const key = stampedIdKey(stampedId);
    const problem = stampedIdProblem(stampedId);
    if (stampedId === '') errors.push({ line, message: eventItemMessages.importLayout });
    else if (!SINGLE_LINE_TEXT.test(stampedId)) errors.push({ line, message: 'Stamped id must not contain control characters' });
    else if (stampedId.length > STAMPED_ID_MAX)
      errors.push({ line, message: `Stamped id must not contain more than ${STAMPED_ID_MAX} characters` });
    else if (!raw.includes(';') && raw.includes(',')) errors.push({ line, message: eventItemMessages.importLayout });
    else if (problem) errors.push({ line, message: problem });
    // One item whatever the case: 'abc' after 'ABC' is the same id again.
    else if (seen.has(key)) errors.push({ line, message: `${stampedId} is already on line ${seen.get(key)}` });
    else {
      seen.set(key, line);
      stampedIds.push(stampedId);
    }
  });
  if (errors.length > 0) return { errors };
  if (stampedIds.length === 0) return { errors: [{ line: 1, message: eventItemMessages.importEmpty }] };
  if (stampedIds.length > SERIES_MAX) return { errors: [{ line: SERIES_MAX + 1, message: eventItemMessages.importTooLong }] };
  return { stampedIds };
}

/** The stamped ids of a series (section 5): numberFrom..numberTo, each wrapped in prefix and postFix, zero-padded to numberFrom's width. */
export function expandSeries(body: { numberFrom: string; numberTo: string; prefix: string; postFix: string }): string[] {
  const from = Number(body.numberFrom);
  const to = Number(body.numberTo);
  const width = body.numberFrom.length;
  const ids: string[] = [];
  for (let n = from; n <= to; n++) ids.push(`${body.prefix}${String(n).padStart(width, '0')}${body.postFix}`);
  return ids;
}
