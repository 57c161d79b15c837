/**
 * Lighthouse (mobile preset) on the login page and on /Events signed in, as issue 12's done-when
 * measures them. Lighthouse is not a dependency of the project: install it outside the repository and
 * point LIGHTHOUSE_DIR at it (docs/ui.md "Measuring the first paint"):
 *   mkdir -p /tmp/lighthouse && (cd /tmp/lighthouse && npm init -y && npm install lighthouse)
 *   BASE_URL=http://127.0.0.1:3000 node scripts/lighthouse/run.mjs
 * Env: LIGHTHOUSE_DIR (/tmp/lighthouse), BASE_URL, USERNAME (events@demo.example), PASSWORD (the demo
 * password), RUNS per page (3), CHROME_PATH (/usr/bin/chromium), PAGES (login,/Events: which pages),
 * BASE_URLS (several servers, e.g. main's build and a branch's, measured in turn within each run;
 * BASE_URL is then ignored), REPORT_DIR (keep each run's JSON report there). Prints one line per run
 * and the medians.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { signIn } from './sign-in.mjs';

const {
  LIGHTHOUSE_DIR = '/tmp/lighthouse',
  BASE_URL = 'http://127.0.0.1:3000',
  USERNAME = 'events@demo.example',
  PASSWORD = 'Demo-password-1',
  RUNS = '3',
  CHROME_PATH = '/usr/bin/chromium',
  PAGES = 'login,/Events',
  BASE_URLS = BASE_URL,
  REPORT_DIR,
} = process.env;
const baseUrls = BASE_URLS.split(',');
if (REPORT_DIR) mkdirSync(REPORT_DIR, { recursive: true });

const require = createRequire(path.join(path.resolve(LIGHTHOUSE_DIR), 'package.json'));
const { default: lighthouse } = await import(require.resolve('lighthouse'));
const chromeLauncher = await import(require.resolve('chrome-launcher'));
const puppeteer = (await import(require.resolve('puppeteer-core'))).default;

const tokens = new Map();
for (const baseUrl of baseUrls) tokens.set(baseUrl, await signIn(baseUrl, USERNAME, PASSWORD));

const chrome = await chromeLauncher.launch({
  chromePath: CHROME_PATH,
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });

/** Puts the session in the origin's local storage (as the login form does), or takes it out. */
async function session(baseUrl, signedIn) {
  const page = await browser.newPage();
  await page.goto(`${baseUrl}/`);
  await page.evaluate(
    (value, userName) => {
      if (value) {
        localStorage.setItem('portal.token', value);
        localStorage.setItem('portal.userName', userName);
      } else localStorage.clear();
    },
    signedIn ? tokens.get(baseUrl) : null,
    USERNAME,
  );
  await page.close();
}

const wanted = PAGES.split(',');
const pages = baseUrls.flatMap((baseUrl) =>
  [
    { name: 'login', path: '/', signedIn: false },
    { name: '/Events', path: '/Events', signedIn: true },
  ]
    .filter((target) => wanted.includes(target.name))
    .map((target) => ({ ...target, baseUrl, name: baseUrls.length > 1 ? `${baseUrl} ${target.name}` : target.name })),
);
const results = [];
try {
  for (let run = 1; run <= Number(RUNS); run++) {
    for (const target of pages) {
      await session(target.baseUrl, target.signedIn);
      const { lhr, report } = await lighthouse(`${target.baseUrl}${target.path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        disableStorageReset: true,
      });
      if (REPORT_DIR) {
        const file = `${target.name.replace(/[^a-z0-9]+/gi, '_')}-run${run}.json`;
        writeFileSync(path.join(REPORT_DIR, file), report);
      }
      if (lhr.runtimeError || lhr.audits['cumulative-layout-shift'].numericValue === undefined) {
        // A failed run (e.g. NO_NAVSTART, a trace Lighthouse could not read) is reported and left out of the medians.
        const failed = Object.values(lhr.audits).find((audit) => audit.errorMessage);
        console.log(`run ${run} ${target.name} failed: ${lhr.runtimeError?.message ?? failed?.errorMessage ?? 'no metrics'}`);
        continue;
      }
      const score = (id) => Math.round((lhr.categories[id].score ?? 0) * 100);
      const ms = (id) => Math.round(lhr.audits[id].numericValue);
      const row = {
        page: target.name,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        fcp: ms('first-contentful-paint'),
        lcp: ms('largest-contentful-paint'),
        tbt: ms('total-blocking-time'),
        cls: Number(lhr.audits['cumulative-layout-shift'].numericValue.toFixed(3)),
      };
      results.push(row);
      console.log(`run ${run} ${JSON.stringify(row)}`);
    }
  }
} finally {
  await browser.disconnect();
  chrome.kill();
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
for (const target of pages) {
  const rows = results.filter((row) => row.page === target.name);
  if (!rows.length) continue;
  const medians = Object.fromEntries(
    Object.keys(rows[0])
      .slice(1)
      .map((key) => [key, median(rows.map((row) => row[key]))]),
  );
  console.log(`median ${target.name} ${JSON.stringify(medians)}`);
}
