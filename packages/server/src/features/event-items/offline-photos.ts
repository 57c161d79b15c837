/**
 * The bound on photos taken offline (decision 086): how many megabytes of them one user may keep on a
 * device until they are sent. The editor's header carries it, so the device knows it offline.
 */
export const OFFLINE_PHOTO_MB_DEFAULT = 64;
const OFFLINE_PHOTO_MB_MAX = 4096;

/** OFFLINE_PHOTO_MB (default 64; a whole number from 1 to 4096, else the default), in bytes. */
export function offlinePhotoBytes(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.OFFLINE_PHOTO_MB);
  const mb =
    env.OFFLINE_PHOTO_MB && Number.isInteger(value) && value >= 1 && value <= OFFLINE_PHOTO_MB_MAX ? value : OFFLINE_PHOTO_MB_DEFAULT;
  return mb * 1024 * 1024;
}
