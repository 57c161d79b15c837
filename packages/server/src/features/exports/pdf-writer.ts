/**
 * The request thread's side of a PDF export (issue 24: heavy work runs off the request thread): the
 * content goes to one worker process shared by all exports of the server (pdf-worker.ts), which lays
 * the pages out with pdfkit; the bytes it sends back are streamed into the response as they come.
 *
 * A process, not a thread, and stopped after IDLE_MS without a document: a thread's memory stayed with
 * the server after the thread ended, a process's goes back to the system (decision 080).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { createHash, type Hash } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { LabelLayout } from '@portal/contract';
import type { FastifyReply } from 'fastify';
import { contentDisposition } from '../../http/downloads.ts';
import type { Label } from './labels.ts';
import type { Orientation, PdfAnswer, PdfColumn, PdfOp } from './pdf.ts';
import type { Signing } from './signing.ts';

const IDLE_MS = 5_000;

interface PdfThread {
  worker: ChildProcess;
  /** The responses of the documents it is laying out. */
  outputs: Map<number, PassThrough>;
}

/** The SHA-256 of each open document's bytes so far, by document id. */
const hashes = new Map<number, Hash>();

let thread: PdfThread | undefined;
let nextId = 0;

/** The worker, started on first use; one that failed or stopped when idle is replaced on the next export. */
function pdfThread(): PdfThread {
  if (thread) return thread;
  // Advanced serialization: the byte chunks and images cross as bytes, not as JSON arrays.
  const worker = fork(new URL('./pdf-worker.ts', import.meta.url), [], {
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
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
  worker.on('exit', (code, signal) => failAll(new Error(`The PDF worker stopped (${signal ?? `exit code ${code}`})`)));
  holdOpen(worker, false);
  thread = started;
  return started;
}

/** An idle worker does not keep the server's process alive (a script that exported a PDF could not exit). */
function holdOpen(worker: ChildProcess, open: boolean) {
  if (open) {
    worker.ref();
    worker.channel?.ref();
  } else {
    worker.unref();
    worker.channel?.unref();
  }
}

let idleTimer: NodeJS.Timeout | undefined;

/** Stops the worker once no document has been open for IDLE_MS; a new document cancels the stop. */
function stopWhenIdle(started: PdfThread) {
  clearTimeout(idleTimer);
  if (started.outputs.size > 0) return;
  holdOpen(started.worker, false);
  idleTimer = setTimeout(() => {
    if (thread !== started || started.outputs.size > 0) return;
    thread = undefined;
    started.worker.kill();
  }, IDLE_MS);
  idleTimer.unref();
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
  clearTimeout(idleTimer);
  const started = pdfThread();
  const { worker, outputs } = started;
  const id = ++nextId;
  const output = new PassThrough();
  outputs.set(id, output);
  const send = (message: PdfOp) => {
    if (outputs.get(id) === output) worker.send(message);
  };
  // A client that went away: the worker drops the document.
  output.once('close', () => {
    hashes.delete(id);
    if (outputs.get(id) !== output) return;
    outputs.delete(id);
    worker.send({ id, op: 'abort' } satisfies PdfOp);
  });
  // The worker keeps the server's process alive only while a document is open.
  holdOpen(worker, true);
  output.once('close', () => stopWhenIdle(started));
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
