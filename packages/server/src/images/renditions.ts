/**
 * Image renditions, made off the event loop: one worker thread (rendition-worker.ts) with a small
 * JavaScript heap decodes one image at a time, so a burst of uploads queues instead of multiplying
 * memory. Images reach it only after their header size passed MAX_IMAGE_PIXELS (http/uploads.ts,
 * images/upgrade.ts), and sharp's own pixel limit repeats that bound on the decoder's native memory.
 */
import { Worker } from 'node:worker_threads';
import { MAX_IMAGE_PIXELS } from '@portal/contract';
import type { Executor } from '../db/client.ts';
import { imageRenditions } from '../db/schema.ts';
import type { RenditionImage, RenditionResult } from './rendition-worker.ts';

export interface Renditions {
  large: RenditionImage;
  thumb: RenditionImage;
}

/** The image could not be decoded (damaged, cut short) or its decoding outgrew the worker. */
export class UnreadableImage extends Error {}

/** The worker's JavaScript heap; a crash over it fails the one image and the next job starts a new worker. */
const RESOURCE_LIMITS = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 };

interface Pending {
  resolve: (renditions: Renditions) => void;
  reject: (error: Error) => void;
}

let worker: Worker | undefined;
let nextId = 1;
const pending = new Map<number, Pending>();
/** The previous job's end: jobs run one after another. */
let queue: Promise<unknown> = Promise.resolve();

function startWorker(): Worker {
  const started = new Worker(new URL('./rendition-worker.ts', import.meta.url), {
    workerData: { maxPixels: MAX_IMAGE_PIXELS },
    resourceLimits: RESOURCE_LIMITS,
  });
  started.on('message', (result: RenditionResult) => {
    const job = pending.get(result.id);
    pending.delete(result.id);
    if (pending.size === 0) started.unref();
    if ('error' in result) job?.reject(new UnreadableImage(result.error));
    else job?.resolve({ large: result.large, thumb: result.thumb });
  });
  const fail = (error: Error) => {
    if (worker === started) worker = undefined;
    for (const job of pending.values()) job.reject(new UnreadableImage(error.message));
    pending.clear();
  };
  started.on('error', fail);
  started.on('exit', (code) => fail(new Error(`the image worker stopped (exit code ${code})`)));
  return started;
}

function render(data: Uint8Array): Promise<Renditions> {
  worker ??= startWorker();
  // A worker keeps the process alive only while it has work (an idle one would hold it open).
  worker.ref();
  const id = nextId++;
  const done = new Promise<Renditions>((resolve, reject) => pending.set(id, { resolve, reject }));
  worker.postMessage({ id, data });
  return done;
}

/** Makes the large and thumbnail renditions of an image whose header size is within the limit. */
export function makeRenditions(data: Uint8Array): Promise<Renditions> {
  const job = queue.then(() => render(data));
  queue = job.catch(() => undefined);
  return job;
}

export async function insertRenditions(db: Executor, fileId: number, renditions: Renditions): Promise<void> {
  await db
    .insert(imageRenditions)
    .values(
      (['large', 'thumb'] as const).map((size) => ({
        fileId,
        size,
        width: renditions[size].width,
        height: renditions[size].height,
        data: Buffer.from(renditions[size].data),
      })),
    )
    .onConflictDoNothing();
}
