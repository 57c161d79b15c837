/**
 * First rows on a slowed phone (issue 26 part 2): for each main screen, the time from navigation start
 * until the first record's identifier, taken from the API answer, is visible — at 375 px with the CPU
 * slowed 4x, a signed-in user, a cold cache per load, median of RUNS full loads. Then, on the editor of
 * an event of 2,000 items, the longest task while the person pages to the end, opens an item and scans
 * three chips (target: none over 200 ms), clicking and waiting without Playwright's locators inside a
 * measured step (their queries run on the page's main thread and would count as the editor's). docs/ui.md "First rows on a phone" has the figures.
 *
 *   BASE_URL=http://127.0.0.1:3000 node_modules/.bin/node scripts/render/first-rows.mjs
 *
 * Run it against a server on demo data (`npm start`, or a throwaway DATA_DIR): it adds, once, an event
 * "RENDER-2000" holding 2,000 new unlinked items (a series), and the editor's scans add up to three
 * chipped items to it. Env: BASE_URL, USERNAME (events@demo.example), ADMIN (sysadmin@demo.example, to
 * list chips), PASSWORD (the demo password), RUNS (3), CPU (4), SCREENS (names, comma-separated: all),
 * CHROME_PATH (/usr/bin/chromium), SHOTS (a folder: keep a screenshot of each first row), CACHE (cold:
 * a new browser context per load; warm: an unmeasured load first, as a returning person's phone has the
 * app's files, and what it left running finishes before the measured load: settle.mjs), VISITS (with
 * CACHE=warm, the unmeasured loads before the measured one: 1; at 2 Chromium has also kept the code it
 * compiled, as on a phone that opens the portal every day), LATENCY and DOWN_KBPS (a slowed network as
 * well: round-trip ms and kbit/s down, e.g. 150 and 1600 for a weak 4G signal; 0: not slowed), DEBUG
 * (print each load's requests, ms since navigation start).
 */
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { signIn } from '../lighthouse/sign-in.mjs';
import { settle } from './settle.mjs';
import { watchFor } from './watch-for.mjs';

const {
  BASE_URL = 'http://127.0.0.1:3000',
  USERNAME = 'events@demo.example',
  ADMIN = 'sysadmin@demo.example',
  PASSWORD = 'Demo-password-1',
  RUNS = '3',
  CPU = '4',
  SCREENS,
  CHROME_PATH = '/usr/bin/chromium',
  SHOTS,
  CACHE = 'cold',
  VISITS = '1',
  LATENCY = '0',
  DOWN_KBPS = '0',
  DEBUG,
} = process.env;
const BIG_EVENT = 'RENDER-2000';
const BIG_SIZE = 2000;

const token = await signIn(BASE_URL, USERNAME, PASSWORD);
async function api(path, init = {}, bearer = token) {
  const response = await fetch(`${BASE_URL}/api${path}`, {
    ...init,
    headers: { authorization: `Bearer ${bearer}`, ...(init.body && { 'content-type': 'application/json' }), ...init.headers },
  });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? null : response.json();
}
const dotted = (isoDate) => isoDate.split('-').reverse().join('.');

/** The list's biggest record but ours (the demo has a certificate and an event of 320 items). */
async function biggest(path, sort) {
  const page = await api(`${path}?page=0&pageSize=200&sort=${sort}&direction=desc`);
  const theirs = page.items.filter((item) => item.documentNo !== BIG_EVENT);
  return theirs.reduce((best, item) => (item.itemCount > best.itemCount ? item : best));
}

