/**
 * The operator's way through the day (issue 23 part 5): the equipment editor is reached from the
 * event's page and the events list without a typed address; in scan mode a scan with focus on the
 * status select adds its item and leaves the select alone; a burst of codes separated by Enter, Tab
 * and commas adds each one; the next user on the same browser does not inherit the events list filters;
 * the phone's menu has the due-date reminders switch.
 */
import type { EventItemsForEdit, EventPage } from '@portal/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAuthorization, equipmentChips, registerJourneyUser } from './api.ts';
import { baseUrl, expectPath, launchBrowser, newContext, picture, settle, signedInPage, signIn } from './browser.ts';
import { scan } from './scanner.ts';

let authorization: string;
let eventId: number;

const rows = async (): Promise<EventItemsForEdit['items']> => {
  const response = await fetch(`${baseUrl()}/api/EventComponents/${eventId}/GetChipsForEdit`, { headers: { authorization } });
  return ((await response.json()) as EventItemsForEdit).items;
};

/** An event from the third page of the list, away from the events other journeys use. */
async function journeyEvent(): Promise<number> {
  const response = await fetch(`${baseUrl()}/api/Events?page=2&pageSize=10`, { headers: { authorization } });
  return ((await response.json()) as EventPage).items[0].id;
}

describe("the operator's day", () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    authorization = await apiAuthorization('events@demo.example');
    eventId = await journeyEvent();
    browser = await launchBrowser();
    page = await signedInPage(browser, 'events@demo.example');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('reaches the equipment editor from the events list and from the event page', async () => {
    const list = page.getByRole('table', { name: 'Events' });
    await list.locator('tbody tr').first().waitFor();
    await settle(page);
    await picture(page, 'operator-day-events-1280');
    await list
      .getByRole('button', { name: /^Edit equipment / })
      .first()
      .click();
    await page.waitForURL(/\/Events\/Edit\/\d+\/Equipment$/);

    // The Events tab of the search offers the editor on each row.
    await page.goto('/Search/Inspection?tab=events');
    const results = page.getByRole('table', { name: 'Event results' });
    await results
      .getByRole('button', { name: /^Edit equipment / })
      .first()
      .waitFor();
    await settle(page);
    await picture(page, 'operator-day-search-1280');

    await page.goto(`/Events/${eventId}`);
    await page.getByRole('link', { name: 'Edit equipment' }).waitFor();
    await settle(page);
    await picture(page, 'operator-day-event-1280');
    await page.getByRole('link', { name: 'Edit equipment' }).click();
    await expectPath(page, `/Events/Edit/${eventId}/Equipment`);
    await page.getByRole('table', { name: 'Event equipment' }).waitFor();
  });

  it('adds a scan read while the status select has focus, and the select keeps its value', async () => {
    // Chips of items not in the event yet, one chip per item (a second chip of an item would be a duplicate).
    const before = await rows();
    const taken = new Set(before.map((row) => row.stampedId));
    const fresh = (await equipmentChips(authorization, 80)).filter((chip) => {
      if (taken.has(chip.stampedId)) return false;
      taken.add(chip.stampedId);
      return true;
    });
    const chips = fresh.slice(-4);
    expect(chips.length).toBe(4);
    await page.getByRole('tab', { name: 'Scan chips' }).click();
    await page.getByRole('switch', { name: 'Scan mode' }).check();
    await page.getByText('Ready to scan').waitFor();

    // The operator picks a status for the scans; focus stays on the select.
    const select = page.getByRole('combobox', { name: 'Status for scanned items' });
    const options = await select.locator('option').allTextContents();
    const status = options[options.length - 1];
    await select.selectOption({ label: status });
    await select.focus();
    const chosen = await select.inputValue();

    await scan(page, chips[0].chipId);
    const log = page.getByRole('log', { name: 'Scans' });
    await log.getByText(`Added ${chips[0].stampedId}`, { exact: true }).waitFor();
    expect(await select.inputValue()).toBe(chosen);
    await expect.poll(async () => (await rows()).at(-1)).toMatchObject({ stampedId: chips[0].stampedId, statusId: Number(chosen) });
    // The list refreshes once scanning pauses (decision 031): the operator sees the item in it.
    await page.getByText(`${before.length + 1} items`).waitFor();

    // A burst: codes separated by Enter, Tab and commas, as readers send them; Tab keeps focus where it is.
    const burst = `${chips[1].chipId}\n${chips[2].chipId}\t${chips[3].chipId},`;
    await scan(page, burst);
    await expect.poll(() => log.locator('li').allTextContents()).toEqual(chips.map((chip) => `Added ${chip.stampedId}`).reverse());
    expect(await select.inputValue()).toBe(chosen);
    expect(await select.evaluate((element) => element === document.activeElement)).toBe(true);
    await expect.poll(async () => (await rows()).slice(-4).map((row) => row.stampedId)).toEqual(chips.map((chip) => chip.stampedId));
    await settle(page);
    await picture(page, 'operator-day-scan-1280', { fullPage: true });
    await page.getByRole('switch', { name: 'Scan mode' }).uncheck();
  });

  it('says images only when a PDF is chosen as an item image', async () => {
    const [item] = await rows();
    await page.goto(`/Events/Edit/${eventId}/Equipment/${item.id}`);
    const dialog = page.getByRole('dialog', { name: `${item.stampedId} (#${item.sequence})` });
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Choose photo' }).click();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    await (await chooser).setFiles([{ name: 'inspection-report.pdf', mimeType: 'application/pdf', buffer: pdf }]);
    await page.getByText('The file is not an image (PNG, JPEG, GIF, WebP): its content was checked, not its name').waitFor();
    await picture(page, 'operator-day-image-pdf-1280');
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => url.pathname === `/Events/Edit/${eventId}/Equipment`);
    expect((await rows())[0].imageCount).toBe(item.imageCount);
  });

  it("validates the age at reset as typing stops: 'abc' is not a number, '2,5' is", async () => {
    const form = await signedInPage(browser, 'events@demo.example');
    await form.goto(`/Events/Edit/${eventId}/Details`);
    const resetAge = form.getByRole('checkbox', { name: 'Reset age' });
    await resetAge.waitFor();
    if (!(await resetAge.isChecked())) await resetAge.click();
    const age = form.getByRole('textbox', { name: 'Age at reset (years)' });
    await age.clear();
    await age.pressSequentially('abc', { delay: 50 });
    // No Save: the message comes 300 ms after typing stops.
    await form.getByText('Age at reset must be a number').waitFor();
    await age.scrollIntoViewIfNeeded();
    await picture(form, 'operator-day-age-1280');
    await age.clear();
    await age.pressSequentially('2,5', { delay: 50 });
    await form.getByText('Age at reset must be a number').waitFor({ state: 'detached' });
    await form.context().close();
  });

  it("says 'Must be integer' for a whole-number setting typed with a decimal comma", async () => {
    const admin = await signedInPage(browser, 'sysadmin@demo.example');
    await admin.goto('/Reports/Settings');
    const days = admin.getByRole('textbox', { name: 'Activity period (days)' });
    await days.waitFor();
    await days.clear();
    await days.pressSequentially('2,5', { delay: 50 });
    await admin.getByText('Must be integer').waitFor();
    await settle(admin);
    await picture(admin, 'operator-day-settings-1280');
    await admin.setViewportSize({ width: 375, height: 800 });
    await days.scrollIntoViewIfNeeded();
    await picture(admin, 'operator-day-settings-375');
    // Nothing is saved: the page is left as it was.
    await admin.context().close();
  });

  it('keeps the events list filters to the user who set them', async () => {
    const context = await newContext(browser);
    const shared = await context.newPage();
    await signIn(shared, 'events@demo.example');
    const rigFilter = shared.getByRole('combobox', { name: 'Rig' });
    await shared.locator('table[aria-label="Events"] tbody tr td').first().waitFor();
    await settle(shared);
    const rig = (await shared.locator('table[aria-label="Events"] tbody tr td:nth-child(3)').first().textContent()) ?? '';
    expect(rig).not.toBe('');
    await rigFilter.click();
    await shared.getByRole('option', { name: rig, exact: true }).click();
    expect(await rigFilter.inputValue()).toBe(rig);

    await shared.getByRole('button', { name: 'User menu for events@demo.example' }).click();
    await shared.getByRole('menuitem', { name: 'Log out' }).click();
    await expectPath(shared, '/');
    await signIn(shared, 'read@demo.example');
    await shared.locator('table[aria-label="Events"] tbody tr td').first().waitFor();
    expect(await shared.getByRole('combobox', { name: 'Rig' }).inputValue()).toBe('');

    // The first user finds their own filter again.
    await shared.getByRole('button', { name: 'User menu for read@demo.example' }).click();
    await shared.getByRole('menuitem', { name: 'Log out' }).click();
    await expectPath(shared, '/');
    await signIn(shared, 'events@demo.example');
    await expect.poll(() => shared.getByRole('combobox', { name: 'Rig' }).inputValue()).toBe(rig);
    await shared.getByRole('button', { name: 'Clear filters' }).click();
    await context.close();
  });

  it('gives an internal user at level None the search box and results, equipment capped at 5', async () => {
    const chipId = `5EA0${Date.now().toString(16).toUpperCase().padStart(12, '0')}`.slice(0, 16);
    await registerJourneyUser(`none-${Date.now()}@demo.example`, { level: 0, chipId });
    const context = await newContext(browser);
    const none = await context.newPage();
    await none.goto('/');
    await none.locator('input[name=username]').waitFor();
    // Signed in with a chip, as a scanner types it.
    await scan(none, chipId);
    await expectPath(none, '/Reports');
    // A stamped id's prefix that Events level finds more than 5 items for.
    const [chip] = await equipmentChips(authorization, 1);
    const term = chip.stampedId.split('-')[0];
    const full = await fetch(`${baseUrl()}/api/Equipment/Search?search=${term}`, { headers: { authorization } });
    expect(((await full.json()) as { total: number }).total).toBeGreaterThan(5);
    const box = none.getByRole('searchbox', { name: 'Search' }).first();
    await box.pressSequentially(term, { delay: 50 });
    await box.press('Enter');
    await none.waitForURL((url) => url.pathname === `/Search/${term}`);
    const results = none.getByRole('table', { name: 'Equipment results' });
    await expect
      .poll(async () => (await results.locator('tbody tr td:first-child').allTextContents()).filter((id) => id.includes(term)).length)
      .toBe(5);
    await none.getByText('Below Events level the search shows the first 5 equipment items.').waitFor();
    // The equipment page needs Read: the stamped ids are text, not links.
    expect(await results.getByRole('link').count()).toBe(0);
    await settle(none);
    await picture(none, 'operator-day-search-none-1280');
    await context.close();
  });

  it('on a phone the event page and the list offer the editor too', async () => {
    const phone = await signedInPage(browser, 'events@demo.example', { width: 375, height: 800 });
    await phone.getByRole('table', { name: 'Events' }).locator('tbody tr').first().waitFor();
    await settle(phone);
    await picture(phone, 'operator-day-events-375');
    await phone.goto(`/Events/${eventId}`);
    await phone.getByRole('link', { name: 'Edit equipment' }).waitFor();
    await settle(phone);
    await picture(phone, 'operator-day-event-375');
    // The phone's menu has the same due-date reminders switch as the wide screen's user menu.
    await phone.getByRole('button', { name: 'Open navigation' }).click();
    await phone.getByRole('switch', { name: 'Due-date reminder mails' }).waitFor();
    await picture(phone, 'operator-day-menu-375');
    await phone.keyboard.press('Escape');
    await phone.getByRole('menu').waitFor({ state: 'detached' });

    await phone.getByRole('link', { name: 'Edit equipment' }).click();
    await expectPath(phone, `/Events/Edit/${eventId}/Equipment`);
    await phone.getByRole('tab', { name: 'Scan chips' }).click();
    await phone.getByRole('switch', { name: 'Scan mode' }).check();
    await settle(phone);
    await picture(phone, 'operator-day-scan-375');
    await phone.context().close();
  });
});
