/**
 * The PDF worker process's life (decision 092): forked for the first document, stopped once no document
 * has been open for PDF_WORKER_IDLE_MS (5 s unless set), forked again for the next one. A process, so
 * that its memory (pdfkit, fontkit, the signing code: 40-50 MB) goes back to the system when it stops
 * (docs/performance.md "Memory").
 */
import { type ChildProcess, fork } from 'node:child_process';
import type { PassThrough } from 'node:stream';
import type { PdfAnswer, PdfOp } from './pdf.ts';

/** A document the worker is laying out: where its bytes go as they come. */
export interface PdfSink {
  output: PassThrough;
  /** Called with each chunk before it is written to `output`. */
  chunk(bytes: Buffer): void;
}

interface Running {
  child: ChildProcess;
  docs: Map<number, PdfSink>;
  idle?: NodeJS.Timeout;
}

let running: Running | undefined;

const idleMs = () => Number(process.env.PDF_WORKER_IDLE_MS ?? 5_000);

/** An idle worker does not keep the server's process alive (a script that exported a PDF could not exit). */
function holdOpen({ child }: Running, open: boolean) {
  if (open) {
    child.ref();
    child.channel?.ref();
  } else {
    child.unref();
    child.channel?.unref();
  }
}

function start(): Running {
  // Advanced serialization: the byte chunks and images cross as bytes, not as JSON arrays.
  const child = fork(new URL('./pdf-worker.ts', import.meta.url), [], {
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const started: Running = { child, docs: new Map() };
  child.on('message', (message: PdfAnswer) => {
    const doc = started.docs.get(message.id);
    if (!doc) return;
    if ('chunk' in message) {
      const bytes = Buffer.from(message.chunk.buffer, message.chunk.byteOffset, message.chunk.byteLength);
      doc.chunk(bytes);
      doc.output.write(bytes);
      return;
    }
    closeDocument(started, message.id);
    if ('error' in message) doc.output.destroy(new Error(message.error));
    else doc.output.end();
  });
  // A crash or a failed fork fails the documents it had; the next document forks a new worker.
  const failAll = (error: Error) => {
    if (running === started) running = undefined;
    clearTimeout(started.idle);
    const docs = [...started.docs.values()];
    started.docs.clear();
    for (const doc of docs) doc.output.destroy(error);
  };
  child.on('error', failAll);
  child.on('exit', (code, signal) => failAll(new Error(`The PDF worker stopped (${signal ?? `exit code ${code}`})`)));
  // After the listeners: a 'message' listener refs the channel again.
  holdOpen(started, false);
  return started;
}

/**
 * Hands document `id` to the worker (forked if none runs): `send` queues what to draw, `drop` makes the
 * worker forget the document (the client went away or drawing failed).
 */
export function openDocument(id: number, sink: PdfSink) {
  running ??= start();
  const worker = running;
  clearTimeout(worker.idle);
  worker.docs.set(id, sink);
  holdOpen(worker, true);
  // A document that ended, failed or was dropped takes nothing more; neither does a worker that is gone.
  const mine = () => worker.docs.get(id) === sink && worker.child.connected;
  return {
    send(message: PdfOp) {
      if (mine()) worker.child.send(message);
    },
    drop() {
      if (mine()) worker.child.send({ id, op: 'abort' } satisfies PdfOp);
      if (worker.docs.get(id) === sink) closeDocument(worker, id);
    },
  };
}

/** Document `id` needs the worker no more; the last one arms the idle stop. */
function closeDocument(worker: Running, id: number) {
  if (!worker.docs.delete(id) || worker.docs.size > 0) return;
  holdOpen(worker, false);
  clearTimeout(worker.idle);
  worker.idle = setTimeout(() => {
    if (worker.docs.size > 0) return;
    // From here a new document forks a new worker: this one gets nothing more, whatever its state.
    if (running === worker) running = undefined;
    worker.child.kill();
  }, idleMs());
  worker.idle.unref();
}

/** The running worker's process id and how many documents it has open (for tests and diagnosis). */
export function pdfWorkerState(): { pid: number | undefined; documents: number } {
  return { pid: running?.child.pid, documents: running?.docs.size ?? 0 };
}
