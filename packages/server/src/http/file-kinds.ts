/**
 * What a file is, decided by its content (magic bytes), never by its name or the declared type:
 * a text file renamed .pdf is not a PDF. The stored content type comes from the detected kind.
 */
export const fileKinds = {
  pdf: { contentType: 'application/pdf', extensions: ['pdf'] },
  png: { contentType: 'image/png', extensions: ['png'] },
  jpeg: { contentType: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
  gif: { contentType: 'image/gif', extensions: ['gif'] },
  webp: { contentType: 'image/webp', extensions: ['webp'] },
  docx: { contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extensions: ['docx'] },
  xlsx: { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extensions: ['xlsx'] },
  pptx: { contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', extensions: ['pptx'] },
  doc: { contentType: 'application/msword', extensions: ['doc'] },
  xls: { contentType: 'application/vnd.ms-excel', extensions: ['xls'] },
  ppt: { contentType: 'application/vnd.ms-powerpoint', extensions: ['ppt'] },
} as const;
export type FileKindName = keyof typeof fileKinds;

/** Pictures: checked for their size and kept with bounded renditions (http/uploads.ts). */
export const imageKinds: FileKindName[] = ['png', 'jpeg', 'gif', 'webp'];
/** Certificate and event PDFs, item images. SVG is left out on purpose: it can carry scripts. */
export const attachmentKinds: FileKindName[] = ['pdf', ...imageKinds];
const officeKinds: FileKindName[] = ['docx', 'xlsx', 'pptx', 'doc', 'xls', 'ppt'];
export const helpKinds: FileKindName[] = [...attachmentKinds, ...officeKinds];

/**
 * How the allowed kinds are named in the refusal message, with its article ('a PDF or an image (...)');
 * an item image, which takes pictures only, says 'an image (PNG, JPEG, GIF, WebP)'.
 */
export function describeKinds(kinds: FileKindName[]): string {
  const names = [
    kinds.includes('pdf') ? 'a PDF' : null,
    kinds.some((kind) => imageKinds.includes(kind)) ? 'an image (PNG, JPEG, GIF, WebP)' : null,
    kinds.some((kind) => officeKinds.includes(kind)) ? 'an office document (Word, Excel, PowerPoint)' : null,
  ].filter((name) => name !== null);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}` : names.join('');
}

const startsWith = (data: Buffer, bytes: number[] | string, at = 0) => {
  const expected = typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : Buffer.from(bytes);
  return data.length >= at + expected.length && data.subarray(at, at + expected.length).equals(expected);
};

const ZIP_LOCAL = [0x50, 0x4b, 0x03, 0x04];
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
}

/** The kind of the content, or null when it is none of the known kinds. */
export function detectFileKind(data: Buffer, fileName: string): FileKindName | null {
  if (startsWith(data, '%PDF-')) return 'pdf';
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(data, 'GIF87a') || startsWith(data, 'GIF89a')) return 'gif';
  if (startsWith(data, 'RIFF') && startsWith(data, 'WEBP', 8)) return 'webp';
  if (startsWith(data, ZIP_LOCAL)) return officeOpenXmlKind(zipEntryNames(data));
  // Legacy office files share one container format: the extension says which program opens it.
  if (startsWith(data, OLE2)) {
    const extension = extensionOf(fileName);
    return extension === 'doc' || extension === 'xls' || extension === 'ppt' ? extension : null;
  }
  return null;
}

/** A ZIP is an office document only when it has the package's content-types part and its main part. */
function officeOpenXmlKind(names: string[] | null): FileKindName | null {
  if (!names?.includes('[Content_Types].xml')) return null;
  if (names.includes('word/document.xml')) return 'docx';
  if (names.includes('xl/workbook.xml')) return 'xlsx';
  if (names.includes('ppt/presentation.xml')) return 'pptx';
  return null;
}

const EOCD = 0x06054b50;
const CENTRAL_ENTRY = 0x02014b50;
const MAX_ENTRIES = 20_000;

/** Entry names from the ZIP's central directory, or null when the archive is malformed. */
export function zipEntryNames(data: Buffer): string[] | null {
  const lowest = Math.max(0, data.length - 22 - 0xffff);
  for (let at = data.length - 22; at >= lowest; at--) {
    if (data.readUInt32LE(at) !== EOCD) continue;
    const count = data.readUInt16LE(at + 10);
    const offset = data.readUInt32LE(at + 16);
    const names: string[] = [];
    let position = offset;
    for (let n = 0; n < Math.min(count, MAX_ENTRIES); n++) {
      if (position + 46 > data.length || data.readUInt32LE(position) !== CENTRAL_ENTRY) return null;
      const nameLength = data.readUInt16LE(position + 28);
      const extraLength = data.readUInt16LE(position + 30);
      const commentLength = data.readUInt16LE(position + 32);
      names.push(data.toString('utf8', position + 46, position + 46 + nameLength));
      position += 46 + nameLength + extraLength + commentLength;
    }
    return names;
  }
  return null;
}

export function kindOfContentType(contentType: string): FileKindName | undefined {
  return (Object.keys(fileKinds) as FileKindName[]).find((kind) => fileKinds[kind].contentType === contentType);
}

/**
 * A file name that is safe to store and to send back: no folders, control or reserved characters,
 * at most `maxLength` characters, and ending in an extension of its kind (appended when missing),
 * so that the name and the content agree.
 */
export function safeFileName(raw: string, kind: FileKindName | undefined, maxLength = 200): string {
  let name = (raw.split(/[\\/]/).pop() ?? '')
    .normalize('NFC')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
    .replace(/[\u0000-\u001f\u007f"<>:|?*]/g, '')
    // C1 controls, bidi marks and overrides, zero-width and other invisible format characters: a
    // right-to-left override makes 'x\u202Efdp.exe' read as 'xexe.pdf'.
    .replace(/[\u0080-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  if (!name) name = 'file';
  const extensions: readonly string[] = kind ? fileKinds[kind].extensions : [];
  let extension = extensionOf(name);
  if (kind && !extensions.includes(extension)) {
    extension = extensions[0];
    name = `${name}.${extension}`;
  }
  if (name.length <= maxLength) return name;
  const suffix = extension ? `.${extension}` : '';
  return `${name.slice(0, maxLength - suffix.length)}${suffix}`;
}
