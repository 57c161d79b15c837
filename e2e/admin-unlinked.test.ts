import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectPath, horizontalOverflow, launchBrowser, picture, settle, signedInPage } from './browser.ts';

const TABLE = 'table[aria-label="Unlinked equipment"]';
const rows = (page: Page) => page.locator(`${TABLE} tbody tr`);
/** The stamped ids of the rows shown (the first column). */
const stampedIds = (page: Page) => page.locator(`${TABLE} tbody tr td:nth-child(1)`).allInnerTexts();
const rowOf = (page: Page, stampedId: string): Locator =>
  rows(page).filter({ has: page.locator('td:nth-child(1)', { hasText: new RegExp(`^${stampedId}$`) }) });

/** The search and the switch answer after a debounce: give the list time to follow on a busy machine. */
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000 });

async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search unlinked equipment' }).fill(text);
  await settle(page);
}

describe('unlinked equipment', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await signedInPage(browser, 'certificates@demo.example');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('opens from the Admin page for a Certificates-level user, and searches', async () => {
    await page.getByRole('link', { name: 'Admin', exact: true }).click();
    await page.getByRole('link', { name: /Unlinked Equipment/ }).click();
    await expectPath(page, '/Admin/Unlinked');
    await page.getByRole('heading', { name: 'Unlinked equipment' }).waitFor();
    await settle(page);
    const all = await stampedIds(page);
    expect(all.length).toBeGreaterThan(2);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    await search(page, all[1]);
    await poll(() => stampedIds(page)).toEqual([all[1]]);
    await search(page, 'no such stamped id');
    await page.getByText('No unlinked equipment matches').waitFor();
    await picture(page, 'admin-unlinked-empty-1280');
    await search(page, '');
    await poll(() => stampedIds(page)).toEqual(all);
  });

  it("'With no events' keeps the items no event has inspected", async () => {
    await page.getByRole('switch', { name: 'With no events' }).click();
    await settle(page);
    await poll(async () => (await page.locator(`${TABLE} tbody tr td:nth-child(5)`).allInnerTexts()).every((n) => n === '0')).toBe(true);
    await page.getByRole('switch', { name: 'With no events' }).click();
    await settle(page);
  });

  it("edits a row's length and comment", async () => {
    const [stampedId] = await stampedIds(page);
    const row = rowOf(page, stampedId);
    await row.getByRole('textbox', { name: `Length of ${stampedId}` }).fill('123,5');
    await row.getByRole('textbox', { name: `Comment of ${stampedId}` }).fill('Measured in the basket, tag missing');
    await row.getByRole('button', { name: `Save ${stampedId}` }).click();
    await page.getByText(`${stampedId} saved`).waitFor();
    await settle(page);
    await poll(() => row.getByRole('textbox', { name: `Length of ${stampedId}` }).inputValue()).toBe('123.5');
    expect(await row.getByRole('textbox', { name: `Comment of ${stampedId}` }).inputValue()).toBe('Measured in the basket, tag missing');
    expect(await row.getByRole('button', { name: `Save ${stampedId}` }).isDisabled()).toBe(true);
  });

  it('links a row to a certificate: it leaves the list', async () => {
    const [, stampedId] = await stampedIds(page);
    const row = rowOf(page, stampedId);
    const picker = row.getByRole('combobox', { name: `Certificate for ${stampedId}` });
    await picker.click();
    await picker.fill('-20');
    const option = page.getByRole('option').first();
    await option.waitFor();
    const number = ((await option.locator('p').first().textContent()) ?? '').trim();
    await picture(page, 'admin-unlinked-certificate-1280');
    await option.click();
    await row.getByRole('button', { name: `Save ${stampedId}` }).click();
    await page.getByText(`${stampedId} linked to certificate ${number}`).waitFor();
    await poll(() => stampedIds(page)).not.toContain(stampedId);
  });

  it('deletes an item without events, after confirming', async () => {
    await page.getByRole('switch', { name: 'With no events' }).click();
    await settle(page);
    const [stampedId] = await stampedIds(page);
    expect(stampedId).toBeTruthy();
    await rowOf(page, stampedId)
      .getByRole('button', { name: `Delete ${stampedId}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Confirm delete' });
    await dialog.getByText('This cannot be undone').waitFor();
    await picture(page, 'admin-unlinked-delete-1280');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText(`Equipment '${stampedId}' was deleted`).waitFor();
    await poll(() => stampedIds(page)).not.toContain(stampedId);
  });

  it('on a phone: the row menu offers Edit (the edit dialog) and Delete', async () => {
    const phone = await signedInPage(browser, 'certificates@demo.example', { width: 375, height: 812 });
    await phone.goto('/Admin/Unlinked');
    await settle(phone);
    expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
    const [stampedId] = await stampedIds(phone);
    await phone.getByRole('button', { name: `Actions for ${stampedId}` }).click();
    await phone.getByRole('menuitem', { name: 'Delete' }).waitFor();
    await phone.getByRole('menuitem', { name: 'Edit' }).click();
    const dialog = phone.getByRole('dialog', { name: `Edit ${stampedId}` });
    await dialog.getByLabel('Comment').fill('Checked on a phone');
    await picture(phone, 'admin-unlinked-edit-375');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await phone.getByText(`${stampedId} saved`).waitFor();
    await phone.context().close();
  });

  it('says when the list could not be loaded, and Retry loads it', async () => {
    let fail = true;
    await page.route('**/api/Unlinked?**', (route) =>
      fail
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({
              status: 503,
              title: 'Service Unavailable',
              message: 'The database is restarting',
              correlationId: 'e2e-unlinked',
            }),
          })
        : route.fallback(),
    );
    await page.reload();
    await page.getByText('The database is restarting').first().waitFor();
    await picture(page, 'admin-unlinked-failed-1280');
    fail = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.locator(`${TABLE} tbody tr`).first().waitFor();
    await page.unroute('**/api/Unlinked?**');
  });
});
