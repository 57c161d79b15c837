/**
 * Sending files: attachments with their stored type and `nosniff`, never cached by shared caches.
 * Who may follow a download link is the access guard's business (auth/download-links.ts).
 */
import type { FastifyReply } from 'fastify';

/** The address a stored file is downloaded from (`GET /Files/{id}`), as every answer names it. */
export const fileUrl = (id: number) => `/api/Files/${id}`;

/** `attachment` with an ASCII fallback name and the exact name in RFC 5987 form. */
export function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export interface DownloadFile {
  fileName: string;
  contentType: string;
  data: Buffer;
  sha256?: string;
}

export function sendAttachment(reply: FastifyReply, file: DownloadFile) {
  reply
    .header('content-type', file.contentType)
    .header('content-length', file.data.length)
    .header('content-disposition', contentDisposition(file.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store');
  if (file.sha256) reply.header('etag', `"${file.sha256}"`);
  return reply.send(file.data);
}
