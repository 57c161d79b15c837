/**
 * Measures how long the equipment editor of a large event takes to open in Chromium (in-app
 * navigation from /Events until the first 50 rows and the pager show). Not a test: run it against a
 * server on the scale data, e.g.
 *   BASE_URL=http://127.0.0.1:3102 USERNAME=bench@example.com PASSWORD=... EVENT_ID=20000 node e2e/measure-event-editor.ts
 */
import { chromium } from 'playwright-core';

const { BASE_URL = 'http://127.0.0.1:3000', USERNAME = '', PASSWORD = '', EVENT_ID = '', RUNS = '6' } = process.env;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await (await browser.newContext({ baseURL: BASE_URL, viewport: { width: 1280, height: 800 } })).newPage();
await page.goto('/');
await page.locator('input[name=username]').fill(USERNAME);
await page.locator('input[name=password]').fill(PASSWORD);
await page.getByRole('button', { name: 'Sign in' }).click();
await page.waitForURL((url) => url.pathname === '/Events');
const times: number[] = [];
for (let run = 0; run < Number(RUNS); run++) {
  await page.goto('/Events');
  await page.waitForLoadState('networkidle');
  const start = Date.now();
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, `/Events/Edit/${EVENT_ID}/Equipment`);
  await page.getByText(/^1-50 of \d+$/).waitFor({ timeout: 60_000 });
  await page.locator('tr[data-sequence="50"]').waitFor();
  times.push(Date.now() - start);
}
console.log(`opened in (ms): ${times.join(', ')}`);
await browser.close();
