/**
 * Sign-off (issue 25, docs/sign-off.md): an inspector signs an event off from its page (a summary
 * first, the inspector typed in), the event then shows who signed and opens read-only; a save that
 * still arrives from a form opened before is refused with the server's message. Pictures at 1280 and 375 px.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfSignature, pdfText } from '../packages/server/test/pdf.ts';
import { api, apiAuthorization } from './api.ts';
import { expectAccessible, horizontalOverflow, launchBrowser, newContext, picture, settle, signedInPage } from './browser.ts';

type Entry = { id: number; name: string; parentId: number | null; default: boolean };
type Status = { id: number; name: string; meaning: string };

/** An inspection on a demo rig with three new items: fit, condemned (flagged), not inspected. */
async function inspectedEvent(authorization: string): Promise<number> {
  const tables = await api<{ projects: Entry[]; rigs: Entry[]; types: Entry[] }>('/Events/codetables', authorization);
  const type = tables.types.find((t) => t.name === 'Inspection') ?? tables.types[0];
  const project = tables.projects[0];
  const { id } = await api<{ id: number }>('/Events', authorization, {
    method: 'POST',
    body: JSON.stringify({
      type: type.id,
      rig: project.parentId,
      referenceNo: project.id,
      eventDate: '2026-11-20',
      responsible: 'Sign-off journey',
    }),
  });
  const statuses = await api<Status[]>(`/Events/${id}/Statuses`, authorization);
  const meaning = (m: string) => statuses.find((s) => s.meaning === m)?.id ?? null;
  const suffix = Date.now().toString(36).toUpperCase();
  for (const [i, m] of ['fit', 'condemned', 'notInspected'].entries()) {
    const added = await api<{ item: { id: number } }>(`/EventComponents/${id}/component`, authorization, {
      method: 'POST',
      body: JSON.stringify({ stampedId: `E2E-SIGN-${suffix}-${i + 1}`, statusId: meaning(m) }),
    });
    if (m === 'condemned') {
      await api(`/EventComponents/${id}/component/${added.item.id}`, authorization, {
        method: 'PUT',
        body: JSON.stringify({ notifications: true }),
      });
    }
  }
  return id;
}

