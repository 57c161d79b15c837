import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../packages/server/test/pdf.ts';
import { expectPath, horizontalOverflow, launchBrowser, picture, settle, signedInPage } from './browser.ts';

const list = 'table[aria-label="Certificates"]';
const equipment = 'table[aria-label="Certificate equipment"]';
/** The text of one column (1-based) for every row of a table. */
const columnTexts = (page: Page, table: string, column: number) =>
  page.locator(`${table} tbody tr td:nth-child(${column})`).allInnerTexts();
/** Rows once loaded (skeleton rows stand in while the list loads). */
const rowsShown = async (page: Page, table: string) => {
  await page.locator(`${table} tbody tr td`).first().waitFor();
  await settle(page);
  return page.locator(`${table} tbody tr`).count();
};

describe('certificates', () => {
  let browser: Browser;
  let page: Page;
  /** The 320-item batch certificate of Nordsund Drilling (owner 1). */
  let nordsundPath = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await signedInPage(browser, 'certificates@demo.example');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('opens the list from the Admin page, newest first, with owners as badges', async () => {
    await page.goto('/Admin');
    await page.getByRole('link', { name: /^Certificates/ }).click();
    await expectPath(page, '/Certificates');
    await page.getByRole('heading', { name: 'Certificates' }).waitFor();
    expect(await rowsShown(page, list)).toBe(50);
    // The demo's batch certificates were added last (other journeys, such as the editor's, may have
    // added newer ones above them): newest first keeps the two in that order on the first page.
    const numbers = await columnTexts(page, list, 1);
    expect(numbers.indexOf('GL-2023-BATCH-0088')).toBeGreaterThanOrEqual(0);
    expect(numbers.indexOf('GL-2023-BATCH-0088')).toBeLessThan(numbers.indexOf('LC-2022-BATCH-0417'));
    expect((await columnTexts(page, list, 2)).some((owner) => owner.includes('AMP'))).toBe(true);
    await page.getByText(/^1-50 of \d+$/).waitFor();
    await picture(page, 'certificates-list-1280');
  });

  it('sorts on the server by certificate number both ways, and pages', async () => {
    await page.locator(`${list} thead`).getByText('Certificate No').click();
    await settle(page);
    await expect.poll(async () => (await columnTexts(page, list, 1))[0]).not.toBe('GL-2023-BATCH-0088');
    const ascending = await columnTexts(page, list, 1);
    expect(ascending).toEqual([...ascending].sort());
    await page.locator(`${list} thead`).getByText('Certificate No').click();
    await settle(page);
    await expect.poll(async () => (await columnTexts(page, list, 1))[0] > ascending[ascending.length - 1]).toBe(true);
    const descending = await columnTexts(page, list, 1);
    expect(descending).toEqual([...descending].sort().reverse());

    await page.getByRole('button', { name: '2', exact: true }).click();
    await page.getByText(/^51-100 of \d+$/).waitFor();
    // The range shows the page asked for while page 1's rows stay on screen until page 2 arrives.
    await expect.poll(async () => (await columnTexts(page, list, 1))[0] < descending[descending.length - 1]).toBe(true);
  });

  it('searches by a part of the number, keeps the term in the address, and opens a certificate with its equipment', async () => {
    await page.getByRole('textbox', { name: 'Certificate No' }).fill('batch-0417');
    await expectPath(page, '/Certificates/Search/batch-0417');
    await expect.poll(() => columnTexts(page, list, 1)).toEqual(['LC-2022-BATCH-0417']);
    expect(await columnTexts(page, list, 6)).toEqual(['320']);

    await page.locator(`${list} tbody tr td:nth-child(4)`).first().click();
    await page.getByRole('heading', { name: 'Certificate LC-2022-BATCH-0417' }).waitFor();
    nordsundPath = new URL(page.url()).pathname;
    expect(nordsundPath).toMatch(/^\/Certificates\/\d+$/);
    await page.getByText('320 items', { exact: false }).waitFor();
    expect(await page.getByRole('region', { name: 'Certificate data' }).textContent()).toContain('Linkwell Connectors');
    // 320 rows come in pages of 100.
    expect(await rowsShown(page, equipment)).toBe(100);
    expect((await columnTexts(page, equipment, 1))[0]).toBe('NSD-KL-084-5001');
    await page.getByText('1-100 of 320').waitFor();
    await page.getByRole('button', { name: 'Download PDF' }).waitFor();
    await picture(page, 'certificate-detail-1280');

    await page.getByRole('textbox', { name: 'Filter by stamped id' }).fill('5300');
    await expect.poll(() => columnTexts(page, equipment, 1)).toEqual(['NSD-KL-084-5300']);

    await page.goBack();
    await expectPath(page, '/Certificates/Search/batch-0417');
    await page.getByRole('textbox', { name: 'Certificate No' }).fill('');
    await expectPath(page, '/Certificates');

    // A certificate of a mooring spread: inspected items with their latest status.
    await page.locator(`${list} tbody tr td:nth-child(3)`).nth(2).click();
    await page.getByRole('heading', { name: /^Certificate / }).waitFor();
    await rowsShown(page, equipment);
    await picture(page, 'certificate-spread-1280');
  });

  it('downloads the certificate PDF with a download link', async () => {
    await page.goto(nordsundPath);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    expect((await download).suggestedFilename()).toBe('LC-2022-BATCH-0417.pdf');
  });

  it('prints QR labels for the items: says the links point to localhost, and saves the sheet on the chosen stock', async () => {
    await page.goto(nordsundPath);
    await page.getByRole('button', { name: 'Labels' }).click();
    const dialog = page.getByRole('dialog', { name: 'Print QR labels' });
    const summary = dialog.getByText(/^\d+ labels for this certificate's active items/);
    const labels = Number((await summary.textContent())?.split(' ')[0]);
    expect(labels).toBeGreaterThan(24);
    // The journeys' server has no PUBLIC_URL: a printed code would lead to this machine only.
    await dialog.getByText('Links will point to localhost: set PUBLIC_URL').waitFor();
    await picture(page, 'labels-dialog-1280');
    await dialog.getByRole('radio', { name: 'Label roll, 50 × 25 mm' }).check();
    await dialog.getByRole('radio', { name: 'A4 sheet, 3 × 8 labels' }).check();
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download labels' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Labels LC-2022-BATCH-0417.pdf');
    const pdf = await readFile((await file.path()) as string);
    // 24 labels to an A4 sheet.
    expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(Math.ceil(labels / 24));
    const [first] = await columnTexts(page, equipment, 1);
    expect(pdfText(pdf)).toContain(first.replaceAll('-', ' '));
  });

  it('shows page not found for a missing certificate or a malformed id', async () => {
    await page.goto('/Certificates/99999999');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.goto('/Certificates/abc');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
  });

  it('fits a phone: the list and the detail scroll inside their tables, never sideways', async () => {
    const phone = await signedInPage(browser, 'certificates@demo.example', { width: 375, height: 740 });
    await phone.goto('/Certificates');
    await rowsShown(phone, list);
    await settle(phone);
    expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
    await picture(phone, 'certificates-list-375');
    await phone.goto(nordsundPath);
    await rowsShown(phone, equipment);
    await settle(phone);
    expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
    await picture(phone, 'certificate-detail-375');
    await phone.getByRole('button', { name: 'Labels' }).click();
    await phone.getByRole('dialog', { name: 'Print QR labels' }).getByText('Links will point to localhost: set PUBLIC_URL').waitFor();
    expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
    await picture(phone, 'labels-dialog-375');
    await phone.keyboard.press('Escape');
    await phone.context().close();
  });

  it("lets an external Report user read only their owner's certificates; another owner's is page not found", async () => {
    const report = await signedInPage(browser, 'report@demo.example', { home: '/Reports' });
    await report.goto('/Certificates');
    await rowsShown(report, list);
    const owners = new Set((await columnTexts(report, list, 2)).map((text) => text.split('\n')[0].trim()));
    expect(owners).toEqual(new Set(['AMP']));
    await report.getByText('GL-2023-BATCH-0088').click();
    await report.getByRole('heading', { name: 'Certificate GL-2023-BATCH-0088' }).waitFor();
    await report.getByText('140 items', { exact: false }).waitFor();

    await report.goto(nordsundPath);
    await report.getByRole('heading', { name: 'Page not found' }).waitFor();
    await report.context().close();
  });
});
