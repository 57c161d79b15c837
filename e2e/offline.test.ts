/**
 * Offline (issue 29 part 1, decision 078): an event's equipment editor opened once online opens again
 * after a reload with no network, with its items, their statuses and the type's statuses as last
 * seen and the offline banner (changes made then: e2e/offline-queue.test.ts); Cache Storage holds the app shell and never an API answer; another
 * user's session on the same device reaches none of it.
 */
import type { EventEquipmentDetails, EventItemsForEdit, EventPage } from '@portal/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAuthorization } from './api.ts';
import { baseUrl, expectAccessible, launchBrowser, picture, settle, signedInPage, signIn } from './browser.ts';

let authorization: string;
let eventId: number;

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${baseUrl()}/api${path}`, { headers: { authorization } });
  if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
  return (await response.json()) as T;
}

/** Every URL in every Cache Storage cache of the page's origin. */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    return urls;
  });

/** The keys of the offline store's events ([userId, eventId]), read in the page. */
const keptEvents = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<unknown[]>((resolve, reject) => {
        const open = indexedDB.open('portal-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('events')) return resolve([]);
          const keys = db.transaction('events').objectStore('events').getAllKeys();
          keys.onsuccess = () => resolve(keys.result as unknown[]);
          keys.onerror = () => reject(keys.error);
        };
      }),
  );

describe('the event equipment editor without a network', () => {
  let browser: Browser;
  let page: Page;
  let header: EventEquipmentDetails;
  let rows: EventItemsForEdit;
  let userId: number;

  beforeAll(async () => {
    authorization = await apiAuthorization('events@demo.example');
    // An event with items, not among the newest (other journeys change those).
    const list = await api<EventPage>('/Events?page=2&pageSize=10');
    for (const event of list.items) {
      const answer = await api<EventItemsForEdit>(`/EventComponents/${event.id}/GetChipsForEdit`);
      if (answer.items.some((item) => item.statusId !== null && !item.anotherOwner)) {
        eventId = event.id;
        rows = answer;
        break;
      }
    }
    if (!eventId) throw new Error('No demo event on page 2 has an item with a status');
    header = await api<EventEquipmentDetails>(`/EventComponents/${eventId}/equipmentDetails`);
    userId = (await api<{ id: number }>('/Account/CurrentUser')).id;
    browser = await launchBrowser();
    page = await signedInPage(browser, 'events@demo.example', { width: 390, height: 844 });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('opens the editor online: the service worker takes the page and the event is kept for this user', async () => {
    // Whether the first item showed when the page registered its worker (whose copy of the app, some
    // 450 KB, waits for the editor's rows: on a weak signal it would share the line with them).
    await page.addInitScript((first) => {
      const container = navigator.serviceWorker;
      const register = container.register.bind(container);
      container.register = (...args) => {
        Object.assign(window, { rowsBeforeWorker: document.body.textContent?.includes(first) });
        return register(...args);
      };
    }, rows.items[0].stampedId);
    // The rows come a second after the rest, as on a weak signal: the editor is up before them.
    const slowRows = '**/api/EventComponents/*/GetChipsForEdit';
    await page.route(slowRows, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await page.goto(`/Events/Edit/${eventId}/Equipment`);
    await page.getByRole('table', { name: 'Event equipment' }).waitFor();
    await page.getByText(rows.items[0].stampedId).first().waitFor();
    await page.unroute(slowRows);
    await settle(page);
    // The worker installs its shell, then claims the open page.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    expect(await page.evaluate(() => (window as { rowsBeforeWorker?: boolean }).rowsBeforeWorker)).toBe(true);
    await expect.poll(() => keptEvents(page)).toEqual([[userId, eventId]]);
    expect(await page.getByText('Offline work needs HTTPS').count()).toBe(0);
  });

  it('keeps only the app shell in Cache Storage, never an API answer', async () => {
    const urls = await cachedUrls(page);
    expect(urls).toContain(`${baseUrl()}/index.html`);
    expect(urls.some((url) => url.includes('/assets/'))).toBe(true);
    expect(urls.filter((url) => new URL(url).pathname.startsWith('/api'))).toEqual([]);
    // The answers the editor read say so themselves.
    const answer = await fetch(`${baseUrl()}/api/EventComponents/${eventId}/GetChipsForEdit`, { headers: { authorization } });
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it('after a reload with no network shows the items, their statuses and the type statuses as last seen', async () => {
    await page.context().setOffline(true);
    const response = await page.reload();
    // The page came from the worker's shell: the network is cut for the page and for the worker.
    expect(response?.fromServiceWorker()).toBe(true);
    expect(
      await page.evaluate(() =>
        fetch('/api/health').then(
          () => 'answered',
          () => 'failed',
        ),
      ),
    ).toBe('failed');
    const banner = page.getByRole('status', { name: 'Offline, 0 changes waiting' });
    await banner.waitFor();
    await banner.getByText(/Showing this event as last seen online on \d\d\.\d\d\.\d{4}/).waitFor();
    await banner.getByText(/Changes made here are kept on this device/).waitFor();
    const table = page.getByRole('table', { name: 'Event equipment' });
    await table.waitFor();
    const first = rows.items.find((item) => item.statusId !== null && !item.anotherOwner);
    if (!first) throw new Error('unreachable: chosen for a status');
    await table.getByText(first.stampedId).first().waitFor();
    // The row's status select shows its status, chosen from the type's statuses as last seen.
    const select = page.getByRole('combobox', { name: `Status of ${first.stampedId}` });
    expect(await select.inputValue()).toBe(String(first.statusId));
    // Statuses change offline (kept on the device, decision 083; e2e/offline-queue.test.ts).
    expect(await select.isDisabled()).toBe(false);
    const options = await select.locator('option').allTextContents();
    for (const status of header.statuses) expect(options).toContain(status.name);
    // Only scans add offline; the other ways of adding need the server.
    expect(await page.getByRole('tab', { name: 'Stamped id' }).isDisabled()).toBe(true);
    expect(await page.getByRole('tab', { name: 'Scan chips' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('button', { name: 'Set on all' }).count()).toBe(0);
    await expectAccessible(page);
    await picture(page, 'offline-editor-390');
  });

  it('still holds no API answer in Cache Storage after the offline reload', async () => {
    const urls = await cachedUrls(page);
    expect(urls.filter((url) => new URL(url).pathname.startsWith('/api'))).toEqual([]);
  });

  it('when the network returns, the editor is live again without a reload', async () => {
    await page.context().setOffline(false);
    // The other ways of adding work again; Scan chips stays chosen, so a reconciling session goes on (decision 086).
    await expect.poll(() => page.getByRole('tab', { name: 'Stamped id' }).isDisabled()).toBe(false);
    expect(await page.getByRole('tab', { name: 'Scan chips' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('status', { name: 'Offline, 0 changes waiting' }).count()).toBe(0);
    await settle(page);
  });

  it('another user signed in on the same device sees none of it', async () => {
    await page.context().setOffline(false);
    const other = (await apiAuthorization('sysadmin@demo.example')).replace('Bearer ', '');
    await page.evaluate((token) => localStorage.setItem('portal.token', token), other);
    await page.context().setOffline(true);
    await page.reload();
    await page.getByText('Your account could not be loaded').waitFor();
    expect(await page.getByRole('table', { name: 'Event equipment' }).count()).toBe(0);
    // The first user's copy is still there, under their id alone.
    expect(await keptEvents(page)).toEqual([[userId, eventId]]);
    await page.context().setOffline(false);
  });

  it("on plain HTTP at a name that is not localhost says 'Offline work needs HTTPS' and keeps nothing", async () => {
    // A LAN install without TLS: the test server under a host name, which is no secure context.
    const { hostname, port } = new URL(baseUrl());
    const lan = await launchBrowser([`--host-resolver-rules=MAP portal-lan.test ${hostname}`]);
    try {
      const context = await lan.newContext({ baseURL: `http://portal-lan.test:${port}`, viewport: { width: 1280, height: 800 } });
      const plain = await context.newPage();
      await signIn(plain, 'events@demo.example');
      await plain.goto(`/Events/Edit/${eventId}/Equipment`);
      await plain.getByRole('table', { name: 'Event equipment' }).waitFor();
      await plain
        .getByRole('note')
        .getByText(/^Offline work needs HTTPS/)
        .waitFor();
      await picture(plain, 'offline-needs-https-1280');
      expect(await plain.evaluate(() => window.isSecureContext || 'serviceWorker' in navigator)).toBe(false);
      expect(await keptEvents(plain)).toEqual([]);
    } finally {
      await lan.close();
    }
  });
});