/** The event of 2,000 items the editor is measured on, made once from the 320-item event's rig and project. */
async function bigEvent(model) {
  const found = await api(`/Events?page=0&pageSize=50&sort=eventDate&direction=desc&search=${BIG_EVENT}`);
  const existing = found.items.find((event) => event.documentNo === BIG_EVENT);
  if (existing) return existing.id;
  const details = await api(`/Events/${model.id}/Details`);
  const created = await api('/Events', {
    method: 'POST',
    headers: { 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify({
      type: details.type.id,
      rig: details.rig.id,
      referenceNo: details.referenceNo.id,
      eventDate: new Date().toISOString().slice(0, 10),
      documentNo: BIG_EVENT,
      comment: 'Made by scripts/render/first-rows.mjs to measure the editor with 2,000 items',
    }),
  });
  await api(`/EventComponents/${created.id}/series`, {
    method: 'POST',
    body: JSON.stringify({ numberFrom: '0001', numberTo: String(BIG_SIZE), prefix: 'RENDER-', postFix: '' }),
  });
  return created.id;
}

const certificate = await biggest('/Certificates', 'id');
const event = await biggest('/Events', 'eventDate');
const bigId = await bigEvent(event);
const firstItem = async (id) => (await api(`/EventComponents/${id}/GetChipsForEdit`)).items[0].stampedId;
const catalogue = await api('/Report/catalogue');
const generalOwner = catalogue.find((owner) => owner.types.length) ?? catalogue[0];
const generalType = generalOwner.types[0];

/** Each screen: its path and the identifier its first row shows, read from the same API answer. */
const screens = [
  {
    name: 'events list',
    path: '/Events',
    first: async () => dotted((await api('/Events?page=0&pageSize=50&sort=eventDate&direction=desc')).items[0].eventDate),
  },
  {
    name: 'certificates list',
    path: '/Certificates',
    first: async () => (await api('/Certificates?page=0&pageSize=50&sort=id&direction=desc')).items[0].certificateNumber,
  },
  {
    name: `certificate of ${certificate.itemCount} items`,
    path: `/Certificates/${certificate.id}`,
    first: async () => (await api(`/Certificates/${certificate.id}`)).equipment[0].stampedId,
  },
  {
    name: `event detail, ${event.itemCount} items`,
    path: `/Events/${event.id}`,
    first: async () => (await api(`/Events/${event.id}/chips?page=0&pageSize=50`)).items[0].stampedId,
  },
  { name: `event editor, ${event.itemCount} items`, path: `/Events/Edit/${event.id}/Equipment`, first: () => firstItem(event.id) },
  {
    name: `event detail, ${BIG_SIZE} items`,
    path: `/Events/${bigId}`,
    first: async () => (await api(`/Events/${bigId}/chips?page=0&pageSize=50`)).items[0].stampedId,
  },
  { name: `event editor, ${BIG_SIZE} items`, path: `/Events/Edit/${bigId}/Equipment`, first: () => firstItem(bigId) },
  {
    name: 'inspection due',
    path: '/Reports/Due',
    first: async () => (await api('/Reports/Due?Page=0&PageSize=50')).items[0].stampedId,
  },
  {
    name: 'General report',
    path: `/Reports/General?owner=${generalOwner.id}&type=${generalType.id}`,
    first: async () =>
      String(
        (
          await api(`/Report/general/${generalOwner.id}`, {
            method: 'POST',
            body: JSON.stringify({ ownerType: generalType.id, subType: null, dimension: null, page: 0, pageSize: 50 }),
          })
        ).rows[0].stampedId,
      ),
  },
].filter((screen) => !SCREENS || SCREENS.split(',').some((name) => screen.name.startsWith(name)));

const browser = await chromium.launch({
  executablePath: CHROME_PATH,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});

/** A new phone-sized context with a cold cache, signed in as the login form signs in, CPU slowed. */
async function phonePage(text) {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  await context.addInitScript(
    ([value, userName]) => {
      localStorage.setItem('portal.token', value);
      localStorage.setItem('portal.userName', userName);
    },
    [token, USERNAME],
  );
  await context.addInitScript(watchFor, text);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(CPU) });
  if (Number(LATENCY) || Number(DOWN_KBPS)) {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: Number(LATENCY),
      downloadThroughput: (Number(DOWN_KBPS) * 1024) / 8 || -1,
      uploadThroughput: -1,
    });
  }
  return { context, page };
}

