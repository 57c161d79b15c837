/** What the offline journeys share: reading the device's store of kept events from the page. */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

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

/** Whether the device keeps this item's dialog with the event (written once the dialog's answer arrives online, decision 086). */
export const dialogKeptOnDevice = (page: Page, eventId: number, itemId: number) =>
  page.evaluate(
    ([event, item]) =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('portal-offline');
        open.onsuccess = () => {
          const rows = open.result.transaction('events').objectStore('events').getAll();
          rows.onsuccess = () =>
            resolve(
              rows.result.some(
                (row: { eventId: number; dialogs?: Record<string, unknown> }) => row.eventId === event && !!row.dialogs?.[item],
              ),
            );
          rows.onerror = () => resolve(false);
        };
        open.onerror = () => resolve(false);
      }),
    [eventId, itemId] as const,
  );

/** Opens an item's dialog as a person on a phone does: the row's menu, then Edit. */
export async function openDialog(page: Page, stampedId: string): Promise<void> {
  await page.getByRole('button', { name: `Actions for ${stampedId}` }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
}

/** Waits, up to the minute the issue allows, until the banner says nothing is waiting or being sent. */
export async function allSent(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page
          .getByRole('status')
          .filter({ hasText: /changes? waiting|Sending/ })
          .count(),
      { timeout: 60_000 },
    )
    .toBe(0);
}
