/**
 * Events: create an event (the address moves on to its equipment), edit its details, a stale save
 * (409) and the guard, delete with confirmation; the event detail's summary matches its items; the
 * look-up page. Pictures at 1280 and 375 px of the list, the form and the detail.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiAuthorization } from './api.ts';
import { baseUrl, expectPath, horizontalOverflow, launchBrowser, picture, settle, signedInPage } from './browser.ts';

async function chooseOption(page: Page, label: string, option: string) {
  await page
    .getByRole('textbox', { name: label })
    .or(page.getByRole('combobox', { name: label }))
    .first()
    .click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('event form and detail', () => {
  let browser: Browser;
  let page: Page;
  let authorization: string;
  let created = 0;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await signedInPage(browser, 'events@demo.example');
    authorization = await apiAuthorization('events@demo.example');
    await settle(page);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('adds an event: required messages first, then Save goes on to the equipment editor', async () => {
    await page.getByRole('link', { name: 'Add event' }).click();
    await expectPath(page, '/Events/Add');
    await page.getByRole('heading', { name: 'Add event' }).waitFor();
    await picture(page, 'event-form-1280');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Event type is required').waitFor();

    await chooseOption(page, 'Event type', 'Inspection');
    await page.getByRole('button', { name: 'Ågotnes base' }).click();
    expect(await page.getByRole('textbox', { name: 'Location' }).inputValue()).toBe('Ågotnes base');
    await page.getByRole('textbox', { name: 'Document No' }).fill('E2E-EVENT-1');
    await page.getByRole('textbox', { name: 'Responsible' }).fill('Journey Tester');
    // Reset age asks for the age at reset; renewal needs Certificates level (this user has Events).
    expect(await page.getByRole('checkbox', { name: 'Renewal' }).isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: 'Reset age' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Age at reset is required').waitFor();
    await page.getByRole('checkbox', { name: 'Reset age' }).uncheck();

    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Event was created').waitFor();
    await page.waitForURL((url) => /^\/Events\/Edit\/\d+\/Equipment$/.test(url.pathname));
    created = Number(new URL(page.url()).pathname.split('/')[3]);
    const event = await api<{ documentNo: string; eventLocation: string; responsible: string; type: { name: string } }>(
      `/Events/${created}`,
      authorization,
    );
    expect(event).toMatchObject({
      documentNo: 'E2E-EVENT-1',
      eventLocation: 'Ågotnes base',
      responsible: 'Journey Tester',
      type: { name: 'Inspection' },
    });
  });

  it("edits the details: 'Event was saved' and the detail shows the change", async () => {
    await page.goto(`/Events/Edit/${created}/Details`);
    await page.getByRole('heading', { name: 'Edit event' }).waitFor();
    expect(
      await page
        .getByRole('textbox', { name: 'Event type' })
        .or(page.getByRole('combobox', { name: 'Event type' }))
        .first()
        .isDisabled(),
    ).toBe(true);
    await page.getByRole('textbox', { name: 'Company' }).fill('Journey Rigging AS');
    // A failing server first: the spec's message, and the form stays as typed.
    const failure = { status: 500, title: 'Internal Server Error', message: 'Database offline', correlationId: 'e2e-event' };
    await page.route(`**/api/Events/${created}`, (route) =>
      route.request().method() === 'PUT' ? route.fulfill({ status: 500, json: failure }) : route.continue(),
    );
    await page.getByRole('button', { name: 'Save' }).click();
    const toast = page.getByText('Something went wrong while saving, please try again');
    await toast.waitFor();
    await page.unroute(`**/api/Events/${created}`);
    // The toast sits above the sticky save bar, never over Save, and closes after 4 s even with the
    // pointer resting on it (Mantine would hold it open).
    const toastBox = await page.locator('.mantine-Notification-root').filter({ hasText: 'Something went wrong' }).boundingBox();
    const barBox = await page.getByRole('region', { name: 'Save bar' }).boundingBox();
    if (!toastBox || !barBox) throw new Error('The toast or the save bar is not on the screen');
    const apart =
      toastBox.y + toastBox.height <= barBox.y ||
      barBox.y + barBox.height <= toastBox.y ||
      toastBox.x + toastBox.width <= barBox.x ||
      barBox.x + barBox.width <= toastBox.x;
    expect(apart).toBe(true);
    await page.locator('.mantine-Notification-root').filter({ hasText: 'Something went wrong' }).hover();
    await toast.waitFor({ state: 'hidden' });
    expect(await page.getByRole('textbox', { name: 'Company' }).inputValue()).toBe('Journey Rigging AS');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Event was saved').waitFor();
    await expectPath(page, `/Events/${created}`);
    await page.getByText('Journey Rigging AS').waitFor();
  });

  it('asks before leaving unsaved changes, and a stale save says so (409) without changing anything', async () => {
    await page.goto(`/Events/Edit/${created}/Details`);
    await page.getByRole('heading', { name: 'Edit event' }).waitFor();
    await page.getByRole('textbox', { name: 'Company' }).fill('Not saved');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('Continue without saving?').waitFor();
    await page.getByRole('button', { name: 'Cancel' }).last().click();
    await expectPath(page, `/Events/Edit/${created}/Details`);

    // Someone else saves meanwhile.
    const current = await api<{ version: number; rig: { id: number }; referenceNo: { id: number }; eventDate: string }>(
      `/Events/${created}`,
      authorization,
    );
    await api(`/Events/${created}`, authorization, {
      method: 'PUT',
      body: JSON.stringify({
        rig: current.rig.id,
        referenceNo: current.referenceNo.id,
        eventDate: current.eventDate,
        company: 'Saved by someone else',
        version: current.version,
      }),
    });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('alert').filter({ hasText: 'Someone else saved this event after you opened it' }).waitFor();
    expect((await api<{ company: string }>(`/Events/${created}`, authorization)).company).toBe('Saved by someone else');
    await page.getByRole('button', { name: 'Reload' }).click();
    // The confirmation's Reload (the form's own Reload button stays on the page under the dialog).
    await page.getByRole('dialog').getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => page.getByRole('textbox', { name: 'Company' }).inputValue(), { timeout: 15_000 }).toBe('Saved by someone else');
  });

  it('deletes the event after confirmation', async () => {
    await page.getByRole('button', { name: 'Delete event' }).click();
    await page.getByText('Confirm delete').waitFor();
    await page.getByText('This cannot be undone').waitFor();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expectPath(page, '/Events');
    const response = await fetch(`${baseUrl()}/api/Events/${created}`, { headers: { authorization } });
    expect(response.status).toBe(404);
  });

  it("finds an event by its text at /Events/Search/{search}; the detail's summary counts match its items", async () => {
    // Sorting by a column asks the server: document numbers in order on the first page.
    await page.goto('/Events');
    await settle(page);
    await page.locator('table[aria-label="Events"] thead th', { hasText: 'Document No' }).click();
    await settle(page);
    const sorted = await api<{ items: { documentNo: string | null }[] }>(
      '/Events?sort=documentNo&direction=asc&pageSize=50',
      authorization,
    );
    await expect
      .poll(() => page.locator('table[aria-label="Events"] tbody tr td:nth-child(5)').allInnerTexts(), { timeout: 15_000 })
      .toEqual(sorted.items.map((e) => e.documentNo ?? ''));

    // The search box keeps its text in the address.
    await page.getByRole('textbox', { name: 'Search', exact: true }).fill('-X01');
    await expectPath(page, '/Events/Search/-X01');
    await settle(page);
    const rows = page.locator('table[aria-label="Events"] tbody tr');
    // The previous rows stay on screen while the search loads: wait for the list to be the one match.
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(1);
    await picture(page, 'events-list-1280');
    await rows.first().click();
    await page.waitForURL((url) => /^\/Events\/\d+$/.test(url.pathname));
    const id = Number(new URL(page.url()).pathname.split('/')[2]);
    await page.getByRole('heading', { name: 'Equipment summary' }).waitFor();
    await settle(page);

    const summary = await api<{ totalAmount: number; statuses: { name: string; amount: number }[] }>(
      `/Events/${id}/EquipmentSummary`,
      authorization,
    );
    const chips = await api<{ total: number }>(`/Events/${id}/chips?pageSize=1`, authorization);
    expect(summary.totalAmount).toBe(chips.total);
    expect(summary.totalAmount).toBeGreaterThan(200);
    const counts = page.getByLabel('Counts');
    await counts.getByText(`${summary.totalAmount} items`, { exact: true }).waitFor();
    let shown = 0;
    for (const status of summary.statuses) {
      await counts.getByText(`${status.name}: ${status.amount}`).waitFor();
      shown += status.amount;
    }
    expect(shown).toBe(summary.totalAmount);
    await page.getByText(`1-50 of ${summary.totalAmount}`).waitFor();

    const monitor = summary.statuses.find((s) => s.name === 'Monitor');
    if (monitor) {
      await page.getByRole('button', { name: /^Filter/ }).click();
      await page.getByRole('menuitem', { name: 'Monitor' }).click();
      await page.getByText(`1-${Math.min(50, monitor.amount)} of ${monitor.amount}`).waitFor();
    }
    await page.getByRole('switch', { name: 'Detailed view' }).check();
    await page.getByRole('columnheader', { name: 'Sub-type' }).first().waitFor();
    await picture(page, 'event-detail-1280', { fullPage: true });

    // A finding's pictures open in the viewer.
    await page.getByRole('button', { name: /^Filter/ }).click();
    await page.getByRole('menuitem', { name: 'With notification' }).click();
    await page
      .getByRole('button', { name: /^Pictures of / })
      .first()
      .click();
    await page
      .getByRole('dialog', { name: /^Pictures of / })
      .getByAltText(/-finding-\d\.png$/)
      .waitFor();
    await picture(page, 'event-pictures-1280');
  });

  it('copies an event with its equipment from the detail page', async () => {
    const found = await api<{ items: { id: number }[] }>('/Events/type?search=-X02', authorization);
    const source = found.items[0].id;
    const { itemCount } = await api<{ itemCount: number }>(`/Events/${source}`, authorization);
    await page.goto(`/Events/${source}`);
    await page.getByRole('link', { name: 'Copy' }).click();
    await expectPath(page, `/Events/Add/${source}`);
    await page.getByRole('checkbox', { name: `Create with equipment (${itemCount} items)` }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Event was created').waitFor();
    await page.waitForURL((url) => /^\/Events\/Edit\/\d+\/Equipment$/.test(url.pathname));
    const copy = Number(new URL(page.url()).pathname.split('/')[3]);
    expect(copy).not.toBe(source);
    expect((await api<{ itemCount: number }>(`/Events/${copy}`, authorization)).itemCount).toBe(itemCount);
    await api(`/Events/${copy}`, authorization, { method: 'DELETE' });
  });

  it('looks right on a phone (375 px): list, form and detail', async () => {
    const phone = await signedInPage(browser, 'events@demo.example', { width: 375, height: 800 });
    await settle(phone);
    await picture(phone, 'events-list-375');
    expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
    await phone.goto('/Events/Add');
    await phone.getByRole('heading', { name: 'Add event' }).waitFor();
    await picture(phone, 'event-form-375');
    expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
    await phone.goto('/Events/Search/-X01');
    await settle(phone);
    await phone.locator('table[aria-label="Events"] tbody tr').first().click();
    await phone.getByRole('heading', { name: 'Equipment summary' }).waitFor();
    await settle(phone);
    await picture(phone, 'event-detail-375', { fullPage: true });
    expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
    await phone.context().close();
  });
});
