/** What other features use: the editor's offline copy and banner (decision 078, docs/offline.md). */
export { OfflineBanner } from './OfflineBanner.tsx';
export { readOfflineUser } from './store.ts';
export { type OfflineEditor, useOfflineEditor } from './useOfflineEditor.ts';
