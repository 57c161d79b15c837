import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerJourneyUser } from './api.ts';
import { expectPath, launchBrowser, newContext, picture } from './browser.ts';
import { scan } from './scanner.ts';

describe('chip login', () => {
  let browser: Browser;
  const chipId = `C41D${Date.now().toString(16).toUpperCase().padStart(12, '0')}`.slice(0, 16);
  beforeAll(async () => {
    browser = await launchBrowser();
    // A Certificates-level user: the chip session is capped at Events level.
    await registerJourneyUser(`chip-${Date.now()}@demo.example`, { level: 3, chipId });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('signs in with a chip scanned on the login page, at Events level', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/');
    await page.locator('input[name=username]').waitFor();
    await scan(page, chipId);
    await expectPath(page, '/Events');
    // The Admin page lists Events-level entries (Rigs) but not Certificates-level ones (Unlinked Equipment).
    await page.goto('/Admin');
    await page.getByRole('link', { name: /Rigs/ }).waitFor();
    expect(await page.getByRole('link', { name: /Unlinked Equipment/ }).count()).toBe(0);
    await context.close();
  });

  it('says so when the chip is not registered to a user, on a phone', async () => {
    const context = await newContext(browser, 375, 740);
    const page = await context.newPage();
    await page.goto('/');
    await page.locator('input[name=username]').waitFor();
    await scan(page, '0000000000000000');
    await page.getByText('The chip is not registered to a user').waitFor();
    await expectPath(page, '/');
    expect(await page.locator('input[name=username]').inputValue()).toBe('');
    await picture(page, 'chip-login-unknown-375');
    await context.close();
  });
});
