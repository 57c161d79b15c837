/**
 * Bulk reads reconciled (issue 29 part 3): in the editor's Scan chips tab, with Reconcile on, a
 * reader's bursts (codes separated by Enter, and by Tab) become one scan per code, and the panel counts
 * what was expected (the items in the event when reconciling began), found, missing and unexpected as
 * they come in; one action gives the missing items a chosen status.
 */
import type { EventCodeTables, EventEquipmentDetails, EventItemsForEdit } from '@portal/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, apiAuthorization, equipmentChips } from './api.ts';
import { horizontalOverflow, launchBrowser, picture, settle, signedInPage } from './browser.ts';
import { scan } from './scanner.ts';

const run = Date.now().toString(36).toUpperCase();
let authorization: string;
let eventId: number;

const api = apiAs(() => authorization);

/** A keyboard-wedge reader types on the page itself. */
const readerTypes = async (page: Page, text: string) => {
  await page.locator('body').focus();
  await scan(page, text);
};

describe('reconciling a scanning session', () => {
  let browser: Browser;
  let page: Page;
  let chips: { chipId: string; stampedId: string }[];

  beforeAll(async () => {
    authorization = await apiAuthorization('events@demo.example');
    const tables = await api<EventCodeTables>('GET', '/Events/codetables');
    const type = tables.types.find((t) => t.name === 'Inspection');
    const project = tables.projects.find((p) => p.parentId !== null);
    const created = await api<{ id: number }>('POST', '/Events', {
      type: type?.id,
      rig: project?.parentId,
      referenceNo: project?.id,
      eventDate: '2026-11-03',
    });
    eventId = created.id;
    // Eight items with chips (one each): five go into the event first, as a copy with equipment would.
    const seen = new Set<string>();
    chips = (await equipmentChips(await apiAuthorization('sysadmin@demo.example'), 100)).filter(
      (chip) => !seen.has(chip.stampedId) && seen.add(chip.stampedId),
    );
    expect(chips.length).toBeGreaterThanOrEqual(7);
    for (const chip of chips.slice(0, 5)) await api('POST', `/EventComponents/${eventId}/component`, { chipId: chip.chipId });
    browser = await launchBrowser();
    page = await signedInPage(browser, 'events@demo.example');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('counts found, missing and unexpected as a burst separated by Enter and one separated by Tab come in', async () => {
    await page.goto(`/Events/Edit/${eventId}/Equipment`);
    await page.getByRole('table', { name: 'Event equipment' }).waitFor();
    await settle(page);
    await page.getByRole('tab', { name: 'Scan chips' }).click();
    await page.getByRole('switch', { name: 'Scan mode' }).check();
    const panel = page.getByRole('region', { name: 'Reconciliation' });
    await panel.getByRole('switch', { name: 'Reconcile' }).check();
    await panel.getByText('Expected 5').waitFor();
    await panel.getByText('Missing 5').waitFor();

    // Three expected chips in one burst, separated by Enter; two not expected and an unknown code by Tab.
    await readerTypes(page, `${chips[0].chipId}\n${chips[1].chipId}\n${chips[2].chipId}\n`);
    const unknown = `ZZ${run}`.padEnd(16, '9').slice(0, 16);
    await readerTypes(page, `${chips[5].chipId}\t${chips[6].chipId}\t${unknown}\t`);
    await panel.getByText('Found 3').waitFor();
    await panel.getByText('Missing 2').waitFor();
    await panel.getByText('Unexpected 3').waitFor();
    await panel.getByText(`${chips[3].stampedId}, ${chips[4].stampedId}`).waitFor();
    await panel.getByText(`${chips[5].stampedId}, ${chips[6].stampedId}, ${unknown}`).waitFor();
    const log = page.getByRole('log', { name: 'Scans' });
    await log.getByText(`Found ${chips[0].stampedId}, already in this event`).waitFor();
    await log.getByText(`Added ${chips[5].stampedId}`, { exact: true }).waitFor();
    await picture(page, 'reconcile-1280', { fullPage: true });
  });

  it('gives the missing items the chosen status in one action', async () => {
    const header = await api<EventEquipmentDetails>('GET', `/EventComponents/${eventId}/equipmentDetails`);
    const status = header.statuses[header.statuses.length - 1];
    const panel = page.getByRole('region', { name: 'Reconciliation' });
    await panel.getByLabel('Status for missing items').selectOption(String(status.id));
    await panel.getByRole('button', { name: 'Add missing and set status' }).click();
    const confirm = page.getByRole('dialog', { name: `Give 2 missing items the status ${status.name}?` });
    await confirm.getByRole('button', { name: 'Set status' }).click();
    await page.getByText(`2 missing items now ${status.name}`).waitFor();
    const rows = await api<EventItemsForEdit>('GET', `/EventComponents/${eventId}/GetChipsForEdit`);
    const statusOf = (stampedId: string) => rows.items.find((row) => row.stampedId === stampedId)?.statusId;
    expect(statusOf(chips[3].stampedId)).toBe(status.id);
    expect(statusOf(chips[4].stampedId)).toBe(status.id);
    // Each scanned item is in the event once; the unknown code added nothing.
    const ids = rows.items.map((row) => row.stampedId);
    expect(ids).toHaveLength(7);
    expect(new Set(ids).size).toBe(7);
  });

  it('fits a phone: the panel wraps, nothing scrolls sideways', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    const panel = page.getByRole('region', { name: 'Reconciliation' });
    await panel.getByText('Found 3').waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    await panel.scrollIntoViewIfNeeded();
    await picture(page, 'reconcile-375');
  });
});
