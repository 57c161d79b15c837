import { readTakenAt, writeTakenAt } from './photoExif.ts';

/**
 * The long side a photo is shrunk to on the device before upload: the server's large rendition
 * (server images/rendition-worker.ts LARGE_PX), so nothing the portal shows is lost, and a 12-megapixel
 * phone photo of 4-6 MB travels as about 0.5-1 MB on a deck's weak signal (docs/ui.md "Photos").
 */
export const PHOTO_LONG_SIDE = 2560;
const QUALITY = 0.85;
/** EXIF sits in the first segments of a JPEG, in one segment of at most 64 KB. */
const EXIF_WITHIN = 128 * 1024;

/**
 * A photo as it should travel: larger than PHOTO_LONG_SIDE, it is redrawn upright (its EXIF
 * orientation applied), shrunk, flattened on white, as JPEG, keeping the time it was taken. Smaller
 * photos, GIFs and whatever the browser cannot decode go as chosen (the server checks and says why).
 */
export async function shrinkPhoto(file: File): Promise<File> {
  if (!/^image\/(jpeg|png|webp)$/.test(file.type)) return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const scale = PHOTO_LONG_SIDE / Math.max(bitmap.width, bitmap.height);
    if (scale >= 1) return file;
    const width = Math.round(bitmap.width * scale);
    const height = Math.round(bitmap.height * scale);
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    const shrunk = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/jpeg', quality: QUALITY })).arrayBuffer());
    const taken = file.type === 'image/jpeg' ? readTakenAt(new Uint8Array(await file.slice(0, EXIF_WITHIN).arrayBuffer())) : null;
    const bytes = taken ? writeTakenAt(shrunk, taken) : shrunk;
    return new File([bytes], `${file.name.replace(/\.[^.]*$/, '')}.jpg`, { type: 'image/jpeg', lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
}
