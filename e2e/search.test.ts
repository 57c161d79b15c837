import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAuthorization, equipmentChips } from './api.ts';
import { expectPath, launchBrowser, picture, settle, signedInPage } from './browser.ts';

async function searchOnPage(page: Page, term: string) {
  await page.getByRole('textbox', { name: 'Search for' }).fill(term);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => decodeURIComponent(url.pathname) === `/Search/${term}`);
}

describe('global search', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('searches from the top bar and switches between the three tabs, each with its count', async () => {
    const page = await signedInPage(browser, 'events@demo.example');
    await page.getByRole('search').getByRole('searchbox', { name: 'Search' }).fill('2022');
    await page.keyboard.press('Enter');
    await expectPath(page, '/Search/2022');
    for (const name of ['Equipments', 'Events', 'Certificates']) {
      await page.getByRole('tab', { name: new RegExp(`^${name}\\s*\\d+\\+?$`) }).waitFor();
    }
    await page.getByRole('table', { name: 'Equipment results' }).waitFor();
    // An equipment item by its stamped id, typed into the page's own search box.
    const [chip] = await equipmentChips(await apiAuthorization('sysadmin@demo.example'), 1);
    await searchOnPage(page, chip.stampedId);
    await page.getByRole('table', { name: 'Equipment results' }).getByRole('link', { name: chip.stampedId }).waitFor();
    // Events by their rig's name.
    await searchOnPage(page, 'Polar');
    await page.getByRole('tab', { name: /^Events/ }).click();
    await page.getByRole('table', { name: 'Event results' }).getByText('Polar Kestrel').first().waitFor();
    await settle(page);
    await picture(page, 'search-events-1280');
    await searchOnPage(page, '2022');
    await page.getByRole('tab', { name: /^Certificates/ }).click();
    await page.getByRole('link', { name: 'LC-2022-BATCH-0417' }).waitFor();
    expect(new URL(page.url()).search).toBe('?tab=certificates');
    await page.getByRole('link', { name: 'LC-2022-BATCH-0417' }).click();
    await page.waitForURL(/\/Certificates\/\d+$/);
    await page.context().close();
  });

  it('uses the toolbar search on a phone; below Events level the equipment is capped at 5', async () => {
    const page = await signedInPage(browser, 'read@demo.example', { width: 375, height: 740 });
    await page.getByRole('toolbar', { name: 'Search toolbar' }).getByRole('searchbox', { name: 'Search' }).fill('BATCH');
    await page.keyboard.press('Enter');
    await expectPath(page, '/Search/BATCH');
    await page.getByText('Below Events level the search shows the first 5 equipment items.').waitFor();
    await settle(page);
    const rows = await page.getByRole('table', { name: 'Equipment results' }).locator('tbody tr').count();
    expect(rows).toBeLessThanOrEqual(5);
    await picture(page, 'search-equipment-375', { fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.context().close();
  });
});
