/**
 * A status change made offline on an event signed off meanwhile (issue 29 part 2, decision 084): back
 * online it is refused and waits under "Not applied"; "Record as amendment" opens the item's Amend form
 * filled with that status, and once the amendment is recorded the waiting change goes.
 */
import type { EventCodeTables, EventEquipmentDetails, EventItemsForEdit } from '@portal/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, apiAuthorization } from './api.ts';
import { launchBrowser, picture, settle, signedInPage } from './browser.ts';
import { keptOnDevice } from './offline.ts';

let authorization: string;

const api = apiAs(() => authorization);

describe('a change refused by a sign-off, recorded as an amendment', () => {
  let browser: Browser;
  let page: Page;
  let eventId: number;
  let item: EventItemsForEdit['items'][number];
  let other: { id: number; name: string };

  beforeAll(async () => {
    authorization = await apiAuthorization('events@demo.example');
    const tables = await api<EventCodeTables>('GET', '/Events/codetables');
    const project = tables.projects.find((p) => p.parentId !== null);
    eventId = (
      await api<{ id: number }>('POST', '/Events', {
        type: tables.types.find((t) => t.name === 'Inspection')?.id,
        rig: project?.parentId,
        referenceNo: project?.id,
        eventDate: '2026-11-10',
      })
    ).id;
    const header = await api<EventEquipmentDetails>('GET', `/EventComponents/${eventId}/equipmentDetails`);
    const fit = header.statuses.find((s) => s.meaning === 'fit');
    const suffix = Date.now().toString(36).toUpperCase();
    await api('POST', `/EventComponents/${eventId}/component`, { stampedId: `E2E-AMEND-${suffix}`, statusId: fit?.id });
    [item] = (await api<EventItemsForEdit>('GET', `/EventComponents/${eventId}/GetChipsForEdit`)).items;
    const found = header.statuses.find((s) => s.id !== item.statusId && s.meaning === 'monitor');
    if (!found) throw new Error('The Inspection type has no monitor status');
    other = found;
    browser = await launchBrowser();
    page = await signedInPage(browser, 'events@demo.example', { width: 375, height: 812 });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('keeps the status change offline while the event is signed off elsewhere', async () => {
    await page.goto(`/Events/Edit/${eventId}/Equipment`);
    await page.getByRole('table', { name: 'Event equipment' }).waitFor();
    await settle(page);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    await expect.poll(() => keptOnDevice(page, eventId)).toBe(true);
    await page.context().setOffline(true);
    await page.reload();
    await page.getByRole('status', { name: 'Offline, 0 changes waiting' }).waitFor();
    await page.getByRole('combobox', { name: `Status of ${item.stampedId}` }).selectOption(String(other.id));
    await page.getByRole('status', { name: 'Offline, 1 change waiting' }).waitFor();
    await api('POST', `/Events/${eventId}/SignOff`, {
      inspector: 'Ingrid Journey',
      qualification: 'Level 2 MPI',
      company: 'Nordic Rope Survey AS',
    });
  });

  it('back online, offers it as an amendment: the Amend form opens with that status, and once recorded the change goes', async () => {
    await page.context().setOffline(false);
    const notApplied = page.getByRole('region', { name: 'Not applied' });
    await notApplied.getByText(`Status of ${item.stampedId}: ${other.name}`).waitFor({ timeout: 60_000 });
    await notApplied.getByRole('button', { name: 'Record as amendment' }).click();
    const form = page.getByRole('dialog').getByRole('form', { name: 'Amend this item' });
    await form.waitFor();
    expect(await form.getByRole('combobox', { name: 'Corrected status' }).inputValue()).toBe(String(other.id));
    await picture(page, 'offline-amend-form-375');
    await form.getByRole('textbox', { name: 'Reason' }).click();
    await page.keyboard.type('Changed on deck before the sign-off reached the device');
    await form.getByRole('button', { name: 'Record amendment' }).click();
    await page.getByText('The amendment was recorded').waitFor();
    await expect.poll(() => page.getByRole('region', { name: 'Not applied' }).count()).toBe(0);
    const amendments = await api<{ reason: string; after: { statusId: number } }[]>('GET', `/Events/${eventId}/Amendments`);
    expect(amendments).toMatchObject([{ reason: 'Changed on deck before the sign-off reached the device', after: { statusId: other.id } }]);
  });
});
