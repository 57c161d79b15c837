/** What other features use: the editor's offline copy, its queue of changes and their banners (decisions 078, 083; docs/offline.md). */

export { confirmLogout, resumeSending } from './logout.tsx';
export { NotApplied } from './NotApplied.tsx';
export { OfflineBanner } from './OfflineBanner.tsx';
export { noRoomForPhotos } from './photos.ts';
export { onScanResolved, removeWaiting } from './queue.ts';
export { readOfflineUser } from './store.ts';
export { type OfflineEditor, useOfflineEditor } from './useOfflineEditor.ts';
export { type OfflineItem, useOfflineItem } from './useOfflineItem.ts';
export { type OfflineQueue, useKeepAdded, useOfflineQueue } from './useOfflineQueue.ts';
