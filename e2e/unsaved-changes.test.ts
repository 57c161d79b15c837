import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectPath, launchBrowser, settle, signedInPage } from './browser.ts';

/** The user editor is the first editor with the unsaved-changes guard; every later editor uses the same hook. */
describe('unsaved changes', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await signedInPage(browser, 'sysadmin@demo.example');
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function openEditor() {
    await page.goto('/Admin/Users');
    await settle(page);
    await page.getByRole('link', { name: 'read@demo.example' }).click();
    await page.getByRole('heading', { name: 'read@demo.example' }).waitFor();
    await settle(page);
    return page.getByRole('form', { name: 'User access' }).getByLabel('Alias');
  }

  it("asks 'Continue without saving?' / 'All changes will be lost' before an in-app link leaves an edited form", async () => {
    const alias = await openEditor();
    const editorPath = new URL(page.url()).pathname;
    const before = await alias.inputValue();
    await alias.fill(`${before}-unsaved`);

    await page.getByRole('link', { name: 'Users', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Continue without saving?' });
    await confirm.getByText('All changes will be lost', { exact: true }).waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(editorPath);
    expect(await alias.inputValue()).toBe(`${before}-unsaved`);

    // The frame's links are guarded too; Continue leaves without saving.
    await page.getByRole('link', { name: 'Help', exact: true }).click();
    await confirm.getByRole('button', { name: 'Continue' }).click();
    await expectPath(page, '/Help');
    // Back only once the Help page shows, as a person would: earlier, the browser's Back races the
    // page still rendering and lands nowhere.
    await page.getByRole('heading', { name: 'Help', level: 1 }).waitFor();

    // Nothing was saved.
    await page.goBack();
    await page.getByRole('heading', { name: 'read@demo.example' }).waitFor();
    await settle(page);
    expect(await alias.inputValue()).toBe(before);
  });

  it('lets a clean form go without asking, and warns before a reload of an edited one (beforeunload)', async () => {
    const alias = await openEditor();
    await page.getByRole('link', { name: 'Users', exact: true }).click();
    await expectPath(page, '/Admin/Users');
    await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();

    await page.goBack();
    await page.getByRole('heading', { name: 'read@demo.example' }).waitFor();
    await settle(page);
    await alias.fill('changed-then-reloaded');
    const dialog = page.waitForEvent('dialog');
    const reload = page.reload().catch(() => undefined);
    const warning = await dialog;
    expect(warning.type()).toBe('beforeunload');
    await warning.accept();
    await reload;
    await page.getByRole('heading', { name: 'read@demo.example' }).waitFor();
  });
});
