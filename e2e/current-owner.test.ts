import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAuthorization, registerJourneyUser } from './api.ts';
import { baseUrl, DEMO_PASSWORD, launchBrowser, picture, signedInPage } from './browser.ts';

describe('current owner', () => {
  let browser: Browser;
  const email = `owners-${Date.now()}@demo.example`;
  beforeAll(async () => {
    browser = await launchBrowser();
    // A Read user with all owners; set a password through the admin call, as the users page does.
    const id = await registerJourneyUser(email, { level: 1 });
    const response = await fetch(`${baseUrl()}/api/Account/SetPassword`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: await apiAuthorization('sysadmin@demo.example') },
      body: JSON.stringify({ userId: id, newPassword: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD }),
    });
    expect(response.status).toBe(204);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('switches the current owner from the user menu; the choice is kept', async () => {
    const page = await signedInPage(browser, email);
    const menu = page.getByRole('button', { name: `User menu for ${email}` });
    await menu.click();
    // The label names the owner once the user's profile has loaded.
    const item = page.getByRole('menuitem', { name: /^Current owner: [^…]/ });
    await item.waitFor();
    const before = (await item.textContent())?.replace('Current owner: ', '');
    await item.click();
    const dialog = page.getByRole('dialog', { name: 'Current owner' });
    await dialog.waitFor();
    await dialog.getByLabel('Owner', { exact: true }).first().click();
    const options = page.getByRole('option');
    await options.first().waitFor();
    const other = options.filter({ hasNotText: before ?? '' }).first();
    const name = ((await other.textContent()) ?? '').replace(/ \([^)]*\)$/, '');
    await other.click();
    await picture(page, 'current-owner-dialog-1280');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`Reports open on ${name}`).waitFor();
    await page.reload();
    await menu.click();
    await page.getByRole('menuitem', { name: `Current owner: ${name}` }).waitFor();
    await page.context().close();
  });
});
