/**
 * Scan anywhere (issue 26 part 3, docs/ui.md "Scanning"): a chip scanned with a keyboard-wedge reader
 * (16 characters as fast as the keyboard takes them, and the Enter it sends after a code) on a page opens the equipment that
 * carries it; a scan into a chip field stays in the field, and a form with unsaved changes keeps the page.
 */
import type { EventCodeTables } from '@portal/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, apiAuthorization, equipmentChips, registerJourneyUser } from './api.ts';
import { expectPath, launchBrowser, signedInPage } from './browser.ts';
import { scan } from './scanner.ts';

/** The person clicks the page's heading first, out of any field; the reader types on the page. */
const scanOnPage = async (page: Page, text: string) => {
  await page.locator('h1').first().click();
  await scan(page, text);
};
const run = Date.now().toString(36).toUpperCase();
const unknownChip = `SA${run}`.padEnd(16, '7').slice(0, 16);

describe('scan anywhere', () => {
  let browser: Browser;
  let page: Page;
  let chips: Awaited<ReturnType<typeof equipmentChips>>;
  const equipmentPage = (stampedId: string) => `/Equipment/${encodeURIComponent(stampedId)}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await signedInPage(browser, 'events@demo.example');
    chips = await equipmentChips(await apiAuthorization('sysadmin@demo.example'), 3);
    expect(chips).toHaveLength(3);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a chip scanned on the events list opens the equipment that carries it', async () => {
    await page.goto('/Events');
    await page.getByRole('heading', { name: 'Events' }).waitFor();
    await scanOnPage(page, `${chips[0].chipId}\n`);
    await expectPath(page, equipmentPage(chips[0].stampedId));
    await page
      .getByRole('heading', { name: new RegExp(chips[0].stampedId) })
      .first()
      .waitFor();
  });

  it('an unknown chip says so and the page stays', async () => {
    await page.goto('/Events');
    await page.getByRole('heading', { name: 'Events' }).waitFor();
    await scanOnPage(page, `${unknownChip}\n`);
    await page.getByText(`No equipment found with chip ${unknownChip}`).waitFor();
    await expectPath(page, '/Events');
  });

  it('a burst opens its first chip and lists the others in a toast', async () => {
    await page.goto('/Events');
    await page.getByRole('heading', { name: 'Events' }).waitFor();
    await scanOnPage(page, `${chips[1].chipId}\n${chips[2].chipId}\n`);
    await expectPath(page, equipmentPage(chips[1].stampedId));
    await page.getByText(`Opened the first chip. Also scanned: ${chips[2].chipId}`).waitFor();
  });

  it('a scan into the user editor’s chip field stays in the field: no page opens', async () => {
    const userId = await registerJourneyUser(`scan-anywhere-${run.toLowerCase()}@journey.example`);
    const admin = await signedInPage(browser, 'sysadmin@demo.example');
    await admin.goto(`/Admin/Users/${userId}`);
    const field = admin.getByRole('textbox', { name: 'Add chip' });
    await field.click();
    // The code only: the reader's Enter would give this user the chip (the field's own job, tested in users).
    await scan(admin, chips[0].chipId);
    await expect.poll(() => field.inputValue()).toBe(chips[0].chipId);
    // Scans are handled in order: once a later scan on the page is answered, the first would have opened its page.
    await scanOnPage(admin, `${unknownChip}\n`);
    // The field's typing may count as unsaved: either answer shows the page scan was handled here.
    await admin.getByText(new RegExp(`No equipment found with chip ${unknownChip}|Save or cancel your changes first`)).waitFor();
    expect(new URL(admin.url()).pathname).toBe(`/Admin/Users/${userId}`);
    await admin.context().close();
  });

  it('a form with unsaved changes keeps its page, and says why', async () => {
    // The journey's own event: the newest event may be one another journey has signed off, which opens
    // read-only ('Event (signed off)', no field to change) and is not this form.
    const authorization = await apiAuthorization('events@demo.example');
    const api = apiAs(() => authorization);
    const tables = await api<EventCodeTables>('GET', '/Events/codetables');
    const project = tables.projects.find((p) => p.parentId !== null);
    const { id } = await api<{ id: number }>('POST', '/Events', {
      type: tables.types.find((t) => t.name === 'Inspection')?.id,
      rig: project?.parentId,
      referenceNo: project?.id,
      // Long ago: out of the way of the journeys that take the newest events.
      eventDate: '2016-06-01',
      company: 'Scan anywhere journey',
    });
    const form = `/Events/Edit/${id}/Details`;
    await page.goto(form);
    // The form as the person sees it: its heading and its fields, once the event has loaded.
    await page.getByRole('heading', { name: 'Edit event', exact: true }).waitFor();
    await page.getByRole('textbox', { name: 'Company' }).pressSequentially(' and partners', { delay: 100 });
    await scanOnPage(page, `${chips[0].chipId}\n`);
    await page.getByText('Save or cancel your changes first: a scan opens equipment only when nothing is left unsaved.').waitFor();
    await expectPath(page, form);
  });
});
