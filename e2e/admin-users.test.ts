import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEquipmentChip } from './api.ts';
import { expectPath, horizontalOverflow, launchBrowser, screenshot, settle, signedInPage } from './browser.ts';

// Names of this run, so that a rerun against the same data does not clash with itself.
const run = Date.now().toString(36).slice(-5);
const email = `rigger.${run}@demo.example`;
const alias = `rigger-${run}`;
const password = 'Rigger-pass-1';

const emailsInTable = (page: Page) => page.locator('table[aria-label="Users"] tbody tr td:nth-child(1)').allInnerTexts();

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('user administration', () => {
  let browser: Browser;
  let page: Page;
  let equipmentChip: string;

  beforeAll(async () => {
    [browser, equipmentChip] = await Promise.all([launchBrowser(), demoEquipmentChip()]);
    page = await signedInPage(browser, 'sysadmin@demo.example');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('adds a user by email, refusing a malformed address with the spec message', async () => {
    await page.goto('/Admin/Users');
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    await settle(page);
    expect(await emailsInTable(page)).toContain('sysadmin@demo.example');
    const addForm = page.getByRole('form', { name: 'Add user' });

    await addForm.getByLabel('Email of the new user').fill('not-an-email');
    await addForm.getByRole('button', { name: 'Add' }).click();
    await addForm.getByText('Could not add the user provided', { exact: true }).waitFor();

    await addForm.getByLabel('Email of the new user').fill(email);
    await addForm.getByRole('button', { name: 'Add' }).click();
    await page.getByText(`Added ${email}; a mail with a link to set a password is on its way`).waitFor();
    await expect.poll(() => emailsInTable(page)).toContain(email);

    // The server searches email and alias.
    await page.getByRole('searchbox', { name: 'Search users' }).fill('INSPECT');
    await expect.poll(() => emailsInTable(page)).toEqual(['events@demo.example']);
    await page.getByRole('searchbox', { name: 'Search users' }).fill(`rigger.${run}`);
    await expect.poll(() => emailsInTable(page)).toEqual([email]);
    await page.getByRole('searchbox', { name: 'Search users' }).fill('');
    await settle(page);
    await screenshot(page, 'admin-users-1280');
  });

  it("sets level, owners and alias; an alias clash shows 'The alias is not available'", async () => {
    await page.getByRole('link', { name: email }).click();
    await page.getByRole('heading', { name: email }).waitFor();
    await settle(page);
    const form = page.getByRole('form', { name: 'User access' });

    await choose(page, 'Level', 'Events');
    await form.getByRole('combobox', { name: 'Owners', exact: true }).click();
    await page.getByRole('option', { name: 'Nordsund Drilling AS (NSD)' }).click();
    await page.getByRole('option', { name: 'Aster Mooring Partners (AMP)' }).click();
    await page.keyboard.press('Escape');
    await form.getByLabel('Alias').fill('inspector');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('The alias is not available', { exact: true }).waitFor();
    expect(await form.getByLabel('Alias').getAttribute('aria-invalid')).toBe('true');

    await form.getByLabel('Alias').fill(alias);
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('User saved successfully', { exact: true }).waitFor();
    await screenshot(page, 'admin-user-editor-1280');

    // Saved for real: a fresh load shows the same values.
    await page.reload();
    await page.getByRole('heading', { name: email }).waitFor();
    await settle(page);
    expect(await form.getByRole('combobox', { name: 'Level', exact: true }).inputValue()).toBe('Events');
    expect(await form.getByLabel('Alias').inputValue()).toBe(alias);
    await form.getByText('Nordsund Drilling AS (NSD)').waitFor();
    await form.getByText('Aster Mooring Partners (AMP)').waitFor();
  });

  it("refuses a chip that is on equipment with 'Chip is already in use on equipment, cant add it to a user'", async () => {
    const chipForm = page.getByRole('form', { name: 'Add chip' });
    await chipForm.getByLabel('Add chip').fill(equipmentChip);
    await chipForm.getByRole('button', { name: 'Add' }).click();
    await chipForm.getByText('Chip is already in use on equipment, cant add it to a user', { exact: true }).waitFor();
    expect(await page.getByText('No chip', { exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'admin-user-chip-refused-1280');

    const ownChip = `AB12CD34${run.toUpperCase().padEnd(8, '0')}`.slice(0, 16);
    await chipForm.getByLabel('Add chip').fill(ownChip);
    await chipForm.getByRole('button', { name: 'Add' }).click();
    await page.getByTestId('user-chip').getByText(ownChip).waitFor();
    // Removing is confirmed like every destructive action.
    await page.getByRole('button', { name: 'Remove chip' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await page.getByText('No chip', { exact: true }).waitFor();
  });

  it('sets a password (Save only for 8+ equal characters) with which the user signs in', async () => {
    await page.getByRole('button', { name: 'Set password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set password' });
    const save = dialog.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByLabel('New password').fill('short');
    await dialog.getByLabel('Retype password').fill('short');
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByLabel('New password').fill(password);
    await dialog.getByLabel('Retype password').fill(`${password}x`);
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByLabel('Retype password').fill(password);
    expect(await save.isEnabled()).toBe(true);
    await save.click();
    await page.getByText('The password was set', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'detached' });

    const userPage = await signedInPage(browser, alias, { password });
    await userPage.context().close();
  });

  it("deletes the user after 'Are you sure?' and returns to the list", async () => {
    // Every toast that appears from here on, however briefly.
    await page.evaluate(() => {
      const seen: string[] = [];
      Object.assign(window, { toastsSeen: seen });
      new MutationObserver(() => {
        for (const toast of Array.from(document.querySelectorAll('.mantine-Notification-root'))) {
          if (!seen.includes(toast.textContent ?? '')) seen.push(toast.textContent ?? '');
        }
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectPath(page, '/Admin/Users');
    await settle(page);
    await expect.poll(() => emailsInTable(page)).not.toContain(email);
    // The success toast showed, and none said the deleted user was not found.
    const toasts = await page.evaluate(() => (window as unknown as { toastsSeen: string[] }).toastsSeen);
    expect(toasts.some((text) => text.includes('The user was deleted'))).toBe(true);
    expect(toasts.filter((text) => text.includes('Not Found'))).toEqual([]);
  });

  it('fits a phone: the list scrolls inside its own box', async () => {
    const phonePage = await signedInPage(browser, 'sysadmin@demo.example', { width: 375, height: 812 });
    await phonePage.goto('/Admin/Users');
    await phonePage.getByRole('heading', { name: 'Users' }).waitFor();
    await settle(phonePage);
    expect(await horizontalOverflow(phonePage)).toBeLessThanOrEqual(0);
    await screenshot(phonePage, 'admin-users-375');
    await phonePage.context().close();
  });

  it('shows access denied to users below SystemAdministrator', async () => {
    const otherPage = await signedInPage(browser, 'admin@demo.example');
    await otherPage.goto('/Admin/Users');
    await otherPage.getByRole('heading', { name: 'You do not have access to this page' }).waitFor();
    await otherPage.context().close();
  });
});
