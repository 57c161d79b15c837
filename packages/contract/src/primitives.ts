/**
 * Input primitives every endpoint schema is built from, so that hostile input answers 400 with the
 * field's message instead of reaching the database: ids are positive 32-bit integers, text is trimmed
 * and refuses NUL and control characters, enums are enums in the OpenAPI document.
 */
import { z } from 'zod';
import { messages } from './messages.ts';

/** PostgreSQL `integer`: larger ids cannot exist, and would fail in SQL. */
export const MAX_ID = 2_147_483_647;

export const inputMessages = {
  controlCharacters: (field: string) => `${field} must not contain control characters`,
  invalidId: (field: string) => `${field} must be a whole number from 1 to ${MAX_ID}`,
} as const;

/** No C0 control character or DEL; multi-line text allows tab, line feed and carriage return. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
export const SINGLE_LINE_TEXT = /^[^\u0000-\u001f\u007f]*$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
const MULTI_LINE_TEXT = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

/** An id in a path or query string ("42"); an empty or missing one is "{field} is required". */
export const idParamValue = (field = 'Id') =>
  z.coerce
    // Callers send a number or its text; the server receives text from the address.
    .number<number | string>({ error: messages.required(field) })
    .int(inputMessages.invalidId(field))
    .refine((value) => value !== 0, { message: messages.required(field), abort: true })
    .min(1, inputMessages.invalidId(field))
    .max(MAX_ID, inputMessages.invalidId(field));

/** An id in a JSON body; a missing one is "{field} is required". */
export const idField = (field: string) =>
  z
    .number({ error: messages.required(field) })
    .int(messages.mustBeInteger)
    .min(1, messages.required(field))
    .max(MAX_ID, inputMessages.invalidId(field));

export interface TextOptions {
  /** The field's label in messages ("Name is required"). */
  field: string;
  max: number;
  /** Required text must have a character after trimming. */
  required?: boolean;
  /** Allows tab and line breaks (comments, descriptions). */
  multiline?: boolean;
}

/** Trimmed text within `max` characters, without control characters. */
export function text(options: TextOptions) {
  const { field, max } = options;
  const base = z
    .string({ error: messages.required(field) })
    .trim()
    .max(max, messages.maxLength(field, max))
    .regex(options.multiline ? MULTI_LINE_TEXT : SINGLE_LINE_TEXT, inputMessages.controlCharacters(field));
  return options.required ? base.min(1, messages.required(field)) : base;
}

/** Secrets (passwords) are not trimmed, but still refuse NUL and control characters. */
export const secretText = (field: string, max: number) =>
  z
    .string({ error: messages.required(field) })
    .max(max, messages.maxLength(field, max))
    .regex(SINGLE_LINE_TEXT, inputMessages.controlCharacters(field));

/** An optional text field: absent, null and '' all arrive as null (the certificate and event forms). */
export const optionalText = (field: string, max: number, multiline = false) =>
  text({ field, max, multiline })
    .nullable()
    .optional()
    .transform((value) => value || null);

/** An optional search term from the query string; empty means no filter. */
export const searchText = (field = 'Search', max = 100) => text({ field, max }).optional();

/** A number from a fixed set, shown as an enum in the OpenAPI document. */
export const numberEnum = <const T extends readonly [number, ...number[]]>(values: T, field: string) =>
  z.literal(values, {
    error: (issue) => (issue.input === undefined ? messages.required(field) : `${field} must be one of ${values.join(', ')}`),
  });

/** `{ id }` path parameters. */
export const idParams = z.object({ id: idParamValue() });

/**
 * Stamped ids (docs/event-items.md "Stamped ids"): one item whatever the case it is typed in, and
 * no look-alikes. A new id is stored trimmed and NFKC-normalised (full-width digits become digits);
 * ids with invisible or text-direction characters (Unicode Cf and controls: zero-width space, soft
 * hyphen, right-to-left override) or with letters of two scripts (a Cyrillic А among Latin letters)
 * are refused with these messages, on the server and in the forms alike.
 */
export const stampedIdMessages = {
  invisible: (field: string) => `${field} must not contain invisible or text-direction characters`,
  mixedScripts: (field: string) => `${field} must not mix letters of different alphabets (such as Latin and Cyrillic)`,
} as const;

export const normalizeStampedId = (value: string) => value.normalize('NFKC').trim();

/** Stamped ids are compared without regard to case: the key two ids share when they name one item. */
export const stampedIdKey = (value: string) => normalizeStampedId(value).toLowerCase();

const INVISIBLE = /[\p{Cf}\p{Cc}\p{Zl}\p{Zp}]/u;
const SCRIPTS = [/\p{Script=Latin}/u, /\p{Script=Cyrillic}/u, /\p{Script=Greek}/u];

/** The script group of a letter: Latin, Cyrillic, Greek or any other (index 3). */
const scriptOf = (letter: string) => {
  const index = SCRIPTS.findIndex((script) => script.test(letter));
  return index === -1 ? SCRIPTS.length : index;
};

/** Why a (normalised) stamped id cannot be a new item's id, or undefined when it can. */
export function stampedIdProblem(value: string, field = 'Stamped id'): string | undefined {
  if (INVISIBLE.test(value)) return stampedIdMessages.invisible(field);
  const scripts = new Set([...value.matchAll(/\p{L}/gu)].map(([letter]) => scriptOf(letter)));
  if (scripts.size > 1) return stampedIdMessages.mixedScripts(field);
  return undefined;
}
