import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, picture } from './browser.ts';

// The API reference boots from one inline script, allowed by its CSP hash (no 'unsafe-inline').
describe('API reference page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('renders the endpoints with no script refused by the content security policy', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    await page.goto('/api/docs/');
    await page.getByRole('heading', { name: 'Rigging equipment portal API' }).first().waitFor();
    await page.getByText('/api/Account/Login').first().waitFor();
    await picture(page, 'api-docs-1280');
    expect(refused).toEqual([]);
    await context.close();
  });
});
