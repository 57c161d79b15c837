import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAuthorization } from './api.ts';
import { baseUrl, expectPath, launchBrowser, newContext, picture, signIn } from './browser.ts';
import { waitForLink } from './mailbox.ts';

const WELCOME = 'Your account on the rigging equipment portal';
const RESET = 'Reset your password on the rigging equipment portal';

/** A user of this journey alone (changing a demo user's password would break the other journeys). */
async function registerUser(email: string): Promise<void> {
  const response = await fetch(`${baseUrl()}/api/Account/Register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: await apiAuthorization('sysadmin@demo.example') },
    body: JSON.stringify({ email }),
  });
  expect(response.status).toBe(201);
}

/** Opens the mailed link's path on the test server and saves a new password there. */
async function setPasswordFromLink(page: Page, link: URL, password: string) {
  await page.goto(link.pathname);
  const save = page.getByRole('button', { name: 'Save' });
  await page.getByLabel('New password').fill(password.slice(0, 7));
  await page.getByLabel('Retype password').fill(password.slice(0, 7));
  expect(await save.isDisabled()).toBe(true);
  await page.getByLabel('New password').fill(password);
  await page.getByLabel('Retype password').fill(`${password}x`);
  await page.getByText('The passwords do not match').waitFor();
  expect(await save.isDisabled()).toBe(true);
  await page.getByLabel('Retype password').fill(password);
  await save.click();
  await page.getByText('Your password was successfully reset').waitFor();
}

describe('password self-service', () => {
  let browser: Browser;
  const email = `walker-${Date.now()}@demo.example`;
  beforeAll(async () => {
    browser = await launchBrowser();
    await registerUser(email);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sets the first password from the welcome mail, then resets a forgotten one from the mail and signs in with it', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await setPasswordFromLink(page, await waitForLink(email, WELCOME), 'First-password-1');

    await page.goto('/');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expectPath(page, '/ForgotPassword');
    await page.getByLabel('Username or email').fill('ab');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Username missing or too short').waitFor();
    await page.getByLabel('Username or email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('If the username belongs to an account').waitFor();
    await picture(page, 'forgot-password-sent-1280');

    const link = await waitForLink(email, RESET);
    await setPasswordFromLink(page, link, 'Second-password-2');
    await picture(page, 'reset-password-done-1280');
    // The link works once.
    await page.goto(link.pathname);
    await page.getByLabel('New password').fill('Third-password-3');
    await page.getByLabel('Retype password').fill('Third-password-3');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('This link has expired or has already been used').waitFor();
    await picture(page, 'reset-password-used-1280');

    await page.getByRole('link', { name: 'Ask for a new link' }).click();
    await page.goto('/');
    await signIn(page, email, { password: 'Second-password-2', home: '/Reports' });
    // A user with neither owner 1 nor 83 sees the General report on /Reports, under the due-date entry.
    await page.getByRole('heading', { name: 'General report', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Inspection due' }).waitFor();
    await context.close();
  });

  it('changes the password from the user menu, on a phone', async () => {
    const context = await newContext(browser, 375, 740);
    const page = await context.newPage();
    await signIn(page, email, { password: 'Second-password-2', home: '/Reports' });
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('menuitem', { name: 'Change password' }).click();
    await expectPath(page, '/Changepassword');
    await page.getByLabel('Old password').fill('not-my-password');
    await page.getByLabel('New password').fill('Changed-password-3');
    await page.getByLabel('Retype password').fill('Changed-password-3');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The old password is incorrect').waitFor();
    await picture(page, 'change-password-failed-375');
    await page.getByLabel('Old password').fill('Second-password-2');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Password reset', { exact: true }).waitFor();
    // Home is the reports page, which sends a user with neither owner 1 nor 83 on to General.
    await page.waitForURL((url) => url.pathname.startsWith('/Reports'), { timeout: 15_000 });
    await context.close();

    const again = await newContext(browser);
    const fresh = await again.newPage();
    await signIn(fresh, email, { password: 'Changed-password-3', home: '/Reports' });
    await again.close();
  });
});
