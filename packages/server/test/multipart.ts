/** Builds multipart/form-data request payloads for app.inject, as a browser's FormData would send. */
import { randomBytes } from 'node:crypto';

export interface FilePart {
  field?: string;
  fileName: string;
  data: Buffer | string;
  contentType?: string;
}

export function multipart(parts: FilePart[], fields: Record<string, string> = {}) {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const part of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${part.field ?? 'File'}"; filename="${part.fileName}"\r\n` +
          `content-type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** One file in the field `File`. */
export const oneFile = (fileName: string, data: Buffer | string, contentType?: string) => multipart([{ fileName, data, contentType }]);
