/** What a user reads (issue 23 part 7): events and certificates by name, the due kind of a new event type. */
import type { EquipmentDetail, EventPage } from '@portal/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAuthorization, equipmentChips } from './api.ts';
import { baseUrl, expectAccessible, launchBrowser, settle, signedInPage } from './browser.ts';

const run = Date.now().toString(36).slice(-5).toUpperCase();
const dmy = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${baseUrl()}/api${path}`, { headers: { authorization: await apiAuthorization('admin@demo.example') } });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

describe('the small things a user reads', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await signedInPage(browser, 'admin@demo.example');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('names the event by its type and date in the breadcrumbs of its edit and copy forms', async () => {
    const [event] = (await api<EventPage>('/Events?pageSize=1')).items;
    const name = `${event.type.name} ${dmy(event.eventDate)}`;
    for (const path of [`/Events/Edit/${event.id}/Details`, `/Events/Add/${event.id}`]) {
      await page.goto(path);
      const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
      await crumbs.getByRole('link', { name, exact: true }).waitFor();
      expect(await crumbs.getByText(`Event ${event.id}`).count()).toBe(0);
    }
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name, exact: true }).click();
    await page.getByRole('heading', { name, exact: true }).waitFor();
  });

  it("shows the certificate's number, not its id, in an item's record history", async () => {
    const authorization = await apiAuthorization('admin@demo.example');
    const [chip] = await equipmentChips(authorization, 1);
    const item = await api<EquipmentDetail>(`/Equipment/${encodeURIComponent(chip.stampedId)}`);
    const number = item.certificate?.certificateName ?? '';
    expect(number).not.toBe('');
    await page.goto(`/Equipment/${encodeURIComponent(chip.stampedId)}`);
    const history = page.getByRole('table', { name: 'Record history' });
    await history.getByRole('cell', { name: number, exact: true }).first().waitFor();
    expect(await history.getByText(/^#\d+$/).count()).toBe(0);
  });

  it('asks on the Add event type dialog what the new type counts as, and the Edit dialog shows the choice', async () => {
    const typeName = `Proof load ${run}`;
    await page.goto('/Admin/Events');
    await page.getByRole('button', { name: 'Add event type' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add event type' });
    await dialog.getByLabel('Name').pressSequentially(typeName);
    await dialog.getByRole('combobox', { name: 'Counts for due dates as' }).click();
    await page.getByRole('option', { name: 'An inspection' }).click();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(`Event type '${typeName}' was added`).waitFor();

    await page.getByRole('button', { name: `Edit ${typeName}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit event type' });
    await expect.poll(() => edit.getByRole('combobox', { name: 'Counts for due dates as' }).inputValue()).toBe('An inspection');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await settle(page);
  });
});
