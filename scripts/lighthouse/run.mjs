/**
 * Lighthouse (mobile preset) on the login page and on /Events signed in, as issue 12's done-when
 * measures them. Lighthouse is not a dependency of the project: install it outside the repository and
 * point LIGHTHOUSE_DIR at it (docs/ui.md "Measuring the first paint"):
 *   mkdir -p /tmp/lighthouse && (cd /tmp/lighthouse && npm init -y && npm install lighthouse)
 *   BASE_URL=http://127.0.0.1:3000 node scripts/lighthouse/run.mjs
 * Env: LIGHTHOUSE_DIR (/tmp/lighthouse), BASE_URL, USERNAME (events@demo.example), PASSWORD (the demo
 * password), RUNS per page (3), CHROME_PATH (/usr/bin/chromium). Prints one line per run and the medians.
 */
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
} = process.env;

const require = createRequire(path.join(path.resolve(LIGHTHOUSE_DIR), 'package.json'));
const { default: lighthouse } = await import(require.resolve('lighthouse'));
const chromeLauncher = await import(require.resolve('chrome-launcher'));
const puppeteer = (await import(require.resolve('puppeteer-core'))).default;

const token = await signIn(BASE_URL, USERNAME, PASSWORD);

const chrome = await chromeLauncher.launch({
  chromePath: CHROME_PATH,
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });

/** Puts the session in the origin's local storage (as the login form does), or takes it out. */
async function session(signedIn) {
  const page = await browser.newPage();
  await page.goto(`${BASE_URL}/`);
  await page.evaluate(
    (value, userName) => {
      if (value) {
        localStorage.setItem('portal.token', value);
        localStorage.setItem('portal.userName', userName);
      } else localStorage.clear();
    },
    signedIn ? token : null,
    USERNAME,
  );
  await page.close();
}

const pages = [
  { name: 'login', url: `${BASE_URL}/`, signedIn: false },
  { name: '/Events', url: `${BASE_URL}/Events`, signedIn: true },
];
const results = [];
try {
  for (let run = 1; run <= Number(RUNS); run++) {
    for (const target of pages) {
      await session(target.signedIn);
      const { lhr } = await lighthouse(target.url, { port: chrome.port, output: 'json', logLevel: 'error', disableStorageReset: true });
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
  const medians = Object.fromEntries(
    Object.keys(rows[0])
      .slice(1)
      .map((key) => [key, median(rows.map((row) => row[key]))]),
  );
  console.log(`median ${target.name} ${JSON.stringify(medians)}`);
}
