/**
 * An item never looks inspected only because it was added (issue 23 part 2): Add by stamped id, series
 * and import offer a "Status" select preselected to the type's notInspected status; a person adds by
 * stamped id leaving it as it is and reads back "Not inspected". Marking an item over 5 years old `OK`
 * (fit) in the table or its dialog sets the status and says which item and why. Pictures of the three
 * add forms at 1280 and 375 px, and of the warning.
 */
import type { EventChipPage, EventCodeTables, EventItemsForEdit, EventPage } from '@portal/contract';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, apiAuthorization } from './api.ts';
import { horizontalOverflow, launchBrowser, picture, settle, signedInPage } from './browser.ts';

const run = Date.now().toString(36).toUpperCase();
let authorization: string;
let eventId: number;

const api = apiAs(() => authorization);

/** A new, empty Inspection event (the demo's Inspection type has "Not inspected"). */
async function inspectionEvent(): Promise<number> {
  const tables = await api<EventCodeTables>('GET', '/Events/codetables');
  const type = tables.types.find((t) => t.name === 'Inspection');
  const project = tables.projects.find((p) => p.parentId !== null);
  expect(type && project).toBeTruthy();
  const created = await api<{ id: number }>('POST', '/Events', {
    type: type?.id,
    rig: project?.parentId,
    referenceNo: project?.id,
    eventDate: '2026-11-02',
  });
  return created.id;
}

/** A linked, active demo item whose effective age is over 5 years (the demo's certificates go back years). */
async function oldItem(): Promise<string> {
  const events = await api<EventPage>('GET', '/Events?page=0&pageSize=10');
  for (const event of events.items) {
    const chips = await api<EventChipPage>('GET', `/Events/${event.id}/chips?page=0&pageSize=100`);
    const old = chips.items.find((row) => row.linked && row.active && !row.anotherOwner && (row.effectiveAge ?? 0) > 5.2);
    if (old) return old.stampedId;
  }
  throw new Error('No demo item over 5 years old in the first events');
}

/** The three add tabs, each with its Status select showing what it sends. */
async function pictureAddForms(page: Page, width: number) {
  await page.goto(`/Events/Edit/${eventId}/Equipment`);
  await page.getByRole('table', { name: 'Event equipment' }).waitFor();
  const stamped = page.getByRole('form', { name: 'Add by stamped id' });
  await stamped.getByLabel('Stamped id').pressSequentially(`ST-${run}-X`);
  await stamped.getByText('Unknown: a new unlinked item is created').first().waitFor();
  await settle(page);
  await picture(page, `add-status-stamped-id-${width}`);
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

  await page.getByRole('tab', { name: 'Series' }).click();
  const series = page.getByRole('form', { name: 'Add a series' });
  await series.getByLabel('Prefix', { exact: true }).pressSequentially(`ST-${run}-S`);
  await series.getByLabel('Number from', { exact: true }).pressSequentially('1');
  await series.getByLabel('Number to', { exact: true }).pressSequentially('3');
  expect(await selectedStatus(series)).toBe('Not inspected');
  await settle(page);
  await picture(page, `add-status-series-${width}`);
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

  await page.getByRole('tab', { name: 'Import' }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose file' }).click();
  await (await chooser).setFiles({ name: 'items.txt', mimeType: 'text/plain', buffer: Buffer.from(`ST-${run}-I1\nST-${run}-I2\n`) });
  await page.getByText('Found 2 items in the file').waitFor();
  expect(await selectedStatus(page.getByRole('tabpanel', { name: 'Import' }))).toBe('Not inspected');
  await settle(page);
  await picture(page, `add-status-import-${width}`);
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
}

/** The option the "Status" select shows. */
const selectedStatus = (scope: Locator) =>
  scope.getByLabel('Status', { exact: true }).evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.text);

