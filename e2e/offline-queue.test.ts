/**
 * Changes made offline are kept and sent exactly once (issue 29 parts 2 and 4, decisions 083 and 086):
 * the editor opened online (and a chain item's dialog), the network cut and the page reloaded, twelve
 * chips scanned (one at a time, a burst separated by Enter and one by Tab, typed key by key wherever
 * the focus was left), a status changed, and in the chain item's dialog two grip diameters typed
 * (judged as online), a comment typed, the notification turned on and a photo added; back online, the
 * server has each item once and each of the other changes once, and while offline the page sent no write.
 */
import type { EventCodeTables, EventEquipmentDetails, EventItem, EventItemsForEdit } from '@portal/contract';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, apiAuthorization, demoChains, equipmentChips } from './api.ts';
import { expectAccessible, launchBrowser, picture, settle, signedInPage } from './browser.ts';
import { allSent, dialogKeptOnDevice, keptOnDevice, openDialog } from './offline.ts';
import { scan } from './scanner.ts';

let authorization: string;

/** A small phone photo (under the 2,560 px the device shrinks to, so it is kept as chosen). */
const deckPhoto = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: '#3b6e8f' } })
    .jpeg({ quality: 80 })
    .toBuffer();

const api = apiAs(() => authorization);

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
  // A demo chain item of 76 mm nominal (the demo chain template judges it), first in the event.
  let chain: { id: number; stampedId: string; statusId: number | null; version: number };
  let okStatus: number | undefined;
  let offline = false;
  const sentOffline: string[] = [];
  const answeredOffline: string[] = [];

  beforeAll(async () => {
    authorization = await apiAuthorization('events@demo.example');
    eventId = await newEvent();
    // Thirteen items with chips: one in the event before, twelve to scan offline.
    const seen = new Set<string>();
    // A 76 mm chain the demo measured: the unmeasured ones are the recording and predicted-discard journeys'.
    const chainItem = { stampedId: (await demoChains(authorization)).measured[0] };
    seen.add(chainItem.stampedId);
    chips = (await equipmentChips(await apiAuthorization('sysadmin@demo.example'), 100)).filter(
      (chip) => !seen.has(chip.stampedId) && seen.add(chip.stampedId),
    );
    expect(chips.length).toBeGreaterThanOrEqual(13);
    await api('POST', `/EventComponents/${eventId}/component`, { stampedId: chainItem.stampedId });
    await api('POST', `/EventComponents/${eventId}/component`, { chipId: chips[12].chipId });
    const rows = await api<EventItemsForEdit>('GET', `/EventComponents/${eventId}/GetChipsForEdit`);
    [chain, first] = rows.items;
    const header = await api<EventEquipmentDetails>('GET', `/EventComponents/${eventId}/equipmentDetails`);
    okStatus = header.statuses.find((s) => s.name === 'OK')?.id;
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
    // The chain item's dialog, opened once online, is kept with the event: offline it opens with its template.
    await openDialog(page, chain.stampedId);
    await page.getByRole('dialog').getByLabel('Grip diameter 1 (mm)').waitFor();
    await expect.poll(() => dialogKeptOnDevice(page, eventId, chain.id)).toBe(true);
    await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).last().click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
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
    for (const code of codes.slice(0, 3)) await scan(page, `${code}\n`);
    await page.getByRole('status', { name: 'Offline, 3 changes waiting' }).waitFor();
    await scan(page, `${codes.slice(3, 8).join('\n')}\n`);
    await page.getByRole('status', { name: 'Offline, 8 changes waiting' }).waitFor();
    await scan(page, `${codes.slice(8, 12).join('\t')}\t`);
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
    expect(before.items.map((item) => [item.stampedId, item.statusId])).toEqual([
      [chain.stampedId, chain.statusId],
      [first.stampedId, first.statusId],
    ]);
    expect(sentOffline.filter((request) => !request.startsWith('GET ') || !request.endsWith('/api/Account/CurrentUser'))).toEqual([]);
    expect(answeredOffline).toEqual([]);
  });

  it("offline, the chain item's dialog judges grip diameters as online and keeps them, a comment, the flag and a photo", async () => {
    await openDialog(page, chain.stampedId);
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Grip diameter 1 (mm)').waitFor();
    await dialog.getByLabel('Crack (MPI)').selectOption('No');
    await dialog.getByLabel('Gouges or pits').selectOption('None');
    await dialog.getByLabel('Grip diameter 1 (mm)').pressSequentially('75', { delay: 60 });
    await dialog.getByLabel('Grip diameter 2 (mm)').pressSequentially('74', { delay: 60 });
    // 75 and 74 mm against 76: 2.6 % loss, fit; the status, not chosen by anyone yet, follows.
    await dialog.getByText('Diameter loss: 2.63 %').waitFor();
    expect(await dialog.getByTestId('proposed-status').textContent()).toBe('OK');
    await dialog.getByLabel('Comment').pressSequentially('Pitting at link 4', { delay: 30 });
    await dialog.getByRole('switch', { name: /^Notification/ }).check();
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Choose photo' }).click();
    await (await chooser).setFiles({ name: 'deck.jpeg', mimeType: 'image/jpeg', buffer: await deckPhoto() });
    await dialog.getByRole('img', { name: 'deck.jpeg, kept on this device' }).waitFor();
    await dialog.getByTestId('save-state').getByText('Kept on this device, sent when online').waitFor();
    // The dialog covers the screen at 375 px: it is what the person reaches.
    await expectAccessible(page, { within: '[role=dialog]' });
    // What the person sees: the line under the title and the measurements judged, then the photo waiting.
    await dialog.getByTestId('save-state').scrollIntoViewIfNeeded();
    await picture(page, 'offline-item-dialog-375');
    await dialog.getByRole('img', { name: 'deck.jpeg, kept on this device' }).scrollIntoViewIfNeeded();
    await picture(page, 'offline-item-dialog-photo-375');
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await dialog.waitFor({ state: 'detached' });
    // The row shows the kept status, flag and photo at once.
    const row = page.getByRole('table', { name: 'Event equipment' }).getByRole('row').filter({ hasText: chain.stampedId });
    expect(await row.getByRole('switch', { name: `Notification on ${chain.stampedId}` }).isChecked()).toBe(true);
    expect(await page.getByRole('combobox', { name: `Status of ${chain.stampedId}` }).inputValue()).toBe(String(okStatus));
    // An item whose dialog was never opened online here: its status, flag and photos can change, not its comment.
    await openDialog(page, first.stampedId);
    await dialog
      .getByRole('note')
      .filter({ hasText: /was not opened on this device while online/ })
      .waitFor();
    expect(await dialog.getByLabel('Comment').isDisabled()).toBe(true);
    await picture(page, 'offline-item-dialog-partial-375');
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await dialog.waitFor({ state: 'detached' });
    // Still nothing on the server, and no call reached it.
    const kept = await api<EventItem>('GET', `/EventComponents/${eventId}/GetChipsDetailsForEdit/${chain.id}`);
    expect([kept.comment, kept.notifications, kept.files.length, kept.measurements.length]).toEqual([null, false, 0, 0]);
    expect(answeredOffline).toEqual([]);
  });

  it('back online, sends them in order within a minute: each item once, the status change once', async () => {
    offline = false;
    await page.context().setOffline(false);
    // What the person sees: the banner goes once everything is sent, and the scanned rows come in.
    await page.getByRole('table', { name: 'Event equipment' }).getByText(chips[11].stampedId).first().waitFor({ timeout: 60_000 });
    await allSent(page);
    const after = await api<EventItemsForEdit>('GET', `/EventComponents/${eventId}/GetChipsForEdit`);
    const ids = after.items.map((item) => item.stampedId);
    expect(ids).toEqual([chain.stampedId, first.stampedId, ...chips.slice(0, 12).map((chip) => chip.stampedId)]);
    expect(after.items[1].statusId).toBe(newStatus.id);
    // The status change ran once: one new version of the item (decision 083).
    expect(after.items[1].version).toBe(first.version + 1);
    // The dialog's changes, each once: the measurements and the status they proposed, the comment, one
    // flag change, one photo.
    const dialog = await api<EventItem>('GET', `/EventComponents/${eventId}/GetChipsDetailsForEdit/${chain.id}`);
    expect(dialog.statusId).toBe(okStatus);
    expect(dialog.comment).toBe('Pitting at link 4');
    expect(dialog.notifications).toBe(true);
    expect(dialog.notificationChanges.map((change) => change.notification)).toEqual([true]);
    expect(dialog.files.map((file) => file.fileName)).toEqual(['deck.jpeg']);
    expect(Object.fromEntries(dialog.measurements.map((m) => [m.key, m.value]))).toMatchObject({ gripDiameter1: 75, gripDiameter2: 74 });
    expect(await page.getByRole('region', { name: 'Not applied' }).count()).toBe(0);
    await settle(page);
  });
});
