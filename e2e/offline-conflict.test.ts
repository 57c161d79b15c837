/**
 * A change made offline on an item another session changed meanwhile (issue 29 part 2, decision 083):
 * back online the server refuses it (409, the item's version moved on) with both values; the editor
 * shows both under "Not applied" and the person chooses. Nothing is overwritten without them.
 */
import type { EventCodeTables, EventEquipmentDetails, EventItemsForEdit } from '@portal/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, apiAuthorization, equipmentChips } from './api.ts';
import { expectAccessible, launchBrowser, picture, settle, signedInPage } from './browser.ts';

let authorization: string;

const api = apiAs(() => authorization);

describe('a change made offline meets a change made meanwhile in another session', () => {
  let browser: Browser;
  let page: Page;
  let eventId: number;
  let item: { id: number; stampedId: string; statusId: number | null };
  let mine: { id: number; name: string };
  let theirs: { id: number; name: string };

  const statusOnServer = async () => (await api<EventItemsForEdit>('GET', `/EventComponents/${eventId}/GetChipsForEdit`)).items[0].statusId;

  beforeAll(async () => {
    authorization = await apiAuthorization('events@demo.example');
    const tables = await api<EventCodeTables>('GET', '/Events/codetables');
    const project = tables.projects.find((p) => p.parentId !== null);
    eventId = (
      await api<{ id: number }>('POST', '/Events', {
        type: tables.types.find((t) => t.name === 'Inspection')?.id,
        rig: project?.parentId,
        referenceNo: project?.id,
        eventDate: '2026-11-06',
      })
    ).id;
    const [, chip] = await equipmentChips(await apiAuthorization('sysadmin@demo.example'), 2);
    await api('POST', `/EventComponents/${eventId}/component`, { chipId: chip.chipId });
    item = (await api<EventItemsForEdit>('GET', `/EventComponents/${eventId}/GetChipsForEdit`)).items[0];
    const others = (await api<EventEquipmentDetails>('GET', `/EventComponents/${eventId}/equipmentDetails`)).statuses.filter(
      (s) => s.id !== item.statusId,
    );
    [mine, theirs] = others;
    expect(theirs).toBeDefined();
    browser = await launchBrowser();
    page = await signedInPage(browser, 'events@demo.example', { width: 375, height: 812 });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows both values and applies the one the person chooses', async () => {
    await page.goto(`/Events/Edit/${eventId}/Equipment`);
    await page.getByRole('table', { name: 'Event equipment' }).waitFor();
    await settle(page);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    await page.context().setOffline(true);
    await page.reload();
    await page.getByRole('status', { name: 'Offline, 0 changes waiting' }).waitFor();
    await page.getByRole('combobox', { name: `Status of ${item.stampedId}` }).selectOption(String(mine.id));
    await page.getByRole('status', { name: 'Offline, 1 change waiting' }).waitFor();

    // Meanwhile another session (the same user elsewhere) gives the item another status.
    const elsewhere = await apiAuthorization('events@demo.example');
    await api('PUT', `/EventComponents/${eventId}/component/${item.id}`, { statusId: theirs.id }, elsewhere);

    await page.context().setOffline(false);
    const notApplied = page.getByRole('region', { name: 'Not applied' });
    await notApplied
      .getByText(`${item.stampedId} was changed meanwhile. On the server now: ${theirs.name}. Yours: ${mine.name}.`)
      .waitFor({ timeout: 60_000 });
    // Nothing was overwritten: the server keeps the other session's value until the person chooses.
    expect(await statusOnServer()).toBe(theirs.id);
    await expectAccessible(page);
    await notApplied.scrollIntoViewIfNeeded();
    await picture(page, 'offline-conflict-375');
    await notApplied.getByRole('button', { name: `Use mine (${mine.name})` }).click();
    await notApplied.waitFor({ state: 'detached', timeout: 60_000 });
    await expect.poll(statusOnServer, { timeout: 60_000 }).toBe(mine.id);
    await expect.poll(() => page.getByRole('combobox', { name: `Status of ${item.stampedId}` }).inputValue()).toBe(String(mine.id));
  });
});
