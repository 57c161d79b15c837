import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { horizontalOverflow, launchBrowser, newContext, screenshot, settle, signedInPage } from './browser.ts';

// Names of this run, so that a rerun against the same data does not clash with itself.
const run = Date.now().toString(36).slice(-5).toUpperCase();
const ownerName = `Tidewater Rigging ${run}`;

/** The names in one of the owner screens' tables. */
const tableNames = (page: Page, table: string) =>
  page.locator(`table[aria-label="${table}"] tbody tr td:nth-child(${table === 'Owners' ? 2 : 1})`).allInnerTexts();

/** The texts of one column (1-based) of one of the owner screens' tables. */
const tableColumn = (page: Page, table: string, column: number) =>
  page.locator(`table[aria-label="${table}"] tbody tr td:nth-child(${column})`).allInnerTexts();

/** Closes the toasts, so that the screenshots show the page itself. */
async function shoot(page: Page, name: string) {
  for (const button of await page.locator('.mantine-Notification-root button').all())
    await button.click({ timeout: 1_000 }).catch(() => {});
  await page.waitForFunction(() => !document.querySelector('.mantine-Notification-root'), undefined, { timeout: 8_000 });
  await settle(page);
  await screenshot(page, name);
}

/** Adds by the dialog; waits for it to close unless the save is meant to be refused. */
async function addByName(page: Page, button: string, name: string, { refused = false } = {}) {
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog', { name: button });
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  if (!refused) await dialog.waitFor({ state: 'detached' });
}

