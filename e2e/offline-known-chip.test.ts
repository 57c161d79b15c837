/**
 * Offline, the device knows the chips of the items of every event it keeps (issue 29 part 2, decision
 * 084): a scan of one of them names its item on the waiting change and counts as found in the Reconcile
 * panel before the network returns; a chip of an item the device does not hold waits as 'unknown chip'
 * and is resolved when sent.
 */
import type { EventCodeTables, EventItemsForEdit } from '@portal/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAuthorization, equipmentChips } from './api.ts';
import { baseUrl, launchBrowser, picture, settle, signedInPage } from './browser.ts';
import { keptOnDevice } from './offline.ts';

let authorization: string;

const api = async <T>(method: 'GET' | 'POST', path: string, body?: object): Promise<T> => {
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method,
    headers: { authorization, ...(body && { 'content-type': 'application/json' }) },
    body: body && JSON.stringify(body),
  });
  expect(response.ok, `${method} ${path}: ${response.status}`).toBe(true);
  return (await response.json()) as T;
};

describe('offline, a known chip is its item at once', () => {
  let browser: Browser;
  let page: Page;
  let eventId: number;
  let chips: { chipId: string; stampedId: string }[];

  beforeAll(async () => {
    authorization = await apiAuthorization('events@demo.example');
    const tables = await api<EventCodeTables>('GET', '/Events/codetables');
    const project = tables.projects.find((p) => p.parentId !== null);
    eventId = (
      await api<{ id: number }>('POST', '/Events', {
        type: tables.types.find((t) => t.name === 'Inspection')?.id,
        rig: project?.parentId,
        referenceNo: project?.id,
        eventDate: '2026-11-05',
      })
    ).id;
    // Three items with chips in the event; a fourth item's chip is scanned, unknown to the device.
    const seen = new Set<string>();
    chips = (await equipmentChips(await apiAuthorization('sysadmin@demo.example'), 100)).filter(
      (chip) => !seen.has(chip.stampedId) && seen.add(chip.stampedId),
    );
    expect(chips.length).toBeGreaterThanOrEqual(4);
    for (const chip of chips.slice(0, 3)) await api('POST', `/EventComponents/${eventId}/component`, { chipId: chip.chipId });
    browser = await launchBrowser();
    page = await signedInPage(browser, 'events@demo.example', { width: 375, height: 812 });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('opens the editor online, then offline names a known chip by its item and counts it found', async () => {
    await page.goto(`/Events/Edit/${eventId}/Equipment`);
    await page.getByRole('table', { name: 'Event equipment' }).waitFor();
    await settle(page);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    // The kept copy (with the rows' chips) is written once the answers arrive.
    await expect.poll(() => keptOnDevice(page, eventId)).toBe(true);

    await page.context().setOffline(true);
    await page.reload();
    await page.getByRole('status', { name: 'Offline, 0 changes waiting' }).waitFor();
    const panel = page.getByRole('region', { name: 'Reconciliation' });
    await panel.getByRole('switch', { name: 'Reconcile' }).check();
    await panel.getByText('Expected 3').waitFor();
    await page.getByRole('switch', { name: 'Scan mode' }).check();
    // The reader types key by key where the focus was left: a chip of an item in the event, then one of an item the device never saw.
    await page.keyboard.type(`${chips[0].chipId}\n`, { delay: 10 });
    await page.keyboard.type(`${chips[3].chipId}\n`, { delay: 10 });
    const banner = page.getByRole('status', { name: 'Offline, 2 changes waiting' });
    await banner.waitFor();
    await banner.getByText(`Scan ${chips[0].chipId}: ${chips[0].stampedId}`).waitFor();
    await banner.getByText(`Scan ${chips[3].chipId}: unknown chip, found when sent`).waitFor();
    await page
      .getByRole('log', { name: 'Scans' })
      .getByText(`Kept on this device: ${chips[0].chipId} (${chips[0].stampedId}), sent when online`)
      .waitFor();
    await panel.getByText('Found 1').waitFor();
    await panel.getByText('Missing 2').waitFor();
    await panel.getByText('Unexpected 1').waitFor();
    await banner.scrollIntoViewIfNeeded();
    await picture(page, 'offline-known-chip-375');
  });

  it('back online, the unknown chip is resolved by the server and each item is in the event once', async () => {
    await page.context().setOffline(false);
    await page.getByRole('table', { name: 'Event equipment' }).getByText(chips[3].stampedId).first().waitFor({ timeout: 60_000 });
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
    const after = await api<EventItemsForEdit>('GET', `/EventComponents/${eventId}/GetChipsForEdit`);
    expect(after.items.map((item) => item.stampedId)).toEqual(chips.slice(0, 4).map((chip) => chip.stampedId));
    expect(await page.getByRole('region', { name: 'Not applied' }).count()).toBe(0);
  });
});
