/**
 * The request thread's side of a PDF export (issue 24: heavy work runs off the request thread): the
 * content goes to one worker process shared by all exports of the server (pdf-worker.ts, started and
 * stopped by pdf-process.ts), which lays the pages out with pdfkit; the bytes it sends back are
 * streamed into the response as they come.
 */
import { createHash } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { LabelLayout } from '@portal/contract';
import type { FastifyReply } from 'fastify';
import { contentDisposition } from '../../http/downloads.ts';
import { AppError } from '../../http/errors.ts';
import type { Label } from './labels.ts';
import type { Orientation, PdfColumn, PdfOp } from './pdf.ts';
import { openDocument as openInWorker } from './pdf-process.ts';
import type { Signing } from './signing.ts';

let nextId = 0;

/** Draws into one document in the worker; every call is queued there in order. */
export interface PdfWriter {
  fields(entries: [string, string | null | undefined][]): void;
  heading(text: string): void;
  /** An issued document's number, link and QR code (issue 25 part 4). */
  verification(documentNumber: string, link: string): void;
  table(columns: PdfColumn[]): void;
  rows(rows: Record<string, unknown>[]): void;
  image(data: Uint8Array | null, caption: string): void;
  end(): void;
  /**
   * Ends the download broken (the browser reports a failed download, not a short valid file), or
   * answers an error when nothing was sent yet.
   */
  fail(error: Error): void;
  /** The SHA-256 (hex) of the bytes sent, once the whole document went out; never for a broken download. */
  sent: Promise<string>;
}

/** A document of the worker's: its bytes come out of `output` as they are laid out. */
function openStream() {
  const id = ++nextId;
  const output = new PassThrough();
  const hash = createHash('sha256');
  let answered = () => {};
  // Settled by the worker's first bytes, or by a failure before them.
  const first = new Promise<void>((resolve, reject) => {
    answered = resolve;
    output.once('error', reject);
    output.once('close', () => reject(new Error('The document was dropped before its first bytes')));
  });
  first.catch(() => {});
  const { send, drop } = openInWorker(id, {
    output,
    chunk(bytes) {
      hash.update(bytes);
      answered();
    },
  });
  // A client that went away: the worker drops the document.
  output.once('close', drop);
  // The document's SHA-256 as sent (an issued document records it): of the worker's bytes as they pass.
  const sent = new Promise<string>((resolve, reject) => {
    output.once('finish', () => resolve(hash.digest('hex')));
    output.once('close', () => reject(new Error('The download did not end whole')));
  });
  sent.catch(() => {});
  const fail = (error: Error) => {
    drop();
    output.destroy(error);
  };
  return { id, send, fail, sent, output, first };
}

/**
 * A document of the worker's, streamed into the response as its bytes come. The headers wait for the
 * first bytes: a document that fails before them (the worker crashed) answers an error, not a broken
 * download.
 */
function openDocument(reply: FastifyReply, fileName: string) {
  const opened = openStream();
  opened.first.then(
    () =>
      reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(opened.output),
    (error: Error) => {
      reply.log.error({ err: error }, 'a PDF failed before its first bytes');
      if (!reply.sent && !reply.raw.destroyed) reply.send(new AppError(503, 'The PDF could not be made. Please try again.'));
    },
  );
  return opened;
}

const writer = (id: number, send: (message: PdfOp) => void, fail: (error: Error) => void, sent: Promise<string>): PdfWriter => ({
  fields: (entries) => send({ id, op: 'fields', entries }),
  heading: (text) => send({ id, op: 'heading', text }),
  verification: (documentNumber, link) => send({ id, op: 'verification', documentNumber, link }),
  table: (columns) => send({ id, op: 'table', columns }),
  rows: (rows) => send({ id, op: 'rows', rows }),
  image: (data, caption) => send({ id, op: 'image', data, caption }),
  end: () => send({ id, op: 'end' }),
  fail,
  sent,
});

/** A PDF whose bytes the caller takes from `output` (the survey pack puts it in a ZIP); signed as startPdf's. */
export function startPdfStream(orientation: Orientation, title: string, signing?: Signing): PdfWriter & { output: PassThrough } {
  const { id, send, fail, sent, output } = openStream();
  send({ id, op: 'start', orientation, title, signing });
  return { ...writer(id, send, fail, sent), output };
}

/**
 * Starts a PDF download: the headers, then the worker's bytes as they come. With `signing` (an issued
 * document, pdf-signature.ts) the worker signs the finished file and sends it whole.
 */
export function startPdf(reply: FastifyReply, fileName: string, orientation: Orientation, title: string, signing?: Signing): PdfWriter {
  const { id, send, fail, sent } = openDocument(reply, fileName);
  send({ id, op: 'start', orientation, title, signing });
  return writer(id, send, fail, sent);
}

/** Sends a label sheet (labels.ts), drawn whole in the worker. */
export function sendLabelSheet(reply: FastifyReply, fileName: string, layout: LabelLayout, labels: Label[], title: string) {
  const { id, send } = openDocument(reply, fileName);
  send({ id, op: 'labels', layout, labels, title });
  return reply;
}
