/**
 * Offline, the device knows the chips of the items of every event it keeps (issue 29 part 2, decisions
 * 084 and 086): a scan of one of them names its item on the waiting change and counts as found in the
 * Reconcile panel before the network returns, also for an item scanned in online just before the network
 * went (before the editor read its rows again); a chip of an item the device does not hold waits as
 * 'unknown chip', counts as unexpected by its code, and once sent counts as the item the server found.
 */
import type { EventCodeTables, EventItemsForEdit } from '@portal/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, apiAuthorization, equipmentChips } from './api.ts';
import { launchBrowser, picture, settle, signedInPage } from './browser.ts';
import { allSent, keptOnDevice } from './offline.ts';
import { scan } from './scanner.ts';

let authorization: string;

const api = apiAs(() => authorization);

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
    // Three items with chips in the event; a fourth item's chip is scanned, unknown to the device; a
    // fifth is scanned in online just before the network goes.
    const seen = new Set<string>();
    chips = (await equipmentChips(await apiAuthorization('sysadmin@demo.example'), 100)).filter(
      (chip) => !seen.has(chip.stampedId) && seen.add(chip.stampedId),
    );
    expect(chips.length).toBeGreaterThanOrEqual(5);
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

    // Online, a fifth item is scanned in; the network goes as soon as it is added: the editor's rows
    // are not read again (they would be once scanning pauses).
    await page.getByRole('tab', { name: 'Scan chips' }).click();
    await page.getByRole('switch', { name: 'Scan mode' }).check();
    await page.route('**/GetChipsForEdit', (route) => route.abort('internetdisconnected'));
    await scan(page, `${chips[4].chipId}\n`);
    await page.getByRole('log', { name: 'Scans' }).getByText(`Added ${chips[4].stampedId}`).waitFor();
    await page.context().setOffline(true);
    await page.unroute('**/GetChipsForEdit');
    await page.reload();
    await page.getByRole('status', { name: 'Offline, 0 changes waiting' }).waitFor();
    // The device kept it with the event: the rows show it, and its chip is known.
    await page.getByRole('table', { name: 'Event equipment' }).getByText(chips[4].stampedId).first().waitFor();
    const panel = page.getByRole('region', { name: 'Reconciliation' });
    await panel.getByRole('switch', { name: 'Reconcile' }).check();
    await panel.getByText('Expected 4').waitFor();
    await page.getByRole('switch', { name: 'Scan mode' }).check();
    // The reader types key by key where the focus was left: a chip of an item in the event, one of an
    // item the device never saw, and the one scanned in just before the network went.
    await scan(page, `${chips[0].chipId}\n`);
    await scan(page, `${chips[3].chipId}\n`);
    await scan(page, `${chips[4].chipId}\n`);
    const banner = page.getByRole('status', { name: 'Offline, 3 changes waiting' });
    await banner.waitFor();
    await banner.getByText(`Scan ${chips[0].chipId}: ${chips[0].stampedId}`).waitFor();
    await banner.getByText(`Scan ${chips[3].chipId}: unknown chip, found when sent`).waitFor();
    await banner.getByText(`Scan ${chips[4].chipId}: ${chips[4].stampedId}`).waitFor();
    await page
      .getByRole('log', { name: 'Scans' })
      .getByText(`Kept on this device: ${chips[0].chipId} (${chips[0].stampedId}), sent when online`)
      .waitFor();
    await panel.getByText('Found 2').waitFor();
    await panel.getByText('Missing 2').waitFor();
    await panel.getByText('Unexpected 1').waitFor();
    await panel.getByText(`Unexpected: ${chips[3].chipId}`).waitFor();
    await banner.scrollIntoViewIfNeeded();
    await picture(page, 'offline-known-chip-375');
  });

  it('back online, the unknown chip is resolved by the server, counts as its item, and each item is in the event once', async () => {
    await page.context().setOffline(false);
    await page.getByRole('table', { name: 'Event equipment' }).getByText(chips[3].stampedId).first().waitFor({ timeout: 60_000 });
    await allSent(page);
    // The session now names the unknown chip by its item, still unexpected (it was not in the event).
    const panel = page.getByRole('region', { name: 'Reconciliation' });
    await panel.getByText(`Unexpected: ${chips[3].stampedId}`).waitFor();
    expect(await panel.getByText('Unexpected 1').count()).toBe(1);
    const after = await api<EventItemsForEdit>('GET', `/EventComponents/${eventId}/GetChipsForEdit`);
    expect(after.items.map((item) => item.stampedId)).toEqual([0, 1, 2, 4, 3].map((i) => chips[i].stampedId));
    expect(await page.getByRole('region', { name: 'Not applied' }).count()).toBe(0);
  });
});
