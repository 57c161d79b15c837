/**
 * Photos taken offline (decision 086): kept in the queue as their shrunk file, in order with the other
 * changes, until sent. They are the only changes that can fill a device, so they alone have a bound:
 * a new photo is refused, with a message, when this user's photos on the device would pass the bound
 * (the server's OFFLINE_PHOTO_MB, default 64 MiB, carried by the editor's header and kept with it) or
 * when the browser has no room left for it (a nearly full phone). Nothing waiting is ever evicted.
 */
import { type Change, keepChange, photoBytes } from './queue.ts';

/** The server's default, for a header kept on the device by an older build (it carried no bound). */
const DEFAULT_BOUND = 64 * 1024 * 1024;

export const noRoomForPhotos = 'This device has no room for more photos until the waiting changes are sent';

const isQuotaError = (error: unknown) => error instanceof DOMException && error.name === 'QuotaExceededError';

/** Whether a photo of `bytes` fits: within `bound` and within what the browser still grants the portal. */
export async function roomForPhoto(userId: number, bytes: number, bound: number): Promise<boolean> {
  if ((await photoBytes(userId)) + bytes > (bound > 0 ? bound : DEFAULT_BOUND)) return false;
  const estimate = await navigator.storage?.estimate?.().catch(() => undefined);
  if (estimate?.quota === undefined || estimate.usage === undefined) return true;
  return estimate.usage + bytes <= estimate.quota;
}

/** Keeps a photo taken offline within `bound` bytes of this user's photos; answers null, or why it was refused (no room). */
export async function keepPhoto(userId: number, change: Extract<Change, { kind: 'photo' }>, bound: number): Promise<string | null> {
  if (!(await roomForPhoto(userId, change.bytes, bound))) return noRoomForPhotos;
  try {
    await keepChange(userId, change);
    return null;
  } catch (error) {
    // The estimate is only an estimate: the store itself may still say it is full.
    if (isQuotaError(error)) return noRoomForPhotos;
    throw error;
  }
}
