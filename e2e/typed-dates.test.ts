/**
 * Dates as typed (issue 23): every date field of the web client, the event date and the certificate's
 * date signed, typed key by key as a person does (DD.MM.YYYY, DDMMYYYY), saved, and read back through
 * the API as exactly that day; an impossible date (31.02.2026) is a field error and nothing is saved.
 * Pictures at 1280 and 375 px of both forms with a typed date and with the error.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiAuthorization } from './api.ts';
import { expectPath, launchBrowser, networkQuiet, picture, settle, signedInPage } from './browser.ts';

const run = Date.now().toString(36).toUpperCase();
const IMPOSSIBLE = 'must be a valid date (DD.MM.YYYY)';

/** Replaces the field's text key by key, as a person does (select all, type), then leaves the field. */
async function typeDate(field: Locator, text: string) {
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.pressSequentially(text);
  await field.press('Tab');
}

/** Picks an option of a Mantine select by the select's label; the first option without a name. */
async function choose(page: Page, label: string, option?: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  const options = page.getByRole('option');
  await options.first().waitFor();
  await (option ? page.getByRole('option', { name: option, exact: true }) : options.first()).click();
}

describe('dates as typed', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  describe('event date', () => {
    let page: Page;
    let authorization: string;
    let eventId = 0;
    const eventDate = async () => (await api<{ eventDate: string }>(`/Events/${eventId}`, authorization)).eventDate;

    beforeAll(async () => {
      page = await signedInPage(browser, 'events@demo.example');
      authorization = await apiAuthorization('events@demo.example');
    });
    afterAll(async () => {
      if (eventId) await api(`/Events/${eventId}`, authorization, { method: 'DELETE' });
      await page?.context().close();
    });

    it('saves 05.03.2026 typed as 5 March 2026', async () => {
      await page.goto('/Events/Add');
      await page.getByRole('heading', { name: 'Add event' }).waitFor();
      await settle(page);
      await choose(page, 'Event type', 'Inspection');
      await page.getByRole('textbox', { name: 'Document No' }).fill(`E2E-${run}-DATE`);
      const field = page.getByRole('textbox', { name: 'Event date' });
      await typeDate(field, '05.03.2026');
      expect(await field.inputValue()).toBe('05.03.2026');
      await picture(page, 'typed-dates-event-1280');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Event was created').waitFor();
      await page.waitForURL((url) => /^\/Events\/Edit\/\d+\/Equipment$/.test(url.pathname));
      eventId = Number(new URL(page.url()).pathname.split('/')[3]);
      expect(await eventDate()).toBe('2026-03-05');
    });

    it('shows 17112026 back as 17.11.2026 and saves 17 November 2026', async () => {
      await page.goto(`/Events/Edit/${eventId}/Details`);
      await page.getByRole('heading', { name: 'Edit event' }).waitFor();
      const field = page.getByRole('textbox', { name: 'Event date' });
      await expect.poll(() => field.inputValue()).toBe('05.03.2026');
      await typeDate(field, '17112026');
      expect(await field.inputValue()).toBe('17.11.2026');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Event was saved').waitFor();
      await expectPath(page, `/Events/${eventId}`);
      expect(await eventDate()).toBe('2026-11-17');
      await page.getByText('17.11.2026').first().waitFor();
    });

    it('refuses 31.02.2026 under the field, keeps the text as typed and saves nothing', async () => {
      await page.goto(`/Events/Edit/${eventId}/Details`);
      await page.getByRole('heading', { name: 'Edit event' }).waitFor();
      const field = page.getByRole('textbox', { name: 'Event date' });
      await expect.poll(() => field.inputValue()).toBe('17.11.2026');
      await typeDate(field, '31.02.2026');
      await page.getByText(`Event date ${IMPOSSIBLE}`).waitFor();
      await page.getByRole('button', { name: 'Save' }).click();
      // A save sent anyway would be in flight until the page is idle.
      await networkQuiet(page);
      expect(await field.inputValue()).toBe('31.02.2026');
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      await picture(page, 'typed-dates-event-error-1280');
      expect(new URL(page.url()).pathname).toBe(`/Events/Edit/${eventId}/Details`);
      expect(await eventDate()).toBe('2026-11-17');
    });

    it('takes a typed date and shows the error on a phone (375 px)', async () => {
      const phone = await signedInPage(browser, 'events@demo.example', { width: 375, height: 800 });
      await phone.goto(`/Events/Edit/${eventId}/Details`);
      await phone.getByRole('heading', { name: 'Edit event' }).waitFor();
      const field = phone.getByRole('textbox', { name: 'Event date' });
      await expect.poll(() => field.inputValue()).toBe('17.11.2026');
      await typeDate(field, '5.3.2026');
      expect(await field.inputValue()).toBe('05.03.2026');
      await field.scrollIntoViewIfNeeded();
      await picture(phone, 'typed-dates-event-375');
      // The calendar opens at the typed month and puts the day it picks into the text.
      await phone.getByRole('button', { name: 'Pick the event date from a calendar' }).click();
      await phone.getByRole('button', { name: '15 March 2026' }).click();
      expect(await field.inputValue()).toBe('15.03.2026');
      await typeDate(field, '31.02.2026');
      await phone.getByText(`Event date ${IMPOSSIBLE}`).waitFor();
      await picture(phone, 'typed-dates-event-error-375');
      await phone.context().close();
    });
  });

  describe('date signed of a certificate', () => {
    let page: Page;
    let authorization: string;
    let admin: string;
    let certificateId = 0;
    const dateSigned = async () => (await api<{ dateSigned: string | null }>(`/Certificates/${certificateId}`, authorization)).dateSigned;

    beforeAll(async () => {
      page = await signedInPage(browser, 'certificates@demo.example');
      authorization = await apiAuthorization('certificates@demo.example');
      admin = await apiAuthorization('admin@demo.example');
    });
    afterAll(async () => {
      if (certificateId) await api(`/Certificates/${certificateId}`, admin, { method: 'DELETE' });
      await page?.context().close();
    });

    it('saves 05.03.2026 typed as 5 March 2026', async () => {
      await page.goto('/Certificates/Add');
      await page.getByRole('heading', { name: 'Add certificate' }).waitFor();
      await settle(page);
      await choose(page, 'Owner', 'Nordsund Drilling AS (NSD)');
      await choose(page, 'Type');
      await choose(page, 'Sub-type');
      await choose(page, 'Dimension');
      await page.getByRole('textbox', { name: 'Certificate No' }).fill(`E2E-${run}-DATE`);
      const field = page.getByRole('textbox', { name: 'Date signed' });
      await typeDate(field, '05.03.2026');
      expect(await field.inputValue()).toBe('05.03.2026');
      await picture(page, 'typed-dates-certificate-1280');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('heading', { name: `Certificate E2E-${run}-DATE` }).waitFor();
      certificateId = Number(new URL(page.url()).pathname.split('/').pop());
      expect(await dateSigned()).toBe('2026-03-05');
    });

    it('refuses 31.02.2026 under the field and saves nothing; then 17.11.2026 saves 17 November 2026', async () => {
      await page.goto(`/Certificates/Edit/${certificateId}`);
      await page.getByRole('heading', { name: `Edit certificate E2E-${run}-DATE` }).waitFor();
      const field = page.getByRole('textbox', { name: 'Date signed' });
      await expect.poll(() => field.inputValue()).toBe('05.03.2026');
      await typeDate(field, '31.02.2026');
      await page.getByText(`Date signed ${IMPOSSIBLE}`).waitFor();
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('1 Problems found').waitFor();
      await networkQuiet(page);
      expect(await field.inputValue()).toBe('31.02.2026');
      await picture(page, 'typed-dates-certificate-error-1280');
      expect(new URL(page.url()).pathname).toBe(`/Certificates/Edit/${certificateId}`);
      expect(await dateSigned()).toBe('2026-03-05');

      await typeDate(field, '17.11.2026');
      await page.getByText(`Date signed ${IMPOSSIBLE}`).waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('heading', { name: `Certificate E2E-${run}-DATE` }).waitFor();
      expect(await dateSigned()).toBe('2026-11-17');
      await page.getByText('17.11.2026').first().waitFor();
    });

    it('takes a typed date and shows the error on a phone (375 px)', async () => {
      const phone = await signedInPage(browser, 'certificates@demo.example', { width: 375, height: 800 });
      await phone.goto(`/Certificates/Edit/${certificateId}`);
      await phone.getByRole('heading', { name: `Edit certificate E2E-${run}-DATE` }).waitFor();
      const field = phone.getByRole('textbox', { name: 'Date signed' });
      await expect.poll(() => field.inputValue()).toBe('17.11.2026');
      await typeDate(field, '05/03/2026');
      expect(await field.inputValue()).toBe('05.03.2026');
      await field.scrollIntoViewIfNeeded();
      await picture(phone, 'typed-dates-certificate-375');
      await typeDate(field, '31.02.2026');
      await phone.getByText(`Date signed ${IMPOSSIBLE}`).waitFor();
      await picture(phone, 'typed-dates-certificate-error-375');
      await phone.context().close();
    });
  });
});
