/**
 * Where a phone's first load spends its main thread (issue 26 part 2): loads one page at 375 px with the
 * CPU slowed 4x, signed in, records a Chromium trace, and sums the renderer main thread's own time by
 * kind (script evaluation, JavaScript, style, layout, paint, parsing, other) from navigation start until
 * the first record's identifier (TEXT) is visible, then lists the long tasks before it.
 *
 *   BASE_URL=http://127.0.0.1:3000 PAGE=/Events TEXT=24.11.2026 node_modules/.bin/node scripts/render/trace.mjs
 *
 * Env: BASE_URL, PAGE (/Events), TEXT (the identifier to wait for), USERNAME, PASSWORD, CPU (4),
 * CACHE (cold, or warm: an unmeasured load first; VISITS of them, 1), CHROME_PATH, OUT (keep the trace's JSON there, for
 * Chromium's performance panel), TOP / TOP_TOTAL / PER_TASK (how many functions to list; FROM and TO,
 * ms since navigation start, limit the function lists to a window). The CPU time is the trace's thread
 * time, which with Chromium's CPU slow-down includes the slowed part: compare it between builds only.
 */
import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { signIn } from '../lighthouse/sign-in.mjs';
import { settle } from './settle.mjs';
import { watchFor } from './watch-for.mjs';

const {
  BASE_URL = 'http://127.0.0.1:3000',
  PAGE = '/Events',
  TEXT,
  USERNAME = 'events@demo.example',
  PASSWORD = 'Demo-password-1',
  CPU = '4',
  CACHE = 'cold',
  VISITS = '1',
  CHROME_PATH = '/usr/bin/chromium',
  OUT,
} = process.env;
if (!TEXT) throw new Error('TEXT: the first record identifier to wait for');

