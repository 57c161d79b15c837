/**
 * A copy without equipment reconciled against its source without a network (issue 29 "Done when",
 * decision 084): the copy's editor opened online keeps the source event's rows with it; offline after a
 * reload, the Reconcile panel expects the source's 40 items, and of 37 of them scanned plus 2 chips of
 * other items it counts 37 found, 3 missing and 2 unexpected before the network returns. Back online,
 * the 39 scanned items land in the copy once each. A mooring spread's legs can be the expected items
 * offline too (decision 086).
 */
import type { EventCodeTables, EventItemsForEdit, MooringSpread } from '@portal/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, apiAuthorization, equipmentChips } from './api.ts';
import { launchBrowser, settle, signedInPage } from './browser.ts';
import { allSent } from './offline.ts';
import { scan } from './scanner.ts';

let authorization: string;

const api = apiAs(() => authorization);

/** The offline store holds this event (the kept copy is written once the answers arrive). */
const kept = (page: Page, eventId: number) =>
  page.evaluate(
    (id) =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('portal-offline');
        open.onsuccess = () => {
          const row = open.result.transaction('events').objectStore('events').getAll();
          row.onsuccess = () => resolve(row.result.some((event) => event.eventId === id && event.source?.items.length === 40));
          row.onerror = () => resolve(false);
        };
        open.onerror = () => resolve(false);
      }),
    eventId,
  );

describe('a copy of 40 items reconciled offline', () => {
  let browser: Browser;
  let page: Page;
  let copyId: number;
  let chips: { chipId: string; stampedId: string }[];

  beforeAll(async () => {
    authorization = await apiAuthorization('events@demo.example');
    const tables = await api<EventCodeTables>('GET', '/Events/codetables');
    const project = tables.projects.find((p) => p.parentId !== null);
    const values = { type: tables.types.find((t) => t.name === 'Inspection')?.id, rig: project?.parentId, referenceNo: project?.id };
    const sourceId = (await api<{ id: number }>('POST', '/Events', { ...values, eventDate: '2026-10-01' })).id;
    const seen = new Set<string>();
    chips = (await equipmentChips(await apiAuthorization('sysadmin@demo.example'), 100)).filter(
      (chip) => !seen.has(chip.stampedId) && seen.add(chip.stampedId),
    );
    expect(chips.length).toBeGreaterThanOrEqual(42);
    for (const chip of chips.slice(0, 40)) await api('POST', `/EventComponents/${sourceId}/component`, { chipId: chip.chipId });
    copyId = (await api<{ id: number }>('POST', '/Events', { ...values, eventDate: '2026-11-09', eventToCopyFromId: sourceId })).id;
    browser = await launchBrowser();
    page = await signedInPage(browser, 'events@demo.example', { width: 375, height: 812 });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('counts 37 found, 3 missing and 2 unexpected offline', async () => {
    await page.goto(`/Events/Edit/${copyId}/Equipment`);
    await page.getByText('0 items').first().waitFor();
    await settle(page);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    await expect.poll(() => kept(page, copyId)).toBe(true);

    await page.context().setOffline(true);
    await page.reload();
    await page.getByRole('status', { name: 'Offline, 0 changes waiting' }).waitFor();
    const panel = page.getByRole('region', { name: 'Reconciliation' });
    await panel.getByRole('switch', { name: 'Reconcile' }).check();
    await panel.getByText('Expected 40').waitFor();
    expect(await panel.getByLabel('Expected').inputValue()).toBe('copy');
    await page.getByRole('switch', { name: 'Scan mode' }).check();
    // 37 of the 40 (all but the 5th, 20th and 33rd) and two chips of items not in the source, in bursts separated by Enter.
    const skipped = [4, 19, 32];
    const scanned = [...chips.slice(0, 40).filter((_, i) => !skipped.includes(i)), ...chips.slice(40, 42)];
    for (let i = 0; i < scanned.length; i += 5)
      await scan(
        page,
        `${scanned
          .slice(i, i + 5)
          .map((chip) => chip.chipId)
          .join('\n')}\n`,
      );
    await page.getByRole('status', { name: 'Offline, 39 changes waiting' }).waitFor();
    await panel.getByText('Found 37').waitFor();
    await panel.getByText('Missing 3').waitFor();
    await panel.getByText('Unexpected 2').waitFor();
    await panel.getByText(skipped.map((i) => chips[i].stampedId).join(', ')).waitFor();
    // A mooring spread's legs may be expected offline too: the spreads were kept with the event (decision 086).
    const [spread] = (await api<{ spreads: MooringSpread[] }>('GET', '/Report/mooringSpreads')).spreads;
    const expected = panel.getByLabel('Expected');
    await expected.selectOption({ label: `Mooring spread ${spread.rig}` });
    await panel.getByText(`Expected ${new Set(spread.legs.flatMap((leg) => leg.stampedIds)).size}`).waitFor();
    await expected.selectOption('copy');
    await panel.getByText('Expected 40').waitFor();
  });

  it('back online, the 39 scanned items land in the copy once each, in scan order', async () => {
    await page.context().setOffline(false);
    await allSent(page);
    const after = await api<EventItemsForEdit>('GET', `/EventComponents/${copyId}/GetChipsForEdit`);
    expect(after.items.map((item) => item.stampedId)).toEqual(
      [...chips.slice(0, 40).filter((_, i) => ![4, 19, 32].includes(i)), ...chips.slice(40, 42)].map((chip) => chip.stampedId),
    );
  });
});
