import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page, type Request } from 'playwright-core';
import { expect } from 'vitest';
import { server } from './server.ts';

export const DEMO_PASSWORD = 'Demo-password-1';
export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '..', 'screenshots');

/**
 * The server allows 20 logins a minute per client address. Each journey file therefore talks to the
 * server from its own loopback address (127.0.0.2-254, all local on Linux), like separate users
 * would, so that files running back to back do not use up one shared allowance.
 */
export function baseUrl(): string {
  const url = new URL(server().baseUrl);
  const file = expect.getState().testPath ?? String(process.pid);
  let hash = 0;
  for (const char of file) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  url.hostname = `127.0.0.${2 + (hash % 253)}`;
  return url.origin;
}

/** Chromium as the journeys run it; `extraArgs` adds switches (a host name mapped to the test server). */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

/** A fresh context (own local storage) at the given width; the base URL is the test server. */
export async function newContext(
  browser: Browser,
  width = 1280,
  height = 800,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width, height }, ...options });
  trackRequests(context);
  return context;
}

/** The pages' requests still in flight, per context made by newContext (settle() waits for none). */
const requestsInFlight = new WeakMap<BrowserContext, Set<Request>>();

function trackRequests(context: BrowserContext) {
  const inFlight = new Set<Request>();
  // A service worker's own requests (its install) are not the page's: networkidle does not wait for them either.
  context.on('request', (request) => request.serviceWorker() || inFlight.add(request));
  context.on('requestfinished', (request) => inFlight.delete(request));
  context.on('requestfailed', (request) => inFlight.delete(request));
  requestsInFlight.set(context, inFlight);
}

/**
 * How long no request may be in flight before the network counts as quiet. Playwright's networkidle
 * waits 500 ms, a third of the journeys' time at each screen (docs/performance.md, "The journeys'
 * waits"); a page that is still fetching or loading code shows so (settle's busy check).
 */
const QUIET_MS = 150;

/** Resolves once no request of the page's context has been in flight for QUIET_MS. */
export async function networkQuiet(page: Page): Promise<void> {
  const inFlight = requestsInFlight.get(page.context());
  if (!inFlight) return page.waitForLoadState('networkidle');
  await page.waitForLoadState('load');
  const deadline = Date.now() + 30_000;
  let quietSince = Date.now();
  for (;;) {
    const now = Date.now();
    if (inFlight.size > 0) quietSince = now;
    else if (now - quietSince >= QUIET_MS) return;
    if (now > deadline) throw new Error(`Requests in flight for 30 s: ${[...inFlight].map((request) => request.url()).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export interface SignInOptions {
  password?: string;
  /** The page the user lands on after signing in. */
  home?: string;
}

/** Fills in and sends the login form, without waiting for the answer (signIn waits). */
export async function submitLogin(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  await expectAccessible(page);
  await page.locator('input[name=username]').fill(username);
  await page.locator('input[name=password]').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in through the login page and waits until the user has landed on their home page. */
export async function signIn(page: Page, username: string, { password, home = '/Events' }: SignInOptions = {}): Promise<void> {
  await submitLogin(page, username, password);
  await expectPath(page, home);
}

/** A page in a fresh context (see newContext), signed in as the user; close it with page.context().close(). */
export async function signedInPage(
  browser: Browser,
  username: string,
  { width, height, ...options }: SignInOptions & { width?: number; height?: number } = {},
): Promise<Page> {
  const context = await newContext(browser, width, height);
  const page = await context.newPage();
  await signIn(page, username, options);
  return page;
}

/** Waits for the client-side router to reach the path (works in hooks too, unlike expect.poll). */
export async function expectPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname, { timeout: 15_000 });
}

/**
 * Waits until the page has stopped loading: no request in flight and no busy table or loader. Every
 * settled screen is also checked for accessibility (expectAccessible).
 */
export async function settle(page: Page): Promise<void> {
  await networkQuiet(page);
  await page.waitForFunction(
    () => !document.querySelector('[role="status"], [aria-busy="true"], .mantine-datatable-loader-fetching'),
    undefined,
    { timeout: 15_000 },
  );
  await expectAccessible(page);
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** Screens already checked in this file's run, by address and width: each is checked once. */
const checkedScreens = new Set<string>();

/**
 * axe-core on the screen as it is now: no serious or critical violation (docs/ui.md). Journeys call it
 * through settle() and screenshot(), so every screen they visit is checked, at each width they use.
 */
export async function expectAccessible(page: Page, { within }: { within?: string } = {}): Promise<void> {
  const { pathname } = new URL(page.url());
  const key = `${pathname}${within ? ` (${within})` : ''} at ${page.viewportSize()?.width ?? 0} px`;
  if (checkedScreens.has(key)) return;
  checkedScreens.add(key);
  // A closing menu or toast is half there; check the screen once they have finished.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]),
  );
  // Evaluated through the browser's debugging protocol, which the page's CSP does not govern.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  // `within`: only that part (a full-screen dialog: axe takes what it covers for text on the dialog's background).
  const violations = await page.evaluate(async (selector) => {
    const { axe } = window as unknown as {
      axe: { run: (context: Document | { include: string[][] }, options: object) => Promise<{ violations: AxeViolation[] }> };
    };
    type AxeViolation = { id: string; impact?: string; help: string; nodes: { target: string[] }[] };
    const result = await axe.run(selector ? { include: [[selector]] } : document, { resultTypes: ['violations'] });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) =>
          `${violation.impact} ${violation.id} (${violation.help}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );
  }, within);
  expect(violations, `axe on ${key}`).toEqual([]);
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await expectAccessible(page);
  await takePicture(page, path.join(SCREENSHOT_DIR, `${name}.png`), false);
}

/** Pictures for people to look at while building a screen (in `.tmp/`, not the screenshots/ set). */
export const PICTURE_DIR = path.resolve(import.meta.dirname, '..', '.tmp', 'screenshots');

export async function picture(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  await takePicture(page, path.join(PICTURE_DIR, `${name}.png`), options.fullPage ?? false);
}

async function takePicture(page: Page, file: string, fullPage: boolean): Promise<void> {
  mkdirSync(path.dirname(file), { recursive: true });
  // Let transitions (the table's loading fade, menus, toasts) finish so the picture shows the page
  // as a user sees it once it has settled.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]),
  );
  await page.screenshot({ path: file, fullPage });
}

/** No page may scroll sideways (UI.md: tables scroll inside their own box). */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}