describe('sign-off', () => {
  let browser: Browser;
  let page: Page;
  let authorization: string;
  let eventId = 0;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await signedInPage(browser, 'events@demo.example');
    authorization = await apiAuthorization('events@demo.example');
    eventId = await inspectedEvent(authorization);
    await settle(page);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('keeps the inspector profile on the account page; the sign-off dialog starts from it', async () => {
    await page.goto('/Changepassword');
    const profile = page.getByRole('form', { name: 'Inspector profile' });
    for (const [label, value] of [
      ['Inspector name', 'Ingrid Profile'],
      ['Qualification', 'Level 2 MPI'],
      ['Company', 'Journey Survey AS'],
    ]) {
      const box = profile.getByRole('textbox', { name: label });
      await box.click();
      await box.press('ControlOrMeta+a');
      await page.keyboard.type(value);
    }
    await profile.getByRole('button', { name: 'Update profile' }).click();
    await page.getByText('Inspector profile saved').waitFor();
    await expectAccessible(page);
    await picture(page, 'sign-off-profile-1280');
    expect(await api<{ inspectorName: string }>('/Account/UserInfo', authorization)).toMatchObject({ inspectorName: 'Ingrid Profile' });
    await page.goto(`/Events/${eventId}`);
    await page.getByRole('button', { name: 'Sign off' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign off this event' });
    await expect.poll(() => dialog.getByRole('textbox', { name: 'Inspector' }).inputValue()).toBe('Ingrid Profile');
    expect(await dialog.getByRole('textbox', { name: 'Company' }).inputValue()).toBe('Journey Survey AS');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('signs an event off after its summary, with the inspector typed in; a form opened before cannot save', async () => {
    // A second tab has the event form open before the sign-off.
    const before = await page.context().newPage();
    await before.goto(`/Events/Edit/${eventId}/Details`);
    await before.getByRole('heading', { name: 'Edit event' }).waitFor();

    await page.goto(`/Events/${eventId}`);
    await page.getByRole('button', { name: 'Sign off' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Sign off' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign off this event' });
    await dialog.getByText('Condemned items').waitFor();
    const summary = dialog.getByRole('region', { name: 'Summary' });
    await expect
      .poll(() => summary.textContent())
      .toMatch(/Fit for use: 1[\s\S]*Condemned: 1[\s\S]*Not inspected: 1[\s\S]*Open notifications: 1/);
    const inspector = dialog.getByRole('textbox', { name: 'Inspector' });
    await inspector.click();
    await inspector.press('ControlOrMeta+a');
    await page.keyboard.type('Ingrid Journey');
    for (const [label, value] of [
      ['Qualification', 'Level 2 MPI'],
      ['Company', 'Journey Survey AS'],
    ]) {
      const box = dialog.getByRole('textbox', { name: label });
      await box.click();
      await box.press('ControlOrMeta+a');
      await page.keyboard.type(value);
    }
    await picture(page, 'sign-off-dialog-1280');
    await dialog.getByRole('button', { name: 'Sign off' }).click();
    const note = page.getByRole('status', { name: 'Signed off' });
    await note.getByText(/^Signed off by Ingrid Journey \(Level 2 MPI, Journey Survey AS\) on \d\d\.\d\d\.\d{4} - \d\d:\d\d$/).waitFor();
    expect(await page.getByRole('button', { name: 'Sign off' }).count()).toBe(0);
    await picture(page, 'sign-off-event-1280');

    // The form opened before the sign-off: its save is refused with the server's message.
    const responsible = before.getByRole('textbox', { name: 'Responsible' });
    await responsible.click();
    await before.keyboard.type(' (late edit)');
    await before.getByRole('button', { name: 'Save' }).click();
    const toast = before.locator('.mantine-Notification-root').filter({ hasText: 'Something went wrong while saving, please try again' });
    await toast.getByText(/This event is signed off: record an amendment instead/).waitFor();
    await picture(before, 'sign-off-refused-1280');
    await before.close();

    // Opened now, the form is read-only and says who signed.
    await page.goto(`/Events/Edit/${eventId}/Details`);
    await page.getByRole('heading', { name: 'Event (signed off)' }).waitFor();
    await page.getByText(/^Signed off by Ingrid Journey/).waitFor();
    expect(await page.getByRole('textbox', { name: 'Responsible' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete event' }).count()).toBe(0);
    await expectAccessible(page);
    const event = await api<{ responsible: string; signOff: { signedBy: string } }>(`/Events/${eventId}`, authorization);
    expect(event).toMatchObject({ responsible: 'Sign-off journey', signOff: { signedBy: 'Ingrid Journey' } });
  });

  it('the equipment editor of a signed event adds nothing; the item dialog only switches the notification', async () => {
    await page.goto(`/Events/Edit/${eventId}/Equipment`);
    await page.getByText(/^Signed off by Ingrid Journey/).waitFor();
    expect(await page.getByRole('tab', { name: 'Stamped id' }).count()).toBe(0);
    await picture(page, 'sign-off-editor-1280');
    const rows = await api<{ items: { id: number }[] }>(`/EventComponents/${eventId}/GetChipsForEdit`, authorization);
    await page.goto(`/Events/Edit/${eventId}/Equipment/${rows.items[1].id}`);
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/^Signed off by Ingrid Journey/).waitFor();
    expect(await dialog.getByRole('combobox', { name: 'Status' }).isDisabled()).toBe(true);
    await dialog.getByText('Only the notification flag can change here; it saves itself.').waitFor();
    await dialog.getByRole('switch', { name: /Notification/ }).click({ force: true });
    await dialog.getByText('Saved').waitFor();
    await dialog
      .getByText(/^Notification turned (on|off) by events@demo\.example on/)
      .first()
      .waitFor();
    await expectAccessible(page);
    await picture(page, 'sign-off-item-dialog-1280');
  });

  it('amends an item: the corrected status is its status, the original and the reason stay in the amendment', async () => {
    const statuses = await api<Status[]>(`/Events/${eventId}/Statuses`, authorization);
    const condemned = statuses.find((s) => s.meaning === 'condemned');
    if (!condemned) throw new Error('The demo inspection type has no condemned status');
    const rows = await api<{ items: { id: number }[] }>(`/EventComponents/${eventId}/GetChipsForEdit`, authorization);
    await page.goto(`/Events/Edit/${eventId}/Equipment/${rows.items[0].id}`);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Amend' }).click();
    const form = dialog.getByRole('form', { name: 'Amend this item' });
    await form.getByRole('combobox', { name: 'Corrected status' }).selectOption({ label: condemned.name });
    await form.getByRole('textbox', { name: 'Reason' }).click();
    await page.keyboard.type('MPI result came back after sign-off');
    await form.getByRole('button', { name: 'Record amendment' }).click();
    await page.getByText('The amendment was recorded').waitFor();
    await dialog.getByText(/MPI result came back after sign-off/).waitFor();
    await expect.poll(() => dialog.getByRole('combobox', { name: 'Status' }).inputValue()).toBe(String(condemned.id));
    await picture(page, 'sign-off-amended-dialog-1280');
    const amendments = await api<{ reason: string; after: { statusId: number } }[]>(`/Events/${eventId}/Amendments`, authorization);
    expect(amendments).toMatchObject([{ reason: 'MPI result came back after sign-off', after: { statusId: condemned.id } }]);
    await page.goto(`/Events/${eventId}`);
    await page.getByRole('region', { name: 'Amendments' }).getByText('MPI result came back after sign-off').waitFor();
    await page.getByText(/^Seal [0-9a-f]{16}… valid$/).waitFor();
    await expectAccessible(page);
    await picture(page, 'sign-off-amended-event-1280', { fullPage: true });
  });

  it('downloads the report as an issued document whose printed link, opened signed out, says valid', async () => {
    // The item's page names who signed its event off.
    const rows = await api<{ items: { stampedId: string }[] }>(`/EventComponents/${eventId}/GetChipsForEdit`, authorization);
    await page.goto(`/Equipment/${encodeURIComponent(rows.items[0].stampedId)}`);
    await page.getByRole('table', { name: 'Event history' }).getByText('Ingrid Journey', { exact: true }).waitFor();
    await page.goto(`/Events/${eventId}`);
    const saved = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export PDF' }).click();
    const pdf = await readFile((await (await saved).path())!);
    // The journeys' server has no PUBLIC_URL: the download says the printed link leads to this machine only.
    await page.getByRole('alert').filter({ hasText: 'Links will point to localhost: set PUBLIC_URL' }).waitFor();
    const text = pdfText(pdf);
    const number = /Document (IR-\d{4}-\d{6})/.exec(text)?.[1];
    const link = /Check this document at (\S+)/.exec(text)?.[1];
    expect(number).toBeDefined();
    expect(link).toContain('/Verify/');
    // The demo signs its issued PDFs (decision 076): a reader shows the signer and an intact signature.
    expect(pdfSignature(pdf)).toMatchObject({ signer: 'Rigging equipment portal (demo)', intact: true });
    // A surveyor with the paper: no session, the link as printed (the test server's address).
    const stranger = await newContext(browser, 375, 800);
    const phone = await stranger.newPage();
    await phone.goto(new URL(link!).pathname);
    await phone.getByRole('status').getByText('Valid', { exact: true }).waitFor();
    await phone.getByText(number!).waitFor();
    await phone.getByText('Ingrid Journey', { exact: false }).waitFor();
    expect(await phone.content()).not.toContain('E2E-SIGN-');
    expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
    await expectAccessible(phone);
    await picture(phone, 'verify-valid-375');
    // A mistyped code says so, and is not taken for a valid document.
    await phone.goto(`${new URL(link!).pathname.slice(0, -3)}xyz`);
    await phone.getByText('No document was issued with this code').waitFor();
    await picture(phone, 'verify-unknown-375');
    await stranger.close();
  });

  it('reads at 375 px without scrolling sideways', async () => {
    const narrow = await signedInPage(browser, 'events@demo.example', { width: 375, height: 800 });
    await narrow.goto(`/Events/${eventId}`);
    await narrow.getByText(/^Signed off by Ingrid Journey/).waitFor();
    expect(await horizontalOverflow(narrow)).toBeLessThanOrEqual(0);
    await picture(narrow, 'sign-off-event-375');
    await narrow.goto(`/Events/Edit/${eventId}/Details`);
    await narrow.getByRole('heading', { name: 'Event (signed off)' }).waitFor();
    await picture(narrow, 'sign-off-form-375');
    await narrow.context().close();
  });
});
