import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectPath, horizontalOverflow, launchBrowser, newContext, settle, signIn } from './browser.ts';

describe('at 375 px', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('nothing scrolls sideways, the search sits in a toolbar and the links in a burger menu', async () => {
    const context = await newContext(browser, 375, 812);
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    await signIn(page, 'events@demo.example');
    await settle(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    const toolbar = page.getByRole('toolbar', { name: 'Search toolbar' });
    await toolbar.getByRole('searchbox', { name: 'Search' }).waitFor({ state: 'visible' });
    // The desktop links and user menu are hidden; the burger holds them.
    expect(await page.getByRole('link', { name: 'Help', exact: true }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    for (const name of ['Events', 'Help', 'Admin', 'Change password', 'Log out']) {
      await page.getByRole('menuitem', { name }).waitFor({ state: 'visible' });
    }
    await page.getByRole('menuitem', { name: 'Help' }).click();
    await expectPath(page, '/Help');
    // The menu closes as the page opens; axe looks at the page once it is gone.
    await page.getByRole('menu').waitFor({ state: 'detached' });
    await settle(page);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    // Searching from the toolbar opens the search page.
    await toolbar.getByRole('searchbox', { name: 'Search' }).fill('CH-001');
    await page.keyboard.press('Enter');
    await expectPath(page, '/Search/CH-001');
    await context.close();
  });
});
