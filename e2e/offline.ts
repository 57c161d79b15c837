/** What the offline journeys share: reading the device's store of kept events from the page. */
import type { Page } from 'playwright-core';

/** Whether the offline store holds this event for the signed-in user (written once the editor's answers arrive). */
export const keptOnDevice = (page: Page, eventId: number) =>
  page.evaluate(
    (id) =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('portal-offline');
        open.onsuccess = () => {
          const keys = open.result.transaction('events').objectStore('events').getAllKeys();
          keys.onsuccess = () => resolve(keys.result.some((key) => Array.isArray(key) && key[1] === id));
          keys.onerror = () => resolve(false);
        };
        open.onerror = () => resolve(false);
      }),
    eventId,
  );
