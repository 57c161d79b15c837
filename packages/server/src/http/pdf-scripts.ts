/**
 * Whether a PDF carries JavaScript. A script is an action dictionary with the name `/JS` or
 * `/JavaScript` (an `/OpenAction` or `/AA` runs it, the names tree lists it); names may be written
 * with `#xx` escapes (`/J#61vaScript`), and objects may sit compressed inside object streams
 * (`/Type /ObjStm`, FlateDecode), so those streams are inflated and read too. Page content streams
 * are not: nothing in them runs.
 */
import { inflateSync } from 'node:zlib';

export type PdfScriptCheck = 'clean' | 'script' | 'unchecked';

/** PDF names: a slash and regular characters (whitespace and delimiters end them). */
const NAME = /\/([^\s/<>[\]()%{}]*)/g;
const SCRIPT_NAMES = new Set(['JS', 'JavaScript']);
/** An object stream inflated beyond this is refused as unchecked rather than read. */
const MAX_OBJECT_STREAM_BYTES = 32 * 1024 * 1024;

const decodeName = (name: string) => name.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

function namesOf(text: string): Set<string> {
  const names = new Set<string>();
  for (const match of text.matchAll(NAME)) names.add(decodeName(match[1]));
  return names;
}

const hasScript = (names: Set<string>) => [...SCRIPT_NAMES].some((name) => names.has(name));

export function checkPdfScripts(data: Buffer): PdfScriptCheck {
  const text = data.toString('latin1');
  if (hasScript(namesOf(text))) return 'script';
  // Each stream: its dictionary (from the object's start) and its bytes up to `endstream`.
  const streams = /\bobj\b((?:(?!\bobj\b)[\s\S])*?)\bstream\r?\n/g;
  for (const match of text.matchAll(streams)) {
    const names = namesOf(match[1]);
    if (!names.has('ObjStm')) continue;
    const start = (match.index ?? 0) + match[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0 || !names.has('FlateDecode') || names.has('DecodeParms')) return 'unchecked';
    try {
      const inflated = inflateSync(data.subarray(start, end), { maxOutputLength: MAX_OBJECT_STREAM_BYTES });
      if (hasScript(namesOf(inflated.toString('latin1')))) return 'script';
    } catch {
      return 'unchecked'; // encrypted, damaged or too large to read: it cannot be shown to be clean
    }
  }
  return 'clean';
}
