/**
 * Runs in a worker thread (images/renditions.ts): decodes one image at a time and writes its two
 * renditions as JPEG, flattened on white, turned upright by its EXIF orientation, first frame only.
 */
import { parentPort, workerData } from 'node:worker_threads';
import sharp from 'sharp';

export interface RenditionJob {
  id: number;
  data: Uint8Array;
}

export interface RenditionImage {
  width: number;
  height: number;
  data: Uint8Array;
}

export type RenditionResult = { id: number; large: RenditionImage; thumb: RenditionImage } | { id: number; error: string };

/** The long side of each rendition, in pixels. */
export const LARGE_PX = 2560;
export const THUMB_PX = 640;

/** Passed in by renditions.ts (the contract's MAX_IMAGE_PIXELS), so the worker loads nothing else. */
const { maxPixels } = workerData as { maxPixels: number };

// One image at a time, nothing kept between them: memory stays that of one decode.
sharp.cache(false);
sharp.concurrency(1);

async function render(input: Uint8Array, longSide: number): Promise<RenditionImage> {
  const { data, info } = await sharp(input, { limitInputPixels: maxPixels, failOn: 'error' })
    .autoOrient()
    .resize({ width: longSide, height: longSide, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 82 })
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
}

parentPort?.on('message', async ({ id, data }: RenditionJob) => {
  let result: RenditionResult;
  try {
    const large = await render(data, LARGE_PX);
    result = { id, large, thumb: await render(large.data, THUMB_PX) };
  } catch (error) {
    result = { id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(result);
});
