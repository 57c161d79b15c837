/**
 * Changes made offline are kept and sent exactly once (issue 29 part 2, decision 083): the editor
 * opened online, the network cut and the page reloaded, twelve chips scanned (one at a time, a burst
 * separated by Enter and one by Tab, typed key by key wherever the focus was left) and a status
 * changed; back online, the server has each item once and the status change, and while offline the
 * page sent no write.
 */
import type { EventCodeTables, EventEquipmentDetails, EventItemsForEdit } from '@portal/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAuthorization, equipmentChips } from './api.ts';
import { baseUrl, expectAccessible, launchBrowser, picture, settle, signedInPage } from './browser.ts';
import { keptOnDevice } from './offline.ts';

let authorization: string;

const api = async <T>(method: 'GET' | 'POST', path: string, body?: object): Promise<T> => {
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method,
    headers: { authorization, ...(body && { 'content-type': 'application/json' }) },
    body: body && JSON.stringify(body),
  });
  expect(response.ok, `${method} ${path}: ${response.status}`).toBe(true);
  return (await response.json()) as T;
};

/** A new Inspection event of its own, so that other journeys' changes do not meet these. */
async function newEvent(): Promise<number> {
  const tables = await api<EventCodeTables>('GET', '/Events/codetables');
  const project = tables.projects.find((p) => p.parentId !== null);
  const created = await api<{ id: number }>('POST', '/Events', {
    type: tables.types.find((t) => t.name === 'Inspection')?.id,
    rig: project?.parentId,
    referenceNo: project?.id,
    eventDate: '2026-11-04',
  });
  return created.id;
}

