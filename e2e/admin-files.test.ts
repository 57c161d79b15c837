import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectPath, horizontalOverflow, launchBrowser, screenshot, settle, signedInPage } from './browser.ts';

// Names of this run, so that a rerun against the same data does not clash with itself.
const run = Date.now().toString(36).slice(-5).toUpperCase();
const helpName = `Mooring inspection guide ${run}.pdf`;
const pdf = Buffer.from(`%PDF-1.4\n1 0 obj <<>> endobj\n% help file ${run}\ntrailer <<>>\n%%EOF\n`);

const helpNames = (page: Page) => page.locator('table[aria-label="Help files"] tbody tr td:nth-child(1)').allInnerTexts();
const tagRows = (page: Page) => page.locator('table[aria-label="Equipment tags"] tbody tr').allInnerTexts();

async function chooseFile(page: Page, label: string, name: string, buffer: Buffer, mimeType: string) {
  const input = page.getByRole('button', { name: label, exact: true });
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), input.click()]);
  await chooser.setFiles({ name, mimeType, buffer });
}

describe('help files', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await signedInPage(browser, 'admin@demo.example');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('uploads a PDF help file and lists it', async () => {
    await page.getByRole('link', { name: 'Help', exact: true }).click();
    await expectPath(page, '/Help');
    await page.getByRole('heading', { name: 'Help' }).waitFor();
    await settle(page);

    await chooseFile(page, 'Choose a file: help file to upload', helpName, pdf, 'application/pdf');
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByText(`'${helpName}' was added to the help files`).waitFor();
    await expect.poll(() => helpNames(page)).toContain(helpName);
    await settle(page);
    await screenshot(page, 'help-1280');

    await page.setViewportSize({ width: 375, height: 812 });
    await settle(page);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'help-375');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('downloads it through a download token: the same bytes come back', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: helpName, exact: true }).click()]);
    expect(download.suggestedFilename()).toBe(helpName);
    expect(download.url()).toMatch(/\/api\/Files\/\d+\?access_token=/);
    const bytes = await readFile(await download.path());
    expect(Buffer.compare(bytes, pdf)).toBe(0);
  });

  it('refuses a text file renamed .pdf with a clear message', async () => {
    await chooseFile(
      page,
      'Choose a file: help file to upload',
      'not-really.pdf',
      Buffer.from('Just a note, not a PDF'),
      'application/pdf',
    );
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    const message =
      'The file is not a PDF, an image (PNG, JPEG, GIF, WebP) or an office document (Word, Excel, PowerPoint): its content was checked, not its name';
    // Under the field, and in the red toast.
    await expect.poll(() => page.getByText(message, { exact: true }).count()).toBeGreaterThanOrEqual(1);
    expect(await page.getByRole('button', { name: 'Help file to upload' }).getAttribute('aria-invalid')).toBe('true');
    expect(await helpNames(page)).not.toContain('not-really.pdf');
  });

  it('deletes the help file after confirming', async () => {
    await page.getByRole('button', { name: `Delete ${helpName}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm delete' });
    await dialog.getByText('This cannot be undone', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText(`'${helpName}' was deleted`).waitFor();
    await expect.poll(() => helpNames(page)).not.toContain(helpName);
  });

  it('shows Read level the list without upload or delete, and Report users access denied', async () => {
    const reader = await signedInPage(browser, 'read@demo.example');
    await reader.goto('/Help');
    await reader.getByRole('heading', { name: 'Help' }).waitFor();
    await settle(reader);
    expect(await reader.getByRole('button', { name: 'Upload' }).count()).toBe(0);
    expect(await reader.getByRole('button', { name: /^Delete / }).count()).toBe(0);
    await reader.context().close();

    const report = await signedInPage(browser, 'report@demo.example', { home: '/Reports' });
    await report.goto('/Help');
    await report.getByRole('heading', { name: 'You do not have access to this page' }).waitFor();
    await report.context().close();
  });
});

describe('equipment tags', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await signedInPage(browser, 'certificates@demo.example');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the errors of a bad file in red, line by line, and imports nothing', async () => {
    await page.getByRole('link', { name: 'Admin', exact: true }).click();
    await page.getByRole('link', { name: /Equipment tags/ }).click();
    await expectPath(page, '/Admin/EquipmentTags');
    await page.getByRole('heading', { name: 'Equipment tags' }).waitFor();
    await settle(page);

    const bad = `TAG-${run}-1;Spare;warning\nTAG-${run}-2;Leg 4;purple\n`;
    await chooseFile(page, 'Tag file', 'tags-bad.txt', Buffer.from(bad), 'text/plain');
    const errors = page.getByRole('list', { name: 'Errors in the file' });
    await errors.getByText('Line 2: Colour must be one of none, default, primary, success, info, warning, danger').waitFor();
    // Red text: the red channel clearly dominates.
    const [red, green, blue] = (await errors.evaluate((list) => getComputedStyle(list).color)).match(/\d+/g)!.map(Number);
    expect(red).toBeGreaterThan(green + 50);
    expect(red).toBeGreaterThan(blue + 50);
    await screenshot(page, 'admin-equipment-tags-errors-1280');
    expect(await page.getByRole('button', { name: 'Import', exact: true }).count()).toBe(0);
  });

  it("shows 'Found N items in the file' for a good file, then imports it", async () => {
    const good = `stampedId;tag;color\nTAG-${run}-1;Spare;warning\nTAG-${run}-2;Leg 4;danger\nTAG-${run}-3;Inspected ${run}\n`;
    await chooseFile(page, 'Tag file', 'tags.csv', Buffer.from(good), 'text/csv');
    await page.getByText('Found 3 items in the file', { exact: true }).waitFor();
    await screenshot(page, 'admin-equipment-tags-found-1280');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByText('Imported 3 tags: 3 new, 0 changed colour').waitFor();

    await page.getByRole('searchbox', { name: 'Search tags' }).fill(`TAG-${run}`);
    await expect.poll(() => tagRows(page)).toHaveLength(3);
    const rows = await tagRows(page);
    expect(rows[0]).toContain(`TAG-${run}-1`);
    expect(rows[0]).toContain('Spare');
    expect(rows[2]).toContain(`Inspected ${run}`);
    await page.getByRole('searchbox', { name: 'Search tags' }).fill('');
    await settle(page);
    await screenshot(page, 'admin-equipment-tags-1280');
  });

  it('keeps the page inside a phone screen', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await settle(page);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'admin-equipment-tags-375');
  });
});
