import { describe, expect, it } from 'vitest';
import { offlinePhotoBytes } from './offline-photos.ts';

describe('OFFLINE_PHOTO_MB, the bound on photos kept offline (decision 086)', () => {
  it('is 64 MiB unless set to a whole number of megabytes from 1 to 4096', () => {
    expect(offlinePhotoBytes({})).toBe(64 * 1024 * 1024);
    expect(offlinePhotoBytes({ OFFLINE_PHOTO_MB: '2' })).toBe(2 * 1024 * 1024);
    expect(offlinePhotoBytes({ OFFLINE_PHOTO_MB: '4096' })).toBe(4096 * 1024 * 1024);
    for (const wrong of ['0', '-5', '1.5', 'lots', '4097', ''])
      expect(offlinePhotoBytes({ OFFLINE_PHOTO_MB: wrong }), wrong).toBe(64 * 1024 * 1024);
  });
});