describe('changes made offline are kept and sent exactly once', () => {
  let browser: Browser;
  let page: Page;
  let eventId: number;
  let chips: { chipId: string; stampedId: string }[];
  let first: { id: number; stampedId: string; statusId: number | null; version: number };
  let newStatus: { id: number; name: string };
  let offline = false;
  const sentOffline: string[] = [];
  const answeredOffline: string[] = [];

  beforeAll(async () => {
    authorization = await apiAuthorization('events@demo.example');
    eventId = await newEvent();
    // Thirteen items with chips: one in the event before, twelve to scan offline.
    const seen = new Set<string>();
    chips = (await equipmentChips(await apiAuthorization('sysadmin@demo.example'), 100)).filter(
      (chip) => !seen.has(chip.stampedId) && seen.add(chip.stampedId),
    );
    expect(chips.length).toBeGreaterThanOrEqual(13);
    await api('POST', `/EventComponents/${eventId}/component`, { chipId: chips[12].chipId });
    const rows = await api<EventItemsForEdit>('GET', `/EventComponents/${eventId}/GetChipsForEdit`);
    first = rows.items[0];
    const header = await api<EventEquipmentDetails>('GET', `/EventComponents/${eventId}/equipmentDetails`);
    const other = header.statuses.find((s) => s.id !== first.statusId);
    if (!other) throw new Error('The Inspection type has one status only');
    newStatus = other;
    browser = await launchBrowser();
    // A phone: the banner with changes waiting is looked at at 375 px.
    page = await signedInPage(browser, 'events@demo.example', { width: 375, height: 812 });
    page.on('request', (request) => {
      if (offline && new URL(request.url()).pathname.startsWith('/api')) sentOffline.push(`${request.method()} ${request.url()}`);
    });
    page.on('requestfinished', (request) => {
      if (offline && new URL(request.url()).pathname.startsWith('/api')) answeredOffline.push(`${request.method()} ${request.url()}`);
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('opens the editor online and keeps the event on the device', async () => {
    await page.goto(`/Events/Edit/${eventId}/Equipment`);
    await page.getByRole('table', { name: 'Event equipment' }).waitFor();
    await settle(page);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    // The kept copy is written after the answers arrive: reloading offline needs it.
    await expect.poll(() => keptOnDevice(page, eventId)).toBe(true);
  });

  it('offline after a reload, keeps twelve scans and a status change, applied on screen, and sends nothing', async () => {
    offline = true;
    await page.context().setOffline(true);
    await page.reload();
    await page.getByRole('status', { name: 'Offline, 0 changes waiting' }).waitFor();
    const scanMode = page.getByRole('switch', { name: 'Scan mode' });
    // Offline the editor opens on its Scan chips tab, the only way of adding that works without the server.
    await scanMode.check();
    // The reader types where the focus was left (on the switch), key by key: three single scans,
    // five separated by Enter in one burst, four separated by Tab in another.
    const codes = chips.slice(0, 12).map((chip) => chip.chipId);
    for (const code of codes.slice(0, 3)) await page.keyboard.type(`${code}\n`, { delay: 10 });
    await page.getByRole('status', { name: 'Offline, 3 changes waiting' }).waitFor();
    await page.keyboard.type(`${codes.slice(3, 8).join('\n')}\n`, { delay: 10 });
    await page.getByRole('status', { name: 'Offline, 8 changes waiting' }).waitFor();
    await page.keyboard.type(`${codes.slice(8, 12).join('\t')}\t`, { delay: 10 });
    await page.getByRole('status', { name: 'Offline, 12 changes waiting' }).waitFor();
    await scanMode.uncheck();
    const select = page.getByRole('combobox', { name: `Status of ${first.stampedId}` });
    await select.selectOption(String(newStatus.id));
    const banner = page.getByRole('status', { name: 'Offline, 13 changes waiting' });
    await banner.waitFor();
    await banner.getByText(`Scan ${codes[0]}: unknown chip, found when sent`).waitFor();
    await banner.getByText('and 8 more changes').waitFor();
    // The status shows as changed at once.
    expect(await select.inputValue()).toBe(String(newStatus.id));
    await page.getByRole('log', { name: 'Scans' }).getByText(`Kept on this device: ${codes[11]}, sent when online`).waitFor();
    await expectAccessible(page);
    await banner.scrollIntoViewIfNeeded();
    await picture(page, 'offline-queue-waiting-375');
    // The server has nothing of it yet. The page tried no call but the one that finds the signed-in
    // user on the device when it fails (its failure is the fallback), and none reached the server.
    const before = await api<EventItemsForEdit>('GET', `/EventComponents/${eventId}/GetChipsForEdit`);
    expect(before.items.map((item) => [item.stampedId, item.statusId])).toEqual([[first.stampedId, first.statusId]]);
    expect(sentOffline.filter((request) => !request.startsWith('GET ') || !request.endsWith('/api/Account/CurrentUser'))).toEqual([]);
    expect(answeredOffline).toEqual([]);
  });

  it('back online, sends them in order within a minute: each item once, the status change once', async () => {
    offline = false;
    await page.context().setOffline(false);
    // What the person sees: the banner goes once everything is sent, and the scanned rows come in.
    await page.getByRole('table', { name: 'Event equipment' }).getByText(chips[11].stampedId).first().waitFor({ timeout: 60_000 });
    await expect
      .poll(
        () =>
          page
            .getByRole('status')
            .filter({ hasText: /changes? waiting|Sending/ })
            .count(),
        { timeout: 60_000 },
      )
      .toBe(0);
    const after = await api<EventItemsForEdit>('GET', `/EventComponents/${eventId}/GetChipsForEdit`);
    const ids = after.items.map((item) => item.stampedId);
    expect(ids).toEqual([first.stampedId, ...chips.slice(0, 12).map((chip) => chip.stampedId)]);
    expect(after.items[0].statusId).toBe(newStatus.id);
    // The status change ran once: one new version of the item (decision 083).
    expect(after.items[0].version).toBe(first.version + 1);
    expect(await page.getByRole('region', { name: 'Not applied' }).count()).toBe(0);
    await settle(page);
  });
});
