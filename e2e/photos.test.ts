/**
 * Photos from the deck (issue 26 part 3): on a phone the item dialog offers "Take photo" (the back
 * camera) beside "Choose photo"; a 12-megapixel photo lying on its side (EXIF orientation 6) is shrunk
 * on the phone to a long side of 2,560 px, upright, keeping the time it was taken.
 */
import type { EventItem, EventItemsForEdit, EventPage } from '@portal/contract';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTakenAt } from '../packages/web/src/lib/photoExif.ts';
import { apiAuthorization } from './api.ts';
import { baseUrl, launchBrowser, newContext, picture, settle, signIn } from './browser.ts';

const TAKEN = { dateTime: '2026:11:24 14:05:09', offset: '+01:00' };

/** 4000 × 3000 as stored, left half red, right half blue, to be turned 90° clockwise (orientation 6): upright it is red on top. */
async function sidewaysPhoto(): Promise<Buffer> {
  const red = await sharp({ create: { width: 2000, height: 3000, channels: 3, background: '#ff0000' } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#0000ff' } })
    .composite([{ input: red, left: 0, top: 0 }])
    .jpeg({ quality: 90 })
    .withExif({ IFD2: { DateTimeOriginal: TAKEN.dateTime, OffsetTimeOriginal: TAKEN.offset } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

describe('photos from the deck', () => {
  let browser: Browser;
  let phone: Page;
  let authorization: string;
  let eventId: number;
  let item: EventItemsForEdit['items'][number];
  const api = (path: string) => fetch(`${baseUrl()}/api${path}`, { headers: { authorization } });

  beforeAll(async () => {
    authorization = await apiAuthorization('events@demo.example');
    // An event from the third page of the list: other journeys change the newest ones.
    const events = (await (await api('/Events?page=2&pageSize=10')).json()) as EventPage;
    eventId = events.items[0].id;
    item = ((await (await api(`/EventComponents/${eventId}/GetChipsForEdit`)).json()) as EventItemsForEdit).items[0];
    browser = await launchBrowser();
    const context = await newContext(browser, 375, 800, { hasTouch: true, isMobile: true });
    phone = await context.newPage();
    await signIn(phone, 'events@demo.example');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('takes a photo with the back camera and uploads it shrunk, upright, with the time it was taken', async () => {
    const photo = await sidewaysPhoto();
    expect(readTakenAt(photo)).toEqual(TAKEN);
    await phone.goto(`/Events/Edit/${eventId}/Equipment/${item.id}`);
    const dialog = phone.getByRole('dialog', { name: `${item.stampedId} (#${item.sequence})` });
    await dialog.getByRole('button', { name: 'Choose photo' }).waitFor();
    expect(await dialog.locator('input[type=file][capture=environment]').count()).toBe(1);
    const chooser = phone.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Take photo' }).click();
    await (await chooser).setFiles({ name: 'deck.jpeg', mimeType: 'image/jpeg', buffer: photo });
    await dialog.getByRole('img', { name: 'deck.jpg' }).waitFor();
    await settle(phone);
    await picture(phone, 'photos-dialog-375');

    const detail = (await (await api(`/EventComponents/${eventId}/GetChipsDetailsForEdit/${item.id}`)).json()) as EventItem;
    const file = detail.files.find((f) => f.fileName === 'deck.jpg');
    expect(file).toBeDefined();
    const stored = Buffer.from(await (await fetch(`${baseUrl()}${file!.url}`, { headers: { authorization } })).arrayBuffer());
    const metadata = await sharp(stored).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 1920, height: 2560 });
    expect(metadata.orientation ?? 1).toBe(1);
    expect(readTakenAt(stored)).toEqual(TAKEN);
    // Upright: the stored left half (red) is on top.
    const pixel = async (top: number) => {
      const { data } = await sharp(stored).extract({ left: 960, top, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
      return [...data];
    };
    expect((await pixel(100))[0]).toBeGreaterThan(200);
    expect((await pixel(2460))[2]).toBeGreaterThan(200);
  });
});
