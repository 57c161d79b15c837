/**
 * The request thread's side of a PDF export (issue 24: heavy work runs off the request thread): the
 * content goes to one worker thread shared by all exports of the process (pdf-worker.ts), which lays
 * the pages out with pdfkit; the bytes it sends back are streamed into the response as they come.
 */
import { createHash, type Hash } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { Worker } from 'node:worker_threads';
import type { LabelLayout } from '@portal/contract';
import type { FastifyReply } from 'fastify';
import { contentDisposition } from '../../http/downloads.ts';
import type { Label } from './labels.ts';
import type { Orientation, PdfAnswer, PdfColumn, PdfOp } from './pdf.ts';
import type { Signing } from './signing.ts';

interface PdfThread {
  worker: Worker;
  /** The responses of the documents it is laying out. */
  outputs: Map<number, PassThrough>;
}

/** The SHA-256 of each open document's bytes so far, by document id. */
const hashes = new Map<number, Hash>();

let thread: PdfThread | undefined;
let nextId = 0;

/** The worker, started on first use; one that failed is replaced on the next export. */
function pdfThread(): PdfThread {
  if (thread) return thread;
  const worker = new Worker(new URL('./pdf-worker.ts', import.meta.url));
  const started: PdfThread = { worker, outputs: new Map() };
  worker.on('message', (message: PdfAnswer) => {
    const output = started.outputs.get(message.id);
    if (!output) return;
    if ('chunk' in message) {
      const chunk = Buffer.from(message.chunk.buffer, message.chunk.byteOffset, message.chunk.byteLength);
      hashes.get(message.id)?.update(chunk);
      output.write(chunk);
      return;
    }
    started.outputs.delete(message.id);
    hashes.delete(message.id);
    if ('error' in message) output.destroy(new Error(message.error));
    else output.end();
  });
  const failAll = (error: Error) => {
    if (thread === started) thread = undefined;
    for (const output of started.outputs.values()) output.destroy(error);
    started.outputs.clear();
  };
  worker.on('error', failAll);
  worker.on('exit', (code) => failAll(new Error(`The PDF worker stopped (exit code ${code})`)));
  // An idle worker does not keep the process alive (a script that exported a PDF could not exit).
  // Unref after the listeners: adding a 'message' listener refs the worker again.
  worker.unref();
  thread = started;
  return started;
}

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
  /** Ends the download broken (the browser reports a failed download, not a short valid file). */
  fail(error: Error): void;
  /** The SHA-256 (hex) of the bytes sent, once the whole document went out; never for a broken download. */
  sent: Promise<string>;
}

/** A document of the worker's: its bytes come out of `output` as they are laid out. */
function openStream() {
  const { worker, outputs } = pdfThread();
  const id = ++nextId;
  const output = new PassThrough();
  outputs.set(id, output);
  const send = (message: PdfOp) => {
    if (outputs.get(id) === output) worker.postMessage(message);
  };
  // A client that went away: the worker drops the document.
  output.once('close', () => {
    hashes.delete(id);
    if (outputs.get(id) !== output) return;
    outputs.delete(id);
    worker.postMessage({ id, op: 'abort' } satisfies PdfOp);
  });
  // The worker keeps the process alive only while a document is open.
  worker.ref();
  output.once('close', () => {
    if (outputs.size === 0) worker.unref();
  });
  // The document's SHA-256 as sent (an issued document records it): of the worker's bytes as they pass.
  const sent = new Promise<string>((resolve, reject) => {
    const hash = createHash('sha256');
    hashes.set(id, hash);
    output.once('finish', () => resolve(hash.digest('hex')));
    output.once('close', () => reject(new Error('The download did not end whole')));
  });
  sent.catch(() => {});
  const fail = (error: Error) => {
    send({ id, op: 'abort' });
    outputs.delete(id);
    output.destroy(error);
  };
  return { id, send, fail, sent, output };
}

/** A document of the worker's, streamed into the response as its bytes come: the headers first. */
function openDocument(reply: FastifyReply, fileName: string) {
  const opened = openStream();
  reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', contentDisposition(fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store');
  reply.send(opened.output);
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
