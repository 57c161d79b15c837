import type { FolderTree } from '@portal/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAuthorization } from './api.ts';
import { baseUrl, horizontalOverflow, launchBrowser, picture, settle, signedInPage } from './browser.ts';

const shoot = (page: Page, name: string) => picture(page, name, { fullPage: true });
const run = Date.now().toString(36).toUpperCase();
const stampedId = `DUE-${run}`;
const monthsAgo = (months: number) => {
  const date = new Date();
  date.setUTCMonth(date.getUTCMonth() - months);
  return date.toISOString().slice(0, 10);
};

/** Calls the API as the demo SystemAdministrator; answers the JSON body. */
async function api<T = { id: number }>(authorization: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method,
    headers: { authorization, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${path} failed: ${response.status} ${await response.text()}`);
  return (response.status === 204 ? undefined : response.json()) as Promise<T>;
}

describe('inspection due dates', () => {
  let browser: Browser;
  let authorization: string;
  let owner: { id: number };
  let type: { id: number };
  let inspection: { typeId: number; rigId: number; projectId: number; statusId: number };

  /** Registers an inspection of the journey's item on `eventDate` (the event form is covered by its own journey). */
  async function inspect(eventDate: string) {
    const event = await api(authorization, 'POST', '/Events', {
      type: inspection.typeId,
      rig: inspection.rigId,
      referenceNo: inspection.projectId,
      eventDate,
    });
    // Found fit: only a status that is an inspection moves the due clock (docs/due-dates.md).
    await api(authorization, 'POST', `/EventComponents/${event.id}/component`, { stampedId, statusId: inspection.statusId });
    return event as { id: number };
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    authorization = await apiAuthorization('sysadmin@demo.example');
    // A new owner with a sling certificate of one item, signed ten months ago; its type has no regime yet.
    owner = await api(authorization, 'POST', '/Owners', { name: `Due journey ${run}`, shortCode: `D${run.slice(-6)}`, label: 'default' });
    type = await api(authorization, 'POST', '/CertificateTypes/certificateType', { name: 'Slings', owner: owner.id });
    const subType = await api(authorization, 'POST', '/CertificateTypes/certificateSubType', {
      name: 'Round sling',
      certificateType: type.id,
    });
    const dimension = await api(authorization, 'POST', '/CertificateTypes/dimension', { name: '10 t', subType: subType.id });
    await api(authorization, 'POST', '/Certificates', {
      ownerId: owner.id,
      typeId: type.id,
      subTypeId: subType.id,
      dimensionId: dimension.id,
      certificateNumber: `DUE-CERT-${run}`,
      dateSigned: monthsAgo(10),
      equipment: [{ stampedId, new: true }],
    });
    const tree = await api<FolderTree>(authorization, 'GET', '/Folders/aggregated');
    const eventType = tree.eventTypes.find((folder) => folder.name === 'Inspection');
    const rig = tree.rigs.find((folder) => folder.enabled && folder.children.some((project) => project.enabled));
    const project = rig?.children.find((child) => child.enabled);
    if (!eventType || !rig || !project) throw new Error('The demo data has no Inspection event type or no rig with a project');
    const statuses = await api<{ id: number; meaning: string }[]>(authorization, 'GET', `/Events/getAvailableStatuses/${eventType.id}`);
    const fit = statuses.find((status) => status.meaning === 'fit');
    if (!fit) throw new Error('The demo Inspection event type has no status meaning fit');
    inspection = { typeId: eventType.id, rigId: rig.id, projectId: project.id, statusId: fit.id };
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sets a 6-month regime, shows an item inspected eight months ago red on its page and in /Reports/Due, then green after a new inspection', async () => {
    const page = await signedInPage(browser, 'admin@demo.example', { home: '/Events' });
    await page.goto(`/Admin/Owners/${owner.id}/${type.id}`);
    const panel = page.getByRole('region', { name: 'Inspection regime' });
    const months = panel.getByLabel('Inspection interval of Slings, months');
    // Months are whole: '2,5' says so as typing stops (spec section 5), not only on Save.
    await months.pressSequentially('2,5', { delay: 50 });
    await panel.getByText('Must be integer').waitFor();
    await months.clear();
    await months.pressSequentially('6', { delay: 50 });
    await panel.getByRole('button', { name: 'Save the regime of Slings' }).click();
    await page.getByText("The regime of 'Slings' was saved").waitFor();
    await settle(page);
    await shoot(page, 'due-regime-1280');

    const old = await inspect(monthsAgo(8));
    // The event's detail and its equipment editor show the item's light in their Due column.
    for (const path of [`/Events/${old.id}`, `/Events/Edit/${old.id}/Equipment`]) {
      await page.goto(path);
      const itemRow = page.getByRole('row').filter({ hasText: stampedId });
      await itemRow.locator('[data-light="red"]').waitFor();
    }

    await page.goto(`/Equipment/${stampedId}`);
    await page.getByRole('heading', { name: stampedId, level: 1 }).waitFor();
    const badge = page.locator('[data-light]').first();
    await badge.waitFor();
    expect(await badge.getAttribute('data-light')).toBe('red');
    expect(await badge.textContent()).toContain('Overdue');
    await settle(page);
    await shoot(page, 'due-equipment-red-1280');

    await page.goto('/Reports/Due');
    await page.getByRole('table', { name: 'Items by due date' }).waitFor();
    await page.getByRole('region', { name: 'Filters' }).getByLabel('Owner').fill(`Due journey ${run}`);
    await page.getByRole('option', { name: `Due journey ${run}` }).click();
    const row = page.getByRole('row').filter({ hasText: stampedId });
    await row.waitFor();
    expect(await row.locator('[data-light]').getAttribute('data-light')).toBe('red');
    expect(await page.getByTestId('due-count-red').textContent()).toBe('1');
    await settle(page);
    await shoot(page, 'due-report-1280');

    await inspect(monthsAgo(0));
    await page.goto(`/Equipment/${stampedId}`);
    await page.getByRole('heading', { name: stampedId, level: 1 }).waitFor();
    await page.locator('[data-light="green"]').waitFor();
    await page.context().close();
  });

  it('fits a phone: /Reports and /Reports/Due at 375 px', async () => {
    const page = await signedInPage(browser, 'report@demo.example', { home: '/Reports', width: 375 });
    await page.getByRole('link', { name: 'Inspection due' }).waitFor();
    await page.getByLabel(/overdue$/).waitFor();
    await shoot(page, 'due-reports-landing-375');
    await page.getByRole('link', { name: 'Inspection due' }).click();
    await page.getByRole('table', { name: 'Items by due date' }).waitFor();
    await settle(page);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await shoot(page, 'due-report-375');
    await page.context().close();
  });
});
