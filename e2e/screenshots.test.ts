import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { launchBrowser, newContext, screenshot, settle, signIn } from './browser.ts';

// Pictures of the main screens at desktop and phone width, for people to look at (screenshots/).
describe.each([1280, 375])('screenshots at %i px', (width) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('login, events list and page not found', async () => {
    const context = await newContext(browser, width, width > 800 ? 800 : 812);
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await screenshot(page, `login-${width}`);

    await signIn(page, 'events@demo.example');
    await settle(page);
    await screenshot(page, `events-${width}`);

    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await screenshot(page, `not-found-${width}`);
    await context.close();
  });
});
