import { fileMessages } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  makeZip,
  sampleDocx,
  sampleGif,
  sampleJpeg,
  sampleOle2,
  samplePdf,
  samplePng,
  samplePptx,
  sampleWebp,
  sampleXlsx,
} from '../../test/factories-files.ts';
import { attachmentKinds, describeKinds, detectFileKind, helpKinds, safeFileName, zipEntryNames } from './file-kinds.ts';

describe('detectFileKind', () => {
  it('recognises each kind by its content', () => {
    expect(detectFileKind(samplePdf(), 'a.pdf')).toBe('pdf');
    expect(detectFileKind(samplePng(), 'a.png')).toBe('png');
    expect(detectFileKind(sampleJpeg(), 'a.jpg')).toBe('jpeg');
    expect(detectFileKind(sampleGif(), 'a.gif')).toBe('gif');
    expect(detectFileKind(sampleWebp(), 'a.webp')).toBe('webp');
    expect(detectFileKind(sampleDocx(), 'a.docx')).toBe('docx');
    expect(detectFileKind(sampleXlsx(), 'a.xlsx')).toBe('xlsx');
    expect(detectFileKind(samplePptx(), 'a.pptx')).toBe('pptx');
  });

  it('decides by content, not by name', () => {
    expect(detectFileKind(Buffer.from('just some text, not a PDF'), 'manual.pdf')).toBeNull();
    expect(detectFileKind(samplePdf(), 'manual.txt')).toBe('pdf');
    expect(detectFileKind(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'logo.png')).toBeNull();
    expect(detectFileKind(Buffer.alloc(0), 'empty.pdf')).toBeNull();
  });

  it('takes a ZIP only when it is an office package', () => {
    expect(detectFileKind(makeZip({ 'readme.txt': 'hello' }), 'archive.docx')).toBeNull();
    expect(detectFileKind(makeZip({ 'word/document.xml': '<x/>' }), 'a.docx')).toBeNull();
    expect(detectFileKind(Buffer.from('PK\x03\x04 truncated'), 'a.docx')).toBeNull();
  });

  it('names legacy office files by their extension, refusing other OLE2 files', () => {
    expect(detectFileKind(sampleOle2(), 'old.doc')).toBe('doc');
    expect(detectFileKind(sampleOle2(), 'old.XLS')).toBe('xls');
    expect(detectFileKind(sampleOle2(), 'mail.msg')).toBeNull();
  });
});

describe('zipEntryNames', () => {
  it('reads the central directory', () => {
    expect(zipEntryNames(makeZip({ a: '1', 'b/c.xml': '2' }))).toEqual(['a', 'b/c.xml']);
    expect(zipEntryNames(Buffer.from('not a zip at all, no end record here'))).toBeNull();
  });
});

describe('safeFileName', () => {
  it('drops folders, control and reserved characters', () => {
    expect(safeFileName('C:\\Users\\x\\Manual "v2".pdf', 'pdf')).toBe('Manual v2.pdf');
    expect(safeFileName('../../etc/passwd\u0000.pdf', 'pdf')).toBe('passwd.pdf');
    expect(safeFileName('...', 'pdf')).toBe('file.pdf');
  });

  it('drops bidi overrides, invisible format characters and C1 controls (a name must read as it is)', () => {
    // 'invoice\u202Efdp.exe' shows as 'invoiceexe.pdf' in a right-to-left override.
    expect(safeFileName('invoice\u202Efdp.exe.pdf', 'pdf')).toBe('invoicefdp.exe.pdf');
    const hidden = '\u200B\u200E\u200F\u202A\u202B\u202C\u202D\u2066\u2067\u2068\u2069\u061C\uFEFF\u0085\u009B\u2028';
    expect(safeFileName(`a${hidden}b.pdf`, 'pdf')).toBe('ab.pdf');
    expect(safeFileName('Ærø kran – løft.pdf', 'pdf')).toBe('Ærø kran – løft.pdf');
  });

  it('makes the extension agree with the content', () => {
    expect(safeFileName('report.txt', 'pdf')).toBe('report.txt.pdf');
    expect(safeFileName('photo.JPEG', 'jpeg')).toBe('photo.JPEG');
    expect(safeFileName('photo', 'jpeg')).toBe('photo.jpg');
  });

  it('shortens long names and keeps the extension', () => {
    const name = safeFileName(`${'x'.repeat(300)}.pdf`, 'pdf');
    expect(name).toHaveLength(200);
    expect(name.endsWith('.pdf')).toBe(true);
  });
});

describe('describeKinds', () => {
  it('names what each upload takes: an item image says images only', () => {
    expect(fileMessages.notAllowed(describeKinds(['png', 'jpeg', 'gif', 'webp']))).toBe(
      'The file is not an image (PNG, JPEG, GIF, WebP): its content was checked, not its name',
    );
    expect(describeKinds(attachmentKinds)).toBe('a PDF or an image (PNG, JPEG, GIF, WebP)');
    expect(describeKinds(helpKinds)).toBe('a PDF, an image (PNG, JPEG, GIF, WebP) or an office document (Word, Excel, PowerPoint)');
    expect(describeKinds(['pdf'])).toBe('a PDF');
  });
});
