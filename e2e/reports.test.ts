import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { horizontalOverflow, launchBrowser, picture, settle, signedInPage } from './browser.ts';

const shoot = (page: Page, name: string) => picture(page, name, { fullPage: true });

/** Clicks a download button and waits for the saved file; the button is busy until then. */
async function downloadBy(page: Page, button: ReturnType<Page['getByRole']>) {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), data: await readFile(file) };
}

describe('reports', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("lands the report user (owner 83) on Reports with owner 83's set, shows the mooring spread, and refuses owner 1's set", async () => {
    for (const width of [1280, 375]) {
      const page = await signedInPage(browser, 'report@demo.example', { home: '/Reports', width });
      await page.getByRole('region', { name: 'Aster Mooring Partners reports' }).waitFor();
      expect(await page.getByRole('region', { name: 'Nordsund Drilling AS reports' }).count()).toBe(0);
      await shoot(page, `reports-landing-${width}`);
      await page.getByRole('link', { name: 'Mooring spread' }).click();
      await page.getByRole('region', { name: 'Mooring spread of Nordic Aurora' }).waitFor();
      await settle(page);
      // The leg tables scroll inside their box; the page itself never scrolls sideways.
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      expect(await page.getByRole('region', { name: 'Mooring spread of Nordic Aurora' }).getByRole('row').count()).toBe(13);
      await shoot(page, `reports-mooring-${width}`);
      await page.goto('/Reports/1/Red');
      await page.getByRole('heading', { name: 'You do not have access to this page' }).waitFor();
      await page.context().close();
    }
  });

  it('shows an owner 1 report to a user with all owners and downloads it as an Excel workbook', async () => {
    const page = await signedInPage(browser, 'certificates@demo.example');
    await page.goto('/Reports');
    await page.getByRole('region', { name: 'Nordsund Drilling AS reports' }).getByRole('link', { name: 'Red equipment' }).click();
    const table = page.getByRole('table', { name: 'Red equipment' });
    await table.waitFor();
    await settle(page);
    const first = ((await table.locator('tbody tr').first().locator('td').first().textContent()) ?? '').trim();
    expect(first).toMatch(/^NSD-/);
    await shoot(page, 'reports-red-1280');
    const file = await downloadBy(page, page.getByRole('button', { name: 'Excel' }));
    expect(file.name).toMatch(/^Red equipment \d{4}-\d{2}-\d{2}\.xlsx$/);
    const book = XLSX.read(file.data, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1, blankrows: false });
    expect(rows.some((row) => row[0] === first)).toBe(true);

    await page.goto('/Reports/1/Status');
    await page.getByRole('table', { name: 'Key info' }).waitFor();
    await page.getByRole('table', { name: 'Equipment totals' }).waitFor();
    await settle(page);
    await shoot(page, 'reports-status-1280');
    await page.setViewportSize({ width: 375, height: 812 });
    await settle(page);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await shoot(page, 'reports-status-375');
    await page.context().close();
  });

  it('runs the general report and opens an item’s event history from its row', async () => {
    const page = await signedInPage(browser, 'report@demo.example', { home: '/Reports' });
    await page.getByRole('link', { name: 'General report' }).click();
    const form = page.getByRole('form', { name: 'Choose the equipment' });
    await form.getByLabel('Type', { exact: true }).click();
    await page.getByRole('option', { name: 'Chain' }).click();
    await form.getByRole('button', { name: 'Submit' }).click();
    const table = page.getByRole('table', { name: 'General report' });
    await table.locator('tbody tr').first().waitFor();
    await settle(page);
    // An item that has been inspected (it shows a status badge, not only a due-date badge), so that its
    // history has rows.
    const row = table
      .locator('tbody tr')
      .filter({ has: page.locator('.mantine-Badge-root:not([data-light])') })
      .first();
    const stampedId = ((await row.locator('td').first().textContent()) ?? '').trim();
    await row.locator('td').nth(1).click();
    await page.getByRole('table', { name: `Event history of ${stampedId}` }).waitFor();
    await shoot(page, 'reports-general-1280');

    // The choice is in the address: a reload (or a bookmark, or a link sent to a colleague) shows the same report.
    expect(new URL(page.url()).searchParams.get('type')).not.toBeNull();
    await page.reload();
    await table.locator('tbody tr').first().waitFor();
    // The rows may come before the form's list of types, which names the chosen one: read it as a person would, once shown.
    await expect.poll(() => form.getByLabel('Type', { exact: true }).inputValue(), { timeout: 10_000 }).toBe('Chain');
    await page.context().close();
  });

  it('downloads the PDF of an item from the equipment page', async () => {
    const page = await signedInPage(browser, 'events@demo.example');
    await page.goto('/Reports/83/TopChainIdHistory');
    const table = page.getByRole('table', { name: 'Top chain ids' });
    await table.locator('tbody tr a').first().waitFor();
    await table.locator('tbody tr a').first().click();
    await page.getByRole('heading', { name: 'Certificate' }).waitFor();
    const file = await downloadBy(page, page.getByRole('button', { name: 'PDF', exact: true }));
    expect(file.name).toMatch(/\.pdf$/);
    expect(file.data.subarray(0, 5).toString()).toBe('%PDF-');
    await page.context().close();
  });
});
