import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, picture, settle, signedInPage } from './browser.ts';

describe('backups', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('starts a backup from the Admin page, sees it finish and downloads the full backup', async () => {
    const page = await signedInPage(browser, 'sysadmin@demo.example');
    await page.goto('/Admin');
    await page.getByRole('link', { name: /Backups/ }).click();
    await page.getByRole('heading', { name: 'Backups', level: 1 }).waitFor();
    // Hold the start call back a little, so the first state can be seen before the answer.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/Backups', async (route) => {
      if (route.request().method() === 'PUT') await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Start backup' }).click();
    await page.getByText('Backup starting...').waitFor();
    release();
    await page.getByText('Backup started (This might take a while)').waitFor();
    await page.getByText('Latest backup done').waitFor({ timeout: 60_000 });
    const full = page.getByRole('table', { name: 'Full backups' }).getByRole('button', { name: /^portal-full-/ });
    await full.first().waitFor();
    await page
      .getByRole('table', { name: 'Data-only backups' })
      .getByRole('button', { name: /^portal-partial-/ })
      .first()
      .waitFor();
    // Created as DD/MM/YYYY HH:mm (spec section 9).
    expect(await page.getByRole('table', { name: 'Full backups' }).textContent()).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    await settle(page);
    await picture(page, 'backups-1280');

    const [download] = await Promise.all([page.waitForEvent('download'), full.first().click()]);
    expect(download.suggestedFilename()).toMatch(/^portal-full-\d{8}-\d{6}\.backup\.gz$/);
    expect(await download.failure()).toBeNull();
    await page.context().close();
  });

  it('fits a phone', async () => {
    const page = await signedInPage(browser, 'sysadmin@demo.example', { width: 375, height: 740 });
    await page.goto('/Admin/Backups');
    await page.getByRole('heading', { name: 'Backups', level: 1 }).waitFor();
    await settle(page);
    await picture(page, 'backups-375', { fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.context().close();
  });
});
