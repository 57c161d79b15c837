/**
 * Changes made offline outlive the session, never silently lost (issue 29 part 2, decision 083):
 * logging out with a change waiting asks 'N changes have not been sent' (Send now, Keep, Discard, and
 * Discard asks again); a kept change is not shown to another user who signs in on the device and is
 * sent once its user signs in again; a session ended on the server (a 401 while sending) keeps the
 * change until the same user signs in.
 */
import type { EventCodeTables, EventEquipmentDetails, EventItemsForEdit } from '@portal/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, apiAuthorization, equipmentChips } from './api.ts';
import { expectPath, launchBrowser, picture, settle, signedInPage, submitLogin } from './browser.ts';

let authorization: string;

const api = apiAs(() => authorization);

describe('logging out with changes made offline', () => {
  let browser: Browser;
  let page: Page;
  let eventId: number;
  let item: { id: number; stampedId: string; statusId: number | null };
  let statuses: { id: number; name: string }[];

  const statusOnServer = async () => (await api<EventItemsForEdit>('GET', `/EventComponents/${eventId}/GetChipsForEdit`)).items[0].statusId;

  /** Offline after a reload of the editor, the item is given `statusId`: one change waits. */
  async function changeOffline(statusId: number) {
    await page.goto(`/Events/Edit/${eventId}/Equipment`);
    await page.getByRole('table', { name: 'Event equipment' }).waitFor();
    await settle(page);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    await page.context().setOffline(true);
    await page.reload();
    await page.getByRole('status', { name: 'Offline, 0 changes waiting' }).waitFor();
    await page.getByRole('combobox', { name: `Status of ${item.stampedId}` }).selectOption(String(statusId));
    await page.getByRole('status', { name: 'Offline, 1 change waiting' }).waitFor();
  }

  /** Signs in on the login page; the portal opens the page the person was on, or their home page. */
  const signInAgain = async (username: string) => {
    await submitLogin(page, username);
    await page.waitForURL((url) => url.pathname !== '/', { timeout: 15_000 });
  };

  const logOut = async () => {
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
  };

  beforeAll(async () => {
    authorization = await apiAuthorization('events@demo.example');
    const tables = await api<EventCodeTables>('GET', '/Events/codetables');
    const project = tables.projects.find((p) => p.parentId !== null);
    eventId = (
      await api<{ id: number }>('POST', '/Events', {
        type: tables.types.find((t) => t.name === 'Inspection')?.id,
        rig: project?.parentId,
        referenceNo: project?.id,
        eventDate: '2026-11-05',
      })
    ).id;
    const [chip] = await equipmentChips(await apiAuthorization('sysadmin@demo.example'), 1);
    await api('POST', `/EventComponents/${eventId}/component`, { chipId: chip.chipId });
    item = (await api<EventItemsForEdit>('GET', `/EventComponents/${eventId}/GetChipsForEdit`)).items[0];
    statuses = (await api<EventEquipmentDetails>('GET', `/EventComponents/${eventId}/equipmentDetails`)).statuses.filter(
      (s) => s.id !== item.statusId,
    );
    expect(statuses.length).toBeGreaterThanOrEqual(2);
    browser = await launchBrowser();
    page = await signedInPage(browser, 'events@demo.example', { width: 375, height: 812 });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("asks 'N changes have not been sent'; Discard asks again, and cancelling keeps the change", async () => {
    await changeOffline(statuses[0].id);
    await logOut();
    const dialog = page.getByRole('dialog', { name: '1 change has not been sent' });
    await dialog.waitFor();
    for (const name of ['Send now', 'Keep', 'Discard']) await dialog.getByRole('button', { name }).waitFor();
    await picture(page, 'offline-logout-dialog-375');
    await dialog.getByRole('button', { name: 'Discard' }).click();
    const again = page.getByRole('dialog', { name: 'Discard 1 change?' });
    await again.getByText('They are deleted from this device and never sent.').waitFor();
    await again.getByRole('button', { name: 'Cancel' }).click();
    await again.waitFor({ state: 'detached' });
    // Still signed in, the change still waiting.
    await page.getByRole('status', { name: 'Offline, 1 change waiting' }).waitFor();
  });

  it('Send now without a network keeps it and asks again; back online, Send now sends it and logs out', async () => {
    await logOut();
    const dialog = page.getByRole('dialog', { name: '1 change has not been sent' });
    await dialog.getByRole('button', { name: 'Send now' }).click();
    await dialog.getByText(/Not all could be sent now/).waitFor();
    expect(await statusOnServer()).toBe(item.statusId);
    await page.context().setOffline(false);
    await dialog.getByRole('button', { name: 'Send now' }).click();
    await expectPath(page, '/');
    await expect.poll(statusOnServer).toBe(statuses[0].id);
  });

  it('Keep: another user signing in sees none of it; the same user signing in again sends it', async () => {
    await signInAgain('events@demo.example');
    await changeOffline(statuses[1].id);
    await logOut();
    await page.getByRole('dialog', { name: '1 change has not been sent' }).getByRole('button', { name: 'Keep' }).click();
    // Logged out at once, without a network too.
    await expectPath(page, '/');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.context().setOffline(false);
    await page.goto('/');
    await signInAgain('sysadmin@demo.example');
    await page.goto(`/Events/Edit/${eventId}/Equipment`);
    await page.getByRole('table', { name: 'Event equipment' }).waitFor();
    await settle(page);
    expect(
      await page
        .getByRole('status')
        .filter({ hasText: /waiting|Sending/ })
        .count(),
    ).toBe(0);
    expect(await statusOnServer()).toBe(statuses[0].id);
    await logOut();
    await expectPath(page, '/');
    await signInAgain('events@demo.example');
    await expect.poll(statusOnServer, { timeout: 60_000 }).toBe(statuses[1].id);
  });

  it('a 401 while sending (the session ended on the server) keeps the change until the same user signs in', async () => {
    await changeOffline(statuses[0].id);
    const token = await page.evaluate(() => localStorage.getItem('portal.token'));
    await api('POST', '/Account/Logout', undefined, `Bearer ${token}`);
    await page.context().setOffline(false);
    await expectPath(page, '/');
    expect(await statusOnServer()).toBe(statuses[1].id);
    await signInAgain('events@demo.example');
    await expect.poll(statusOnServer, { timeout: 60_000 }).toBe(statuses[0].id);
  });
});