const token = await signIn(BASE_URL, USERNAME, PASSWORD);
const browser = await chromium.launch({
  executablePath: CHROME_PATH,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const context = await browser.newContext({ viewport: { width: 375, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
await context.addInitScript(
  ([value, userName]) => {
    localStorage.setItem('portal.token', value);
    localStorage.setItem('portal.userName', userName);
  },
  [token, USERNAME],
);
await context.addInitScript(watchFor, TEXT);
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(CPU) });
for (let visit = 0; CACHE === 'warm' && visit < Number(VISITS); visit++) {
  await page.goto(`${BASE_URL}${PAGE}`);
  await page.waitForFunction(() => window.__firstRow.at !== null, null, { timeout: 60_000 });
  await settle(page);
  await page.goto('about:blank');
}

const events = [];
cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
await cdp.send('Tracing.start', {
  categories: 'devtools.timeline,disabled-by-default-devtools.timeline,blink.user_timing,v8.execute,v8,loading',
  transferMode: 'ReportEvents',
});
await page.goto(`${BASE_URL}${PAGE}`, { waitUntil: 'commit' });
await page.waitForFunction(() => window.__firstRow.at !== null, null, { timeout: 60_000, polling: 100 });
const firstRow = await page.evaluate(() => window.__firstRow.at);
await page.waitForTimeout(300);
const { profile } = await cdp.send('Profiler.stop');
await cdp.send('Tracing.end');
await done;
await browser.close();
if (OUT) writeFileSync(OUT, JSON.stringify({ traceEvents: events }));

// The renderer's main thread of the page: the thread that ran the navigation's ParseHTML.
const navigation = events.findLast(
  (event) => event.name === 'navigationStart' && event.args?.data?.isLoadingMainFrame && event.args.data.documentLoaderURL?.endsWith(PAGE),
);
const main = events.filter(
  (event) => event.pid === navigation.pid && event.tid === navigation.tid && event.ph === 'X' && event.dur !== undefined,
);
const navStart = navigation.ts;
const mark = events.find((event) => event.name === 'first-row')?.ts;
const end = mark ?? navStart + firstRow * 1000;

const kind = (name) => {
  if (
    /^(EvaluateScript|v8\.compile|v8\.compileModule|v8\.evaluateModule|CompileScript|CompileCode|v8\.produceModuleCache|v8\.produceCache|CacheScript|v8\.deserializeOnBackground|v8\.parseOnBackground)/.test(
      name,
    )
  )
    return 'modules (compile, evaluate)';
  if (
    /^(FunctionCall|TimerFire|EventDispatch|RunMicrotasks|v8\.callFunction|FireAnimationFrame|v8\.run|V8\.GC|MajorGC|MinorGC|XHRReadyStateChange|FireIdleCallback|RunTask)/.test(
      name,
    )
  )
    return 'JavaScript';
  if (/^(UpdateLayoutTree|RecalculateStyles|ParseAuthorStyleSheet|ScheduleStyleRecalculation)/.test(name)) return 'style';
  if (/^(Layout|UpdateLayerTree|HitTest)/.test(name)) return 'layout';
  if (/^(Paint|PrePaint|Layerize|CompositeLayers|Commit|UpdateLayer|RasterTask|Decode|ImageDecode|PaintImage)/.test(name)) return 'paint';
  if (/^ParseHTML/.test(name)) return 'HTML';
  return `other`;
};
// Own time of each event (its duration less its children's), by kind, before the first row.
const sorted = main.filter((event) => event.ts < end).sort((a, b) => a.ts - b.ts || b.dur - a.dur);
const own = new Map();
const names = new Map();
const stack = [];
for (const event of sorted) {
  while (stack.length && stack.at(-1).ts + stack.at(-1).dur <= event.ts) stack.pop();
  const parent = stack.at(-1);
  const clipped = Math.min(event.ts + event.dur, end) - event.ts;
  if (parent) parent.self -= clipped;
  event.self = clipped;
  stack.push(event);
}
let total = 0;
for (const event of sorted) {
  if (event.name === 'ThreadControllerImpl::RunTask' || event.name === 'RunTask') continue;
  const key = kind(event.name);
  own.set(key, (own.get(key) ?? 0) + event.self);
  names.set(event.name, (names.get(event.name) ?? 0) + event.self);
  total += event.self;
}
const ms = (us) => Math.round(us / 1000);
// The main thread's CPU time (thread time, not stretched by other processes), top-level tasks only.
const cpu = main
  .filter(
    (event) => (event.name === 'RunTask' || event.name === 'ThreadControllerImpl::RunTask') && event.ts < end && event.tdur !== undefined,
  )
  .reduce((sum, event) => sum + event.tdur, 0);
console.log(
  `${PAGE} (${CACHE}): first row at ${Math.round(firstRow)} ms; main thread busy ${ms(total)} ms before it, ${ms(cpu)} ms of thread time`,
);
for (const [key, value] of [...own].sort((a, b) => b[1] - a[1]))
  console.log(`  ${key.padEnd(28)} ${String(ms(value)).padStart(6)} ms  ${Math.round((100 * value) / total)} %`);
console.log(
  '  top events:',
  [...names]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 12)
    .map(([name, value]) => `${name} ${ms(value)}`)
    .join(', '),
);
const tasks = main.filter(
  (event) => (event.name === 'RunTask' || event.name === 'ThreadControllerImpl::RunTask') && event.ts < end && event.dur > 30_000,
);
console.log('  tasks over 30 ms before the first row (start ms, duration ms, what):');
for (const task of tasks) {
  const inside = main.filter((event) => event.ts >= task.ts && event.ts < task.ts + task.dur && event !== task);
  const parts = new Map();
  for (const event of inside) if (event.self > 0) parts.set(kind(event.name), (parts.get(kind(event.name)) ?? 0) + event.self);
  const urls = [
    ...new Set(
      inside
        .map((event) => event.args?.data?.url ?? event.args?.data?.functionName)
        .filter(Boolean)
        .map((url) => String(url).split('/').pop()),
    ),
  ].slice(0, 4);
  console.log(
    `    ${ms(task.ts - navStart)}  ${ms(task.dur)}  ${[...parts].map(([key, value]) => `${key} ${ms(value)}`).join(', ')}  ${urls.join(' ')}`,
  );
}

// JavaScript by function (own time, CPU profile samples before the first row): which code runs.
{
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const own = new Map();
  const total = new Map();
  const parents = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    at += profile.timeDeltas[index];
    if (at > end) return;
    const since = (at - navStart) / 1000;
    if (process.env.FROM && (since < Number(process.env.FROM) || since > Number(process.env.TO))) return;
    const frame = byId.get(id).callFrame;
    const key = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop()}:${frame.lineNumber + 1}`;
    const delta = profile.timeDeltas[index + 1] ?? 0;
    own.set(key, (own.get(key) ?? 0) + delta);
    const seen = new Set();
    for (let node = byId.get(id); node; node = byId.get(parents.get(node.id))) {
      const name = node.callFrame.functionName;
      if (name && !seen.has(name)) {
        seen.add(name);
        total.set(name, (total.get(name) ?? 0) + delta);
      }
    }
  });
  console.log('  JavaScript by function (own ms):');
  for (const [key, value] of [...own].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 30)))
    console.log(`    ${String(ms(value)).padStart(5)}  ${key}`);
  console.log('  JavaScript by function, with what it calls (ms):');
  for (const [key, value] of [...total].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP_TOTAL ?? 60)))
    console.log(`    ${String(ms(value)).padStart(5)}  ${key}`);
}

// Each long task's components (functions named with a capital, with what they call) and React's phases.
{
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const phases = ['renderRootSync', 'renderRootConcurrent', 'commitRoot', 'flushPassiveEffects', 'flushLayoutEffects', 'evaluate'];
  const tasks = main.filter(
    (event) => (event.name === 'RunTask' || event.name === 'ThreadControllerImpl::RunTask') && event.ts < end && event.dur > 30_000,
  );
  console.log('  long tasks by component (inclusive ms):');
  for (const task of tasks) {
    const total = new Map();
    let at = profile.startTime;
    profile.samples.forEach((id, index) => {
      at += profile.timeDeltas[index];
      if (at < task.ts || at > task.ts + task.dur) return;
      const delta = profile.timeDeltas[index + 1] ?? 0;
      const seen = new Set();
      for (let node = byId.get(id); node; node = byId.get(parents.get(node.id))) {
        const name = node.callFrame.functionName || (node.callFrame.url ? `(module ${node.callFrame.url.split('/').pop()})` : '');
        if (name && !seen.has(name)) {
          seen.add(name);
          total.set(name, (total.get(name) ?? 0) + delta);
        }
      }
    });
    const shown = [...total]
      .filter(([name]) => /^[A-Z]/.test(name) || phases.includes(name) || name.startsWith('(module'))
      .sort((a, b) => b[1] - a[1])
      .slice(0, Number(process.env.PER_TASK ?? 14));
    console.log(`    ${ms(task.ts - navStart)} (${ms(task.dur)} ms): ${shown.map(([name, value]) => `${name} ${ms(value)}`).join(', ')}`);
  }
}
