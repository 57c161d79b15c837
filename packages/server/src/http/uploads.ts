/**
 * File uploads (multipart, one file per request in the field `File`): read into memory within a
 * size limit, then checked by content. Every problem with the file answers 400 naming `File`.
 */
import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import { fileMessages, MAX_IMAGE_PIXELS, MAX_UPLOAD_BYTES } from '@portal/contract';
import type { FastifyInstance, FastifyRequest, FastifySchema, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { makeRenditions, type Renditions, UnreadableImage } from '../images/renditions.ts';
import { badRequest } from './errors.ts';
import { describeKinds, detectFileKind, type FileKindName, fileKinds, imageKinds, safeFileName } from './file-kinds.ts';
import { readImageSize } from './image-header.ts';
import { checkPdfScripts } from './pdf-scripts.ts';

export const UPLOAD_FIELD = 'File';

export async function registerUploads(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { files: 1, fileSize: MAX_UPLOAD_BYTES, fields: 5, fieldSize: 1024, fieldNameSize: 100, parts: 6, headerPairs: 100 },
  });
}

/**
 * Route options for a multipart route: the OpenAPI document shows the `File` field, while the body
 * itself is read by the handler (readUpload), not by the schema validator.
 */
export function multipartRoute(description: string) {
  const body = z.object({ [UPLOAD_FIELD]: z.file().describe(description) });
  const compiler: FastifySchemaCompiler<unknown> = (route) =>
    route.httpPart === 'body' ? (data) => ({ value: data }) : validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
  return { schema: { consumes: ['multipart/form-data'], body } satisfies FastifySchema, validatorCompiler: compiler };
}

export interface RawUpload {
  fileName: string;
  data: Buffer;
}

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

/** The one file of the request, in memory. Other file fields are drained and ignored. */
export async function readUpload(request: FastifyRequest, maxBytes = MAX_UPLOAD_BYTES): Promise<RawUpload> {
  if (!request.isMultipart()) throw badRequest(UPLOAD_FIELD, fileMessages.chooseFile);
  let upload: RawUpload | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== UPLOAD_FIELD || upload) {
        part.file.resume();
        continue;
      }
      upload = { fileName: part.filename, data: await part.toBuffer() };
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(UPLOAD_FIELD, fileMessages.tooLarge(megabytes(maxBytes)));
    if (code === 'FST_FILES_LIMIT') throw badRequest(UPLOAD_FIELD, fileMessages.oneFileOnly);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest(UPLOAD_FIELD, fileMessages.oneFileOnly);
    // Anything else the multipart parser throws is a malformed body (no boundary, cut short, bad headers).
    throw badRequest(UPLOAD_FIELD, fileMessages.unreadable);
  }
  if (!upload) throw badRequest(UPLOAD_FIELD, fileMessages.chooseFile);
  if (upload.data.length === 0) throw badRequest(UPLOAD_FIELD, fileMessages.empty);
  return upload;
}

export interface CheckedUpload {
  fileName: string;
  kind: FileKindName;
  contentType: string;
  size: number;
  sha256: string;
  data: Buffer;
  /** Images only: the header's size and the renditions made from it. */
  image?: CheckedImage;
}

export interface CheckedImage {
  width: number;
  height: number;
  renditions: Renditions;
}

/**
 * An image within MAX_IMAGE_PIXELS by its header (read before any decoding), decoded once in the
 * renditions worker: what cannot be decoded there is refused as unreadable.
 */
async function checkImage(data: Buffer, kind: FileKindName): Promise<CheckedImage> {
  const size = readImageSize(data, kind);
  if (!size) throw badRequest(UPLOAD_FIELD, fileMessages.imageUnreadable);
  if (size.width * size.height > MAX_IMAGE_PIXELS) throw badRequest(UPLOAD_FIELD, fileMessages.imageTooLarge(size.width, size.height));
  try {
    return { ...size, renditions: await makeRenditions(data) };
  } catch (error) {
    if (error instanceof UnreadableImage) throw badRequest(UPLOAD_FIELD, fileMessages.imageUnreadable);
    throw error;
  }
}

/** A PDF with JavaScript is refused, and so is one whose object streams cannot be read to tell. */
function checkPdf(data: Buffer) {
  const verdict = checkPdfScripts(data);
  if (verdict === 'script') throw badRequest(UPLOAD_FIELD, fileMessages.pdfScript);
  if (verdict === 'unchecked') throw badRequest(UPLOAD_FIELD, fileMessages.pdfUnchecked);
}

/** Reads the upload and accepts it only when its content is one of `kinds` and passes that kind's checks. */
export async function readCheckedUpload(request: FastifyRequest, kinds: FileKindName[]): Promise<CheckedUpload> {
  const upload = await readUpload(request);
  const kind = detectFileKind(upload.data, upload.fileName);
  if (!kind || !kinds.includes(kind)) throw badRequest(UPLOAD_FIELD, fileMessages.notAllowed(describeKinds(kinds)));
  if (kind === 'pdf') checkPdf(upload.data);
  const image = imageKinds.includes(kind) ? await checkImage(upload.data, kind) : undefined;
  return {
    fileName: safeFileName(upload.fileName, kind),
    kind,
    contentType: fileKinds[kind].contentType,
    size: upload.data.length,
    sha256: createHash('sha256').update(upload.data).digest('hex'),
    data: upload.data,
    image,
  };
}

export type CheckedImageUpload = CheckedUpload & { image: CheckedImage };

/** Reads an upload that must be a picture (an item image): it comes with its size and renditions. */
export async function readImageUpload(request: FastifyRequest): Promise<CheckedImageUpload> {
  // Every kind of imageKinds goes through checkImage, so `image` is there.
  return (await readCheckedUpload(request, imageKinds)) as CheckedImageUpload;
}

/**
 * Reads a text upload (an import file): UTF-8 without NUL bytes, a leading byte-order mark dropped.
 * Anything else (a spreadsheet, a PDF, UTF-16) is refused with `notText`.
 */
export async function readTextUpload(request: FastifyRequest, options: { maxBytes: number; notText: string }): Promise<string> {
  const upload = await readUpload(request, options.maxBytes);
  if (upload.data.includes(0)) throw badRequest(UPLOAD_FIELD, options.notText);
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(upload.data);
  } catch {
    throw badRequest(UPLOAD_FIELD, options.notText);
  }
}