/** One full load of the screen; with CACHE=warm the context keeps the files of an unmeasured first load. */
async function firstRow(screen, run, warm) {
  const text = await screen.first();
  const { context, page } = await phonePage(text);
  try {
    if (warm)
      for (let visit = 0; visit < Number(VISITS); visit++) {
        await load(page, screen);
        await settle(page);
      }
    const found = await load(page, screen);
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/${screen.name.replace(/[^a-z0-9]+/gi, '-')}-${run}.png` });
    }
    return found;
  } finally {
    await context.close();
  }
}
async function load(page, screen) {
  await page.goto(`${BASE_URL}${screen.path}`, { waitUntil: 'commit' });
  await page.waitForFunction(() => window.__firstRow.at !== null, null, { timeout: 60_000, polling: 250 });
  const found = await page.evaluate(() => ({
    ...window.__firstRow,
    requests: performance
      .getEntriesByType('resource')
      .map((entry) => `${new URL(entry.name).pathname} ${Math.round(entry.startTime)}-${Math.round(entry.responseEnd)}`),
  }));
  if (DEBUG) console.log(screen.name, Math.round(found.at), found.requests.join(', '));
  return found;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const seconds = (ms) => (ms / 1000).toFixed(2);
const results = [];
try {
  for (const screen of screens) {
    const times = [];
    for (let run = 1; run <= Number(RUNS); run++) times.push((await firstRow(screen, run, CACHE === 'warm')).at);
    results.push({ screen: screen.name, times, median: median(times) });
    console.log(`${screen.name.padEnd(30)} ${times.map(seconds).join('  ')}  median ${seconds(median(times))} s`);
  }

  if (!SCREENS || SCREENS.includes('scans')) {
    // The 2,000-item editor in use: scroll, page to the end, open the last item and close it, scan three
    // chips, which adds their items to the event.
    const admin = await signIn(BASE_URL, ADMIN, PASSWORD);
    const chips = (await api('/Chips/Chips?pageSize=3', {}, admin)).items;
    // Every run's scans add their three items, as a person's do: an earlier run's are taken out first.
    const scanned = new Set(chips.map((chip) => chip.stampedId));
    for (const item of (await api(`/EventComponents/${bigId}/GetChipsForEdit`)).items)
      if (scanned.has(item.stampedId)) await api(`/EventComponents/${bigId}/component/${item.id}`, { method: 'DELETE' });
    const { context, page } = await phonePage(await firstItem(bigId));
    try {
      // As on a phone that has opened the editor before: the app's files and its service worker are in,
      // and nothing the first visit started (the worker's install of the app's files) is still running.
      for (let visit = 0; visit < 2; visit++) {
        await page.goto(`${BASE_URL}/Events/Edit/${bigId}/Equipment`);
        await page.waitForFunction(() => window.__firstRow.at !== null, null, { timeout: 60_000 });
        await settle(page);
      }
      // The longest task of each step, and of them all. A step acts as a person does, with the mouse and
      // the keyboard at places found before the step: Playwright's locators run their role and text
      // queries on the page's own main thread (at 4x, 70-120 ms over the whole document), which the
      // longest task would otherwise count as the editor's. It waits with a plain check of the text.
      const steps = {};
      const step = async (name, action) => {
        await page.evaluate(() => {
          window.__firstRow.longest = 0;
        });
        await action();
        await page.waitForTimeout(1500);
        steps[name] = Math.round(await page.evaluate(() => window.__firstRow.longest));
      };
      // Where a control is once the rows have stopped arriving (the table is busy until its last step).
      const centre = async (locator) => {
        await page.waitForFunction(() => !document.querySelector('[aria-busy=true]'), null, { polling: 100 });
        await locator.scrollIntoViewIfNeeded();
        const box = await locator.boundingBox();
        return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      };
      const click = ({ x, y }) => page.mouse.click(x, y);
      const shows = (selector, texts) =>
        page.waitForFunction(
          ([selector, texts]) => texts.every((text) => document.querySelector(selector)?.textContent.includes(text)),
          [selector, texts],
          { timeout: 30_000, polling: 100 },
        );
      await step('scroll', async () => {
        for (let wheel = 0; wheel < 10; wheel++) await page.mouse.wheel(0, 600);
      });
      const lastPage = page.getByRole('button', { name: /^\d+$/ }).last();
      const lastPageButton = await centre(lastPage);
      const { items } = await api(`/EventComponents/${bigId}/GetChipsForEdit`);
      const lastPageFirst = items[(Number(await lastPage.textContent()) - 1) * 50].stampedId; // 50 rows a page (ITEMS_PAGE_SIZE)
      await step('last page', async () => {
        await click(lastPageButton);
        await shows('tbody', [lastPageFirst]);
      });
      const lastRow = await centre(page.locator('tbody tr').last());
      await step('open an item', async () => {
        await click(lastRow);
        await page.waitForFunction(() => document.querySelector('[role=dialog]'), null, { polling: 100 });
      });
      await step('close it', () => page.keyboard.press('Escape'));
      const scanTab = await centre(page.getByRole('tab', { name: 'Scan chips' }));
      await step('scan chips tab', () => click(scanTab));
      const scanMode = await centre(page.getByText('Scan mode', { exact: true }));
      await step('scan mode on', async () => {
        await click(scanMode);
        await shows('body', ['Ready to scan']);
      });
      await step('three scans', async () => {
        await page.keyboard.type(chips.map((chip) => chip.chipId).join(''), { delay: 10 });
        await shows(
          '[role=log]',
          chips.map((chip) => chip.stampedId),
        );
        await page.waitForTimeout(3000); // the refresh once scanning pauses (1.3 s) is part of the work
      });
      const longest = Math.max(...Object.values(steps));
      results.push({ screen: 'editor in use, 2,000 items', longestTaskMs: longest, steps });
      console.log(`${'editor in use, longest task'.padEnd(30)} ${longest} ms (${JSON.stringify(steps)})`);
    } finally {
      await context.close();
    }
  }
} finally {
  await browser.close();
}
console.log(JSON.stringify({ baseUrl: BASE_URL, cpuSlowdown: Number(CPU), runs: Number(RUNS), results }));
