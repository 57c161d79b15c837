/**
 * At the size bound a new offline photo is refused and what waits is kept (issue 29 part 2, decision
 * 086): the journeys' server sets the bound to 2 MB (OFFLINE_PHOTO_MB in global-setup.ts; 64 by
 * default), an item's dialog is opened online, the network cut, and photos of about 0.7 MB taken until
 * one is refused with 'This device has no room for more photos until the waiting changes are sent';
 * those kept still wait, and back online each lands once.
 */
import { randomBytes } from 'node:crypto';
import type { EventCodeTables, EventItem, EventItemsForEdit } from '@portal/contract';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, apiAuthorization } from './api.ts';
import { expectAccessible, launchBrowser, picture, settle, signedInPage } from './browser.ts';
import { allSent, dialogKeptOnDevice, keptOnDevice, openDialog } from './offline.ts';

let authorization: string;

const api = apiAs(() => authorization);

const NO_ROOM = 'This device has no room for more photos until the waiting changes are sent';

/** A photo of noise (it does not compress): about 1 MB, under the 2,560 px the device shrinks to, so kept as chosen. */
const noisyPhoto = () =>
  sharp(randomBytes(1000 * 700 * 3), { raw: { width: 1000, height: 700, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();

describe('at the size bound a new offline photo is refused and what waits is kept', () => {
  let browser: Browser;
  let page: Page;
  let eventId: number;
  let item: { id: number; stampedId: string };
  // The photo the device refused (the first that did not fit); those before it were kept.
  let refusedAt = 0;

  beforeAll(async () => {
    authorization = await apiAuthorization('events@demo.example');
    const tables = await api<EventCodeTables>('GET', '/Events/codetables');
    const project = tables.projects.find((p) => p.parentId !== null);
    ({ id: eventId } = await api<{ id: number }>('POST', '/Events', {
      type: tables.types.find((t) => t.name === 'Inspection')?.id,
      rig: project?.parentId,
      referenceNo: project?.id,
      eventDate: '2026-11-05',
    }));
    const [chain] = await api<{ stampedId: string }[]>('GET', '/Equipment/autocomplete?search=NSD-R4-076-');
    await api('POST', `/EventComponents/${eventId}/component`, { stampedId: chain.stampedId });
    [item] = (await api<EventItemsForEdit>('GET', `/EventComponents/${eventId}/GetChipsForEdit`)).items;
    browser = await launchBrowser();
    page = await signedInPage(browser, 'events@demo.example', { width: 375, height: 812 });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("opens the item's dialog online: the event and the dialog are kept on the device", async () => {
    await page.goto(`/Events/Edit/${eventId}/Equipment`);
    await page.getByRole('table', { name: 'Event equipment' }).waitFor();
    await settle(page);
    await expect.poll(() => keptOnDevice(page, eventId)).toBe(true);
    await openDialog(page, item.stampedId);
    await page.getByRole('dialog').getByText('Changes save themselves.').waitFor();
    await expect.poll(() => dialogKeptOnDevice(page, eventId, item.id)).toBe(true);
  });

  it('offline, keeps photos up to the bound, then refuses the next and keeps those waiting', async () => {
    await page.context().setOffline(true);
    const dialog = page.getByRole('dialog');
    // The person takes one photo after another until the device says no (at most eight).
    for (let n = 1; n <= 8 && refusedAt === 0; n++) {
      const chooser = page.waitForEvent('filechooser');
      await dialog.getByRole('button', { name: 'Choose photo' }).click();
      await (await chooser).setFiles({ name: `photo-${n}.jpeg`, mimeType: 'image/jpeg', buffer: await noisyPhoto() });
      const kept = dialog.getByRole('img', { name: `photo-${n}.jpeg, kept on this device` });
      const refused = dialog.getByRole('alert').getByText(NO_ROOM);
      await kept.or(refused).first().waitFor();
      if (await refused.isVisible()) refusedAt = n;
    }
    // 2 MB hold two photos of 0.7 MB, not three.
    expect(refusedAt, 'the photo that passed the bound').toBe(3);
    await dialog.getByRole('alert').getByText(NO_ROOM).waitFor();
    // Nothing waiting went to make room: every photo kept before is still there; the refused one is not.
    for (let n = 1; n < refusedAt; n++) await dialog.getByRole('img', { name: `photo-${n}.jpeg, kept on this device` }).waitFor();
    expect(await dialog.getByRole('img', { name: `photo-${refusedAt}.jpeg, kept on this device` }).count()).toBe(0);
    await expectAccessible(page, { within: '[role=dialog]' });
    await dialog.getByRole('img', { name: `photo-${refusedAt - 1}.jpeg, kept on this device` }).scrollIntoViewIfNeeded();
    await picture(page, 'offline-photo-room-375');
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await page.getByRole('status', { name: `Offline, ${refusedAt - 1} change${refusedAt === 2 ? '' : 's'} waiting` }).waitFor();
  });

  it('back online, each kept photo lands once', async () => {
    await page.context().setOffline(false);
    await allSent(page);
    const after = await api<EventItem>('GET', `/EventComponents/${eventId}/GetChipsDetailsForEdit/${item.id}`);
    expect(after.files.map((file) => file.fileName).sort()).toEqual(
      Array.from({ length: refusedAt - 1 }, (_, i) => `photo-${i + 1}.jpeg`).sort(),
    );
    await settle(page);
  });
});