describe('owners and certificate types', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await signedInPage(browser, 'admin@demo.example');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('lists the owners with code, name and label, and adds one through the dialog', async () => {
    await page.goto('/Admin/Owners');
    await page.getByRole('heading', { name: 'Owners' }).waitFor();
    await settle(page);
    expect(await tableNames(page, 'Owners')).toContain('Nordsund Drilling AS');
    await screenshot(page, 'admin-owners-1280');

    await page.getByRole('button', { name: 'Add owner' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('?edit=new');
    const dialog = page.getByRole('dialog', { name: 'Add owner' });
    await dialog.getByRole('textbox', { name: 'Code', exact: true }).fill(`T${run}`);
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(ownerName);
    await dialog.getByLabel('Label', { exact: true }).click();
    await page.getByRole('option', { name: 'warning' }).click();
    await dialog.getByText(ownerName, { exact: true }).waitFor(); // the label preview
    await screenshot(page, 'admin-owner-dialog-1280');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => tableNames(page, 'Owners')).toContain(ownerName);
    expect(new URL(page.url()).search).toBe('');
  });

  it('shows the clash message under the name when an owner with that name exists', async () => {
    await page.getByRole('button', { name: 'Add owner' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add owner' });
    await dialog.getByRole('textbox', { name: 'Code', exact: true }).fill('DUP');
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('nordsund drilling as');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText("An owner named 'nordsund drilling as' already exists").waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Name', exact: true }).getAttribute('aria-invalid')).toBe('true');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('adds a certificate type, a sub-type and a dimension, following the breadcrumbs down', async () => {
    await page.getByRole('link', { name: ownerName }).click();
    await page.getByRole('heading', { name: 'Certificate types' }).waitFor();
    await settle(page);
    await page.getByText('No certificate types yet. Add one with Add certificate type.').waitFor();
    await addByName(page, 'Add certificate type', 'Chain');
    await expect.poll(() => tableNames(page, 'Certificate types')).toEqual(['Chain']);
    await shoot(page, 'admin-owner-types-1280');

    await page.getByRole('link', { name: 'Chain', exact: true }).click();
    await page.getByRole('heading', { name: 'Sub-types' }).waitFor();
    await addByName(page, 'Add sub-type', 'Studless R4');
    await expect.poll(() => tableNames(page, 'Sub-types')).toEqual(['Studless R4']);
    await shoot(page, 'admin-owner-subtypes-1280');

    await page.getByRole('link', { name: 'Studless R4', exact: true }).click();
    await page.getByRole('heading', { name: 'Dimensions' }).waitFor();
    await addByName(page, 'Add dimension', '84 mm');
    await addByName(page, 'Add dimension', '76 mm');
    await expect.poll(() => tableNames(page, 'Dimensions')).toEqual(['76 mm', '84 mm']);
    const crumbs = await page.getByRole('navigation', { name: 'Breadcrumb' }).locator('a, [aria-current="page"]').allTextContents();
    expect(crumbs).toEqual(['Admin', 'Owners', ownerName, 'Chain', 'Studless R4']);
    await shoot(page, 'admin-owner-dimensions-1280');
  });

  it('refuses a dimension name its sub-type already has, and renames one', async () => {
    await addByName(page, 'Add dimension', '84 MM', { refused: true });
    const dialog = page.getByRole('dialog', { name: 'Add dimension' });
    await dialog.getByText("A dimension named '84 MM' already exists in this sub-type").waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Edit 76 mm' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename 76 mm' });
    await rename.getByRole('textbox', { name: 'Name', exact: true }).fill('95 mm');
    await rename.getByRole('button', { name: 'Save' }).click();
    await rename.waitFor({ state: 'detached' });
    await expect.poll(() => tableNames(page, 'Dimensions')).toEqual(['84 mm', '95 mm']);
    // The nominal size followed the name.
    await expect.poll(() => tableColumn(page, 'Dimensions', 2)).toEqual(['84 mm', '95 mm']);

    // A name that gives no size: 'Not set' until an Admin types one (a comma before the decimals).
    await addByName(page, 'Add dimension', 'Long link');
    await expect.poll(() => tableColumn(page, 'Dimensions', 2)).toEqual(['84 mm', '95 mm', 'Not set']);
    await page.getByRole('button', { name: 'Edit Long link' }).click();
    const sizing = page.getByRole('dialog', { name: 'Rename Long link' });
    await sizing.getByRole('textbox', { name: 'Nominal size' }).pressSequentially('102,5');
    await sizing.getByRole('button', { name: 'Save' }).click();
    await sizing.getByText('A nominal size needs a unit (mm, in or t)').waitFor();
    await sizing.getByRole('combobox', { name: 'Unit' }).selectOption('mm');
    await sizing.getByRole('button', { name: 'Save' }).click();
    await sizing.waitFor({ state: 'detached' });
    await expect.poll(() => tableColumn(page, 'Dimensions', 2)).toEqual(['84 mm', '95 mm', '102.5 mm']);
    await shoot(page, 'admin-owner-dimension-sizes-1280');

    // Back up the breadcrumbs to the owner.
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: ownerName }).click();
    await page.getByRole('heading', { name: 'Certificate types' }).waitFor();
    await expect.poll(() => tableNames(page, 'Certificate types')).toEqual(['Chain']);
  });

  it('fits a phone screen without sideways scrolling', async () => {
    const phone = await newContext(browser, 375, 812);
    const token = await page.evaluate(() => localStorage.getItem('portal.token'));
    const userName = await page.evaluate(() => localStorage.getItem('portal.userName'));
    await phone.addInitScript(
      ([t, u]) => {
        if (t) localStorage.setItem('portal.token', t);
        if (u) localStorage.setItem('portal.userName', u);
      },
      [token, userName],
    );
    const small = await phone.newPage();
    await small.goto('/Admin/Owners');
    await small.getByRole('heading', { name: 'Owners' }).waitFor();
    await settle(small);
    expect(await horizontalOverflow(small)).toBeLessThanOrEqual(0);
    await screenshot(small, 'admin-owners-375');
    await phone.close();
  });

  it('shows the access denied page to users below Admin level', async () => {
    const readPage = await signedInPage(browser, 'certificates@demo.example');
    await readPage.goto('/Admin/Owners');
    await readPage.getByRole('heading', { name: 'You do not have access to this page' }).waitFor();
    await readPage.context().close();
  });
});
