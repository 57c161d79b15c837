/** Files for tests: real minimal content of each kind, stored rows, and a tiny ZIP writer for office documents. */
import { createHash, randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { Executor } from '../src/db/client.ts';
import { certificates, files, helpFiles } from '../src/db/schema.ts';
import { createCatalogue } from './factories-owners.ts';

export const samplePdf = () => Buffer.from(`%PDF-1.4\n1 0 obj <<>> endobj\n% ${randomBytes(4).toString('hex')}\ntrailer <<>>\n%%EOF\n`);
/** A 1x1 transparent PNG. */
export const samplePng = () =>
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
/** 2x2 red images (uploads decode images to make their renditions, so these are complete). */
export const sampleJpeg = () =>
  Buffer.from(
    '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABAb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCeACoH/9k=',
    'base64',
  );
export const sampleGif = () => Buffer.from('R0lGODlhAgACAIAAAExpccA5KyH5BAUAAAAALAAAAAACAAIAAAICjFMAOw==', 'base64');
export const sampleWebp = () => Buffer.from('UklGRh4AAABXRUJQVlA4TBEAAAAvAUAAAAfQnAJ3pf+BiOh/AAA=', 'base64');
export const sampleOle2 = () => Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);

/** A stored (uncompressed) ZIP with the given entries, enough for content detection. */
export function makeZip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const nameBytes = Buffer.from(name);
    const data = Buffer.from(text);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

export const sampleDocx = () => makeZip({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<w:document/>' });
export const sampleXlsx = () => makeZip({ '[Content_Types].xml': '<Types/>', 'xl/workbook.xml': '<workbook/>' });
export const samplePptx = () => makeZip({ '[Content_Types].xml': '<Types/>', 'ppt/presentation.xml': '<presentation/>' });

export async function createFile(db: Executor, values: Partial<typeof files.$inferInsert> = {}) {
  const data = values.data ?? samplePdf();
  const [file] = await db
    .insert(files)
    .values({
      fileName: 'manual.pdf',
      contentType: 'application/pdf',
      size: data.length,
      sha256: createHash('sha256').update(data).digest('hex'),
      createdBy: 'uploader@test.example',
      ...values,
      data,
    })
    .returning();
  return file;
}

export async function createHelpFile(db: Executor, values: Partial<typeof files.$inferInsert> = {}) {
  const file = await createFile(db, values);
  const [help] = await db.insert(helpFiles).values({ fileId: file.id, createdBy: 'admin@test.example' }).returning();
  return { file, help };
}

/** A certificate of a new owner whose PDF is the given file (for owner-scope tests). */
export async function createCertificateWithFile(db: Executor, fileId: number) {
  const { owner, type, subType, dimension } = await createCatalogue(db);
  const [certificate] = await db
    .insert(certificates)
    .values({
      ownerId: owner.id,
      typeId: type.id,
      subTypeId: subType.id,
      dimensionId: dimension.id,
      certificateNumber: `C-${fileId}`,
      fileId,
    })
    .returning();
  return { owner, certificate };
}