describe('the status an add gives', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    authorization = await apiAuthorization('events@demo.example');
    eventId = await inspectionEvent();
    browser = await launchBrowser();
    page = await signedInPage(browser, 'events@demo.example');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('adds by stamped id with the Status select left as preselected, and the item reads "Not inspected"', async () => {
    await page.goto(`/Events/Edit/${eventId}/Equipment`);
    await page.getByRole('table', { name: 'Event equipment' }).waitFor();
    const form = page.getByRole('form', { name: 'Add by stamped id' });
    expect(await selectedStatus(form)).toBe('Not inspected');
    const stampedId = `ST-${run}-1`;
    await form.getByLabel('Stamped id').pressSequentially(stampedId);
    await form.getByText('Unknown: a new unlinked item is created').first().waitFor();
    await form.getByRole('button', { name: 'Add' }).click();
    await page.getByText(`Added ${stampedId} as a new unlinked item`).waitFor();
    // The row's status select in the table, and the record through the API.
    const rowStatus = page.getByLabel(`Status of ${stampedId}`);
    await expect.poll(() => rowStatus.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.text)).toBe('Not inspected');
    const answer = await api<EventItemsForEdit>('GET', `/EventComponents/${eventId}/GetChipsForEdit`);
    const item = answer.items.find((r) => r.stampedId === stampedId);
    expect(answer.statuses.find((s) => s.id === item?.statusId)?.name).toBe('Not inspected');
  });

  it('marks an item over 5 years old OK in its row and in its dialog: the status is set, and a warning names the item and why', async () => {
    const stampedId = await oldItem();
    await page.goto(`/Events/Edit/${eventId}/Equipment`);
    await page.getByRole('table', { name: 'Event equipment' }).waitFor();
    const form = page.getByRole('form', { name: 'Add by stamped id' });
    await form.getByLabel('Stamped id').pressSequentially(stampedId);
    await form.getByText('Known item: it is added to the event').first().waitFor();
    await form.getByRole('button', { name: 'Add' }).click();
    await page.getByText(`Added ${stampedId}`, { exact: true }).waitFor();
    const rowStatus = page.getByLabel(`Status of ${stampedId}`);
    await expect.poll(() => rowStatus.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.text)).toBe('Not inspected');

    await rowStatus.selectOption({ label: 'OK' });
    const warning = page.getByRole('alert').filter({ hasText: 'Marked fit: check this item' });
    await warning.waitFor();
    expect(await warning.getByRole('listitem').textContent()).toMatch(
      new RegExp(`^${stampedId}: .*effective age \\d+(\\.\\d)? years \\(over 5\\)$`),
    );
    await settle(page);
    await picture(page, 'add-status-fit-warning-1280');
    const answer = await api<EventItemsForEdit>('GET', `/EventComponents/${eventId}/GetChipsForEdit`);
    const item = answer.items.find((r) => r.stampedId === stampedId);
    expect(answer.statuses.find((s) => s.id === item?.statusId)?.name).toBe('OK');
    await warning.getByRole('button', { name: 'Close warning' }).click();
    await warning.waitFor({ state: 'detached' });

    // The item dialog says so under its status.
    await page
      .getByRole('row')
      .filter({ hasText: stampedId })
      .getByRole('button', { name: `Edit ${stampedId}`, exact: true })
      .click();
    const dialog = page.getByRole('dialog', { name: `${stampedId} (#${item?.sequence})` });
    await dialog.getByLabel('Status', { exact: true }).selectOption({ label: 'Monitor' });
    await dialog.getByTestId('save-state').getByText('Saved', { exact: true }).waitFor();
    expect(await dialog.getByRole('alert').count()).toBe(0);
    await dialog.getByLabel('Status', { exact: true }).selectOption({ label: 'OK' });
    await dialog
      .getByRole('alert')
      .filter({ hasText: 'Marked fit: check this item' })
      .getByText(`${stampedId}:`, { exact: false })
      .waitFor();
    await settle(page);
    await picture(page, 'add-status-fit-warning-dialog-1280');
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('shows the Status select on the three add forms at 1280 and 375 px', async () => {
    await pictureAddForms(page, 1280);
    const phone = await signedInPage(browser, 'events@demo.example', { width: 375, height: 800 });
    await pictureAddForms(phone, 375);
    await phone.context().close();
  });
});
