/**
 * Blocking time of /Events in Chromium itself, steadier than Lighthouse on a busy machine. A 375 px
 * page, signed in, assets cached by a first load; each load is traced and every main-thread task
 * counted by its thread (CPU) time times 4, as Lighthouse's mobile preset simulates a 4x slower CPU:
 * other processes' load stretches a task's wall time but not its CPU time. Per load: the sum of those
 * tasks beyond 50 ms from the first contentful paint until the rows have shown and the page is idle
 * (Lighthouse's total blocking time), and the longest task. Several servers (e.g. main's build and a
 * branch's) are measured in turn:
 *   BASE_URLS=http://127.0.0.1:4610,http://127.0.0.1:4611 RUNS=7 node scripts/lighthouse/blocking.mjs
 * Env: BASE_URLS, PAGE (/Events), USERNAME, PASSWORD, RUNS (7), WIDTH (375), CHROME_PATH.
 */
import { chromium } from 'playwright-core';
import { signIn } from './sign-in.mjs';

const {
  BASE_URLS = 'http://127.0.0.1:3000',
  PAGE = '/Events',
  USERNAME = 'events@demo.example',
  PASSWORD = 'Demo-password-1',
  RUNS = '7',
  WIDTH = '375',
  CHROME_PATH = '/usr/bin/chromium',
} = process.env;

const browser = await chromium.launch({
  executablePath: CHROME_PATH,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});

async function signedInPage(baseURL) {
  const token = await signIn(baseURL, USERNAME, PASSWORD);
  const context = await browser.newContext({ baseURL, viewport: { width: Number(WIDTH), height: 800 }, isMobile: true });
  await context.addInitScript(
    ([value, userName]) => {
      localStorage.setItem('portal.token', value);
      localStorage.setItem('portal.userName', userName);
    },
    [token, USERNAME],
  );
  const page = await context.newPage();
  await page.goto(PAGE);
  await page.locator('table[aria-busy="false"] tbody tr').first().waitFor({ timeout: 60_000 });
  return page;
}

const SLOWDOWN = 4;

async function measure(page) {
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading'] });
  await page.goto(PAGE);
  await page.locator('table[aria-busy="false"] tbody tr').first().waitFor({ timeout: 60_000 });
  await page.waitForTimeout(3000);
  const { traceEvents } = JSON.parse((await browser.stopTracing()).toString());
  const main = new Set(
    traceEvents.filter((e) => e.name === 'thread_name' && e.args.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`),
  );
  const fcp = traceEvents.find((e) => e.name === 'firstContentfulPaint');
  const tasks = traceEvents
    .filter((e) => e.name === 'RunTask' && e.ph === 'X' && main.has(`${e.pid}:${e.tid}`) && e.ts >= (fcp?.ts ?? 0))
    .map((e) => (SLOWDOWN * (e.tdur ?? e.dur)) / 1000);
  if (process.env.DEBUG) {
    const own = traceEvents.filter((e) => e.ph === 'X' && main.has(`${e.pid}:${e.tid}`));
    for (const task of own.filter((e) => e.name === 'RunTask' && e.ts >= (fcp?.ts ?? 0) && SLOWDOWN * (e.tdur ?? e.dur) > 50000)) {
      const parts = {};
      for (const e of own)
        if (
          e !== task &&
          e.ts >= task.ts &&
          e.ts + e.dur <= task.ts + task.dur &&
          [
            'FunctionCall',
            'EvaluateScript',
            'v8.evaluateModule',
            'UpdateLayoutTree',
            'Layout',
            'Paint',
            'PrePaint',
            'Layerize',
            'ParseHTML',
            'TimerFire',
            'EventDispatch',
            'FireAnimationFrame',
            'ResizeObserver',
            'RunMicrotasks',
          ].includes(e.name)
        )
          parts[e.name] = (parts[e.name] ?? 0) + (SLOWDOWN * (e.tdur ?? e.dur)) / 1000;
      console.log(
        `  task ${Math.round((SLOWDOWN * (task.tdur ?? task.dur)) / 1000)} at +${Math.round((task.ts - fcp.ts) / 1000)}:`,
        Object.entries(parts)
          .map(([k, v]) => `${k} ${Math.round(v)}`)
          .join(', '),
      );
    }
  }
  return {
    blocking: Math.round(tasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0)),
    longest: Math.round(Math.max(0, ...tasks)),
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : Math.round((sorted[middle - 1] + sorted[middle]) / 2);
};

const urls = BASE_URLS.split(',');
const pages = [];
for (const url of urls) pages.push(await signedInPage(url));
const results = urls.map(() => []);
for (let run = 1; run <= Number(RUNS); run++) {
  for (const [index, page] of pages.entries()) {
    const result = await measure(page);
    results[index].push(result);
    console.log(`run ${run} ${urls[index]} blocking ${result.blocking} ms, longest ${result.longest} ms`);
  }
}
for (const [index, url] of urls.entries()) {
  const runs = results[index];
  const blocking = runs.map((r) => r.blocking);
  console.log(
    `median ${url}: blocking ${median(blocking)} ms (runs ${Math.min(...blocking)}-${Math.max(...blocking)}), longest ${median(runs.map((r) => r.longest))} ms`,
  );
}
await browser.close();
