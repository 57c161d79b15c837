import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, settle, signedInPage } from './browser.ts';

/** The text of one column (1-based) for every row of the events table. */
const columnTexts = (page: Page, column: number) =>
  page.locator(`table[aria-label="Events"] tbody tr td:nth-child(${column})`).allInnerTexts();

async function chooseOption(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('events list', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await signedInPage(browser, 'events@demo.example');
    await settle(page);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the demo events, newest first, with dates as DD.MM.YYYY', async () => {
    await page.getByRole('heading', { name: 'Events' }).waitFor();
    // The rows arrive after the heading; wait for them rather than read an empty table.
    await page.locator('table[aria-label="Events"] tbody tr td').first().waitFor();
    const dates = await columnTexts(page, 1);
    expect(dates.length).toBeGreaterThan(5);
    for (const date of dates) expect(date).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
    const iso = dates.map((d) => d.split('.').reverse().join('-'));
    expect([...iso].sort().reverse()).toEqual(iso);
    expect(await page.getByRole('link', { name: 'Events', exact: true }).getAttribute('aria-current')).toBe('page');
  });

  it('narrows the list by rig and event type, and keeps the filters after a reload', async () => {
    const rigs = await columnTexts(page, 3);
    const rig = rigs[0];
    await chooseOption(page, 'Rig', rig);
    await settle(page);
    await expect.poll(async () => new Set(await columnTexts(page, 3))).toEqual(new Set([rig]));

    const type = (await columnTexts(page, 2))[0];
    await chooseOption(page, 'Event type', type);
    await settle(page);
    await expect.poll(async () => new Set(await columnTexts(page, 2))).toEqual(new Set([type]));
    const filteredCount = (await columnTexts(page, 1)).length;

    await page.reload();
    await settle(page);
    expect(await page.getByRole('combobox', { name: 'Rig' }).inputValue()).toBe(rig);
    expect(await page.getByRole('combobox', { name: 'Event type' }).inputValue()).toBe(type);
    await expect.poll(async () => new Set(await columnTexts(page, 3))).toEqual(new Set([rig]));
    await expect.poll(async () => (await columnTexts(page, 1)).length).toBe(filteredCount);

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await settle(page);
    await expect.poll(async () => new Set(await columnTexts(page, 3)).size).toBeGreaterThan(1);
  });

  it('says so when no event matches the filters', async () => {
    // The demo data may have no empty combination, so the server's answer is replaced here.
    await page.route('**/api/Events/byFilter**', (route) => route.fulfill({ json: { items: [], total: 0, page: 0, pageSize: 50 } }));
    await chooseOption(page, 'Rig', (await columnTexts(page, 3))[0]);
    await page.getByText('No events match these filters.').waitFor();
    await page.unroute('**/api/Events/byFilter**');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await settle(page);
    expect((await columnTexts(page, 1)).length).toBeGreaterThan(0);
  });

  it('shows the failed state (what failed, the correlation id, Retry) and one toast when the server fails; Retry reloads', async () => {
    // The whole /api/Events family fails, as in an outage: the list and its filter options.
    const body = { status: 500, title: 'Internal Server Error', message: 'The events store is offline', correlationId: 'e2e-1' };
    await page.route('**/api/Events**', (route) => route.fulfill({ status: 500, json: body }));
    await page.reload();
    const failed = page.getByRole('alert', { name: 'The events could not be loaded' });
    await failed.waitFor({ timeout: 15_000 });
    expect(await failed.textContent()).toContain('The events store is offline');
    expect(await failed.textContent()).toContain('e2e-1');
    // Never the empty-list text for a failure, and one toast for one failure.
    expect(await page.getByText('No events yet.').count()).toBe(0);
    const toasts = page.locator('.mantine-Notification-root').filter({ hasText: 'The events store is offline' });
    await toasts.first().waitFor();
    expect(await toasts.first().textContent()).toContain('Internal Server Error');
    await settle(page);
    expect(await toasts.count()).toBe(1);

    // The server is back: Retry loads the list in place.
    await page.unroute('**/api/Events**');
    await failed.getByRole('button', { name: 'Retry' }).click();
    await page.locator('table[aria-label="Events"] tbody tr td').first().waitFor();
    await failed.waitFor({ state: 'detached' });
    await settle(page);
    expect((await columnTexts(page, 1)).length).toBeGreaterThan(0);
  });
});
