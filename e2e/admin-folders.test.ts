import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectPath, horizontalOverflow, launchBrowser, screenshot, settle, signedInPage } from './browser.ts';

// Names of this run, so that a rerun against the same data does not clash with itself.
const run = Date.now().toString(36).slice(-5).toUpperCase();
const typeName = `Load test ${run}`;
const statusName = `Cracked ${run}`;
const renamed = `Cracked, replace ${run}`;

/** The names in the first column of a folder table. */
const tableNames = (page: Page, table: string) => page.locator(`table[aria-label="${table}"] tbody tr td:nth-child(1)`).allInnerTexts();
const row = (page: Page, table: string, name: string) =>
  page.locator(`table[aria-label="${table}"] tbody tr`).filter({ has: page.getByText(name, { exact: true }) });

describe('event types, statuses, rigs and projects', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await signedInPage(browser, 'admin@demo.example');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows an Admin user the admin links up to Admin level whose screens exist', async () => {
    await page.getByRole('link', { name: 'Admin', exact: true }).click();
    await expectPath(page, '/Admin');
    const links = page.getByRole('list', { name: 'Admin links' }).getByRole('link');
    await expect
      .poll(() => links.allInnerTexts())
      .toEqual([
        expect.stringContaining('Certificates'),
        expect.stringContaining('Notifications'),
        expect.stringContaining('Unlinked Equipment'),
        expect.stringContaining('Equipment tags'),
        expect.stringContaining('Case duplicates'),
        expect.stringContaining('Reports'),
        expect.stringContaining('EventTypes'),
        expect.stringContaining('Rigs'),
        expect.stringContaining('Owners - Certificate types'),
      ]);
    await screenshot(page, 'admin-1280');
  });

  it('adds an event type and, under it, a red default status', async () => {
    await page.getByRole('link', { name: /EventTypes/ }).click();
    await expectPath(page, '/Admin/Events');
    await page.getByRole('heading', { name: 'Event types' }).waitFor();
    await settle(page);
    expect(await tableNames(page, 'Event types')).toContain('Inspection');
    await screenshot(page, 'admin-event-types-1280');

    await page.getByRole('button', { name: 'Add event type' }).click();
    const typeDialog = page.getByRole('dialog', { name: 'Add event type' });
    await typeDialog.getByLabel('Name').fill(typeName);
    await typeDialog.getByRole('button', { name: 'Save' }).click();
    await typeDialog.waitFor({ state: 'detached' });
    await expect.poll(() => tableNames(page, 'Event types')).toContain(typeName);

    // The list opens in pick-list order; a click on the Name title sorts it, a second click reverses it.
    const byName = (names: string[]) => [...names].sort((a, b) => a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' }));
    const names = await tableNames(page, 'Event types');
    await page.locator('table[aria-label="Event types"] thead').getByText('Name', { exact: true }).click();
    await expect.poll(() => tableNames(page, 'Event types')).toEqual(byName(names));
    await page.locator('table[aria-label="Event types"] thead').getByText('Name', { exact: true }).click();
    await expect.poll(() => tableNames(page, 'Event types')).toEqual(byName(names).reverse());

    await page.getByRole('link', { name: typeName, exact: true }).click();
    await page.getByRole('heading', { name: 'Statuses' }).waitFor();
    await page.getByText('No statuses yet. Add one with Add status.').waitFor();
    await page.getByRole('button', { name: 'Add status' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add status' });
    await dialog.getByLabel('Name').fill(statusName);
    await dialog.getByRole('combobox', { name: 'Label colour' }).click();
    await page.getByRole('option', { name: 'Danger (red)' }).click();
    await dialog.getByLabel('Default').check();
    await dialog.getByText(statusName, { exact: true }).waitFor(); // the live preview badge
    await screenshot(page, 'admin-status-dialog-1280');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => tableNames(page, 'Statuses')).toEqual([statusName]);
    expect(await row(page, 'Statuses', statusName).getByText('Yes').count()).toBe(1); // the default mark
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' }).locator('a, [aria-current="page"]');
    expect(await crumbs.allTextContents()).toEqual(['Admin', 'Event types', typeName]);
  });

  it('refuses a second status of the same name with the message under the name', async () => {
    await page.getByRole('button', { name: 'Add status' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add status' });
    await dialog.getByLabel('Name').fill(statusName.toLowerCase());
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText(`A status named '${statusName.toLowerCase()}' already exists`).waitFor();
    expect(await dialog.getByLabel('Name').getAttribute('aria-invalid')).toBe('true');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('renames the status and disables it', async () => {
    await page.getByRole('button', { name: `Edit ${statusName}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit status' });
    expect(await dialog.getByLabel('Name').inputValue()).toBe(statusName);
    expect(new URL(page.url()).search).toMatch(/^\?edit=\d+$/);
    await dialog.getByLabel('Name').fill(renamed);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => tableNames(page, 'Statuses')).toEqual([renamed]);

    const enabled = page.getByRole('switch', { name: `Enabled: ${renamed}` });
    expect(await enabled.isChecked()).toBe(true);
    // Not uncheck(): it demands the new state the moment the click returns, while the switch flips
    // when the optimistic cache update renders (after the mutation's onMutate, a task later).
    await enabled.click();
    await expect.poll(() => enabled.isChecked(), { timeout: 10_000 }).toBe(false);
    await page.reload();
    await settle(page);
    expect(await page.getByRole('switch', { name: `Enabled: ${renamed}` }).isChecked()).toBe(false);
    await settle(page);
    await screenshot(page, 'admin-statuses-1280');
  });

  it('refuses to delete a status that event items use, showing the reason, and keeps it', async () => {
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Event types' }).click();
    await page.getByRole('heading', { name: 'Event types' }).waitFor();
    await page.getByRole('link', { name: 'Inspection', exact: true }).click();
    await page.getByRole('heading', { name: 'Statuses' }).waitFor();
    await settle(page);
    // Refused before any 'This cannot be undone': the reason shows at once.
    await page.getByRole('button', { name: 'Delete Replace' }).click();
    const refusal = page.getByRole('dialog', { name: 'Cannot delete' });
    await refusal.getByText(/^The status 'Replace' is used by \d+ event items? and cannot be deleted\. Disable it instead\.$/).waitFor();
    expect(await page.getByRole('dialog', { name: 'Confirm delete' }).count()).toBe(0);
    await screenshot(page, 'admin-status-delete-refused-1280');
    await refusal.getByRole('button', { name: 'OK' }).click();
    await refusal.waitFor({ state: 'detached' });
    await settle(page);
    expect(await tableNames(page, 'Statuses')).toContain('Replace');
  });

  it('lists the rigs with their projects', async () => {
    await page.goto('/Admin/Rigs');
    await page.getByRole('heading', { name: 'Rigs' }).waitFor();
    await settle(page);
    const rigs = await tableNames(page, 'Rigs');
    expect(rigs.length).toBeGreaterThan(1);
    await screenshot(page, 'admin-rigs-1280');
    await page.getByRole('link', { name: rigs[0], exact: true }).click();
    await page.getByRole('heading', { name: 'Projects' }).waitFor();
    await settle(page);
    expect((await tableNames(page, 'Projects')).length).toBeGreaterThan(0);
    await screenshot(page, 'admin-projects-1280');
  });

  it('fits a phone screen without sideways scrolling', async () => {
    const small = await signedInPage(browser, 'admin@demo.example', { width: 375, height: 812 });
    await small.goto('/Admin/Events');
    await small.getByRole('heading', { name: 'Event types' }).waitFor();
    await settle(small);
    expect(await horizontalOverflow(small)).toBeLessThanOrEqual(0);
    await screenshot(small, 'admin-event-types-375');
    await small.context().close();
  });

  it("shows a Read-level user's Admin page with Reports, their one entry, and refuses the folder screens", async () => {
    const readPage = await signedInPage(browser, 'read@demo.example');
    await readPage.getByRole('link', { name: 'Admin', exact: true }).click();
    await expectPath(readPage, '/Admin');
    const links = readPage.getByRole('list', { name: 'Admin links' }).getByRole('link');
    await expect.poll(() => links.allInnerTexts()).toEqual([expect.stringContaining('Reports')]);
    await readPage.goto('/Admin/Rigs');
    await readPage.getByRole('heading', { name: 'You do not have access to this page' }).waitFor();
    await readPage.context().close();
  });
});
