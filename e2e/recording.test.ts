/**
 * Recording measurements in the item dialog on a phone (issue 28 part 4, docs/measurements.md
 * "Recording"): a demo Studless R4 76 mm chain item in a new inspection, its grip diameters typed
 * character by character with a decimal comma; the proposed verdict follows past the 4 % threshold and
 * the status with it; choosing another status waits for a reason, and saves once one is typed. The
 * event's PDF prints what was typed, and the equipment page charts it. Once the event is signed off, an
 * amendment corrects a grip diameter typed the same way (decision 081).
 */
import { readFile } from 'node:fs/promises';
import type { EventItem } from '@portal/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../packages/server/test/pdf.ts';
import { api, apiAuthorization, demoChains } from './api.ts';
import { expectAccessible, horizontalOverflow, launchBrowser, networkQuiet, picture, settle, signedInPage } from './browser.ts';

type Entry = { id: number; name: string; parentId: number | null };
type Status = { id: number; name: string; meaning: string };

describe('recording measurements at 375 px', () => {
  let browser: Browser;
  let page: Page;
  let authorization: string;
  let eventId = 0;
  let itemId = 0;
  let statuses: Status[] = [];
  let stampedId = '';
  const statusNamed = (name: string) => statuses.find((s) => s.name === name)?.id;
  const item = () => api<EventItem>(`/EventComponents/${eventId}/GetChipsDetailsForEdit/${itemId}`, authorization);

  beforeAll(async () => {
    browser = await launchBrowser();
    authorization = await apiAuthorization('events@demo.example');
    const tables = await api<{ projects: Entry[]; types: Entry[] }>('/Events/codetables', authorization);
    const type = tables.types.find((t) => t.name === 'Inspection') ?? tables.types[0];
    const project = tables.projects[0];
    ({ id: eventId } = await api<{ id: number }>('/Events', authorization, {
      method: 'POST',
      body: JSON.stringify({
        type: type.id,
        rig: project.parentId,
        referenceNo: project.id,
        eventDate: '2026-11-24',
        responsible: 'Recording journey',
      }),
    }));
    statuses = await api<Status[]>(`/Events/${eventId}/Statuses`, authorization);
    // The first unmeasured demo chain item of 76 mm (the predicted-discard journey takes the last).
    [stampedId] = (await demoChains(authorization)).unmeasured;
    const added = await api<{ item: { id: number } }>(`/EventComponents/${eventId}/component`, authorization, {
      method: 'POST',
      body: JSON.stringify({ stampedId }),
    });
    itemId = added.item.id;
    page = await signedInPage(browser, 'events@demo.example', { width: 375, height: 812 });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the proposal change as the grip diameters are typed, and holds an override until a reason is typed', async () => {
    await page.goto(`/Events/Edit/${eventId}/Equipment/${itemId}`);
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Grip diameter 1 (mm)').waitFor();
    const proposed = dialog.getByTestId('proposed-status');
    expect(await proposed.textContent()).toBe('Nothing measured yet');
    await dialog.getByLabel('Crack (MPI)').selectOption('No');
    await dialog.getByLabel('Gouges or pits').selectOption('None');
    expect(await proposed.textContent()).toBe('Not judged yet');
    await dialog.getByLabel('Grip diameter 1 (mm)').pressSequentially('75', { delay: 60 });
    // 75 and 74 mm against 76: 2.6 % loss, fit.
    await dialog.getByLabel('Grip diameter 2 (mm)').pressSequentially('74', { delay: 60 });
    await dialog.getByText('Diameter loss: 2.63 %').waitFor();
    expect(await proposed.textContent()).toBe('OK');
    // 72,8 mm: 4.2 %, past the 4 % threshold: monitor; the status, not chosen by anyone yet, follows.
    await dialog.getByLabel('Grip diameter 2 (mm)').fill('');
    await dialog.getByLabel('Grip diameter 2 (mm)').pressSequentially('72,8', { delay: 60 });
    await dialog.getByText('Diameter loss: 4.21 %').waitFor();
    expect(await proposed.textContent()).toBe('Monitor');
    expect(await dialog.getByLabel('Status', { exact: true }).inputValue()).toBe(String(statusNamed('Monitor')));
    await dialog.getByText('Saved', { exact: true }).waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    await settle(page);
    await picture(page, 'recording-375', { fullPage: true });
    // 'Saved' may still show the save of '74' for a moment: read the server until the last value arrives.
    await expect
      .poll(async () => (await item()).measurements)
      .toEqual([
        { key: 'gripDiameter1', value: 75 },
        { key: 'gripDiameter2', value: 72.8 },
        { key: 'crack', value: false },
        { key: 'gougesPits', value: 'None' },
      ]);
    expect((await item()).verdict).toMatchObject({ proposedStatusId: statusNamed('Monitor'), chosenStatusId: statusNamed('Monitor') });

    // Override: OK waits for a reason instead of saving 100 ms later.
    await dialog.getByLabel('Status', { exact: true }).selectOption('OK');
    await dialog.getByText('Not saved yet: give a reason for a status other than the proposed').waitFor();
    await page.waitForTimeout(400);
    expect((await item()).verdict.chosenStatusId).toBe(statusNamed('Monitor'));
    await dialog
      .getByLabel('Reason for a status other than the proposed')
      .pressSequentially('Measured on a weld; 74,6 mm beside it', { delay: 20 });
    await dialog.getByText('Saved', { exact: true }).waitFor();
    await expect
      .poll(async () => (await item()).verdict)
      .toMatchObject({
        proposedStatusId: statusNamed('Monitor'),
        chosenStatusId: statusNamed('OK'),
        reason: 'Measured on a weld; 74,6 mm beside it',
        reasonNeeded: false,
      });
    await dialog.locator('button', { hasText: /^Close$/ }).click();
    expect(await page.getByText('Differs from proposed: reason needed').count()).toBe(0);
  });

  it('shows the same record on a desk: the fields in two columns, the proposal and the reason', async () => {
    const desk = await signedInPage(browser, 'events@demo.example');
    await desk.goto(`/Events/Edit/${eventId}/Equipment/${itemId}`);
    const dialog = desk.getByRole('dialog');
    await dialog.getByLabel('Grip diameter 2 (mm)').waitFor();
    expect(await dialog.getByLabel('Grip diameter 2 (mm)').inputValue()).toBe('72.8');
    expect(await dialog.getByTestId('proposed-status').textContent()).toBe('Monitor');
    expect(await dialog.getByLabel('Reason for a status other than the proposed').inputValue()).toBe(
      'Measured on a weld; 74,6 mm beside it',
    );
    const one = await dialog.getByLabel('Grip diameter 1 (mm)').boundingBox();
    const two = await dialog.getByLabel('Grip diameter 2 (mm)').boundingBox();
    expect(one?.y).toBe(two?.y);
    await settle(desk);
    await picture(desk, 'recording-1280');
    await desk.context().close();
  });

  it("charts the item's wear on its equipment page, beside an inspection four years before", async () => {
    // The earlier inspection is history, made through the API: 75.6 mm then, 72.8 mm now (typed above).
    const tables = await api<{ projects: Entry[]; types: Entry[] }>('/Events/codetables', authorization);
    const type = tables.types.find((t) => t.name === 'Inspection') ?? tables.types[0];
    const project = tables.projects[0];
    const earlier = await api<{ id: number }>('/Events', authorization, {
      method: 'POST',
      body: JSON.stringify({
        type: type.id,
        rig: project.parentId,
        referenceNo: project.id,
        eventDate: '2022-11-24',
        responsible: 'Wear history',
      }),
    });
    const added = await api<{ item: { id: number } }>(`/EventComponents/${earlier.id}/component`, authorization, {
      method: 'POST',
      body: JSON.stringify({ stampedId }),
    });
    const earlierStatuses = await api<Status[]>(`/Events/${earlier.id}/Statuses`, authorization);
    await api(`/EventComponents/${earlier.id}/component/${added.item.id}`, authorization, {
      method: 'PUT',
      body: JSON.stringify({
        statusId: earlierStatuses.find((s) => s.name === 'OK')?.id,
        measurements: [
          { key: 'gripDiameter1', value: 75.8 },
          { key: 'gripDiameter2', value: 75.6 },
          { key: 'crack', value: false },
          { key: 'gougesPits', value: 'None' },
        ],
      }),
    });
    await page.goto(`/Equipment/${encodeURIComponent(stampedId)}`);
    await page.getByRole('heading', { name: 'Wear' }).waitFor();
    // 75.6 -> 72.8 mm in four years: 0.7 mm a year, meeting 66.88 mm (12 % below 76) in 2035.
    const summary = await page.getByText(/^Grip diameter 1, Grip diameter 2 \(mm\): /).textContent();
    expect(summary).toMatch(
      /^Grip diameter 1, Grip diameter 2 \(mm\): Loses 0\.7 mm a year; limit 66\.88 mm; predicted to reach it on \d\d\.\d\d\.2035\.$/,
    );
    expect(await page.getByRole('img', { name: /^Wear chart:/ }).getAttribute('aria-label')).toBe(
      'Wear chart: 24.11.2022 75.6 mm, 24.11.2026 72.8 mm',
    );
    expect(await horizontalOverflow(page)).toBe(0);
    await settle(page);
    await picture(page, 'wear-375', { fullPage: true });
  });

  it("prints the measurements, the proposal and the reason in the event's PDF", async () => {
    await page.goto(`/Events/${eventId}`);
    const saved = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export PDF' }).click();
    // Table cells wrap at spaces: read the text as one line.
    const text = pdfText(await readFile((await (await saved).path()) as string)).replace(/\s+/g, ' ');
    expect(text).toContain(
      'Grip diameter 1: 75 mm; Grip diameter 2: 72.8 mm; Crack (MPI): No; Gouges or pits: None; Diameter loss: 4.21 %',
    );
    expect(text).toContain('Monitor');
    expect(text).toContain('Measured on a weld; 74,6 mm beside it');
  });

  it('flags the item in the list when a measurement moves the proposal away without a reason', async () => {
    await api(`/EventComponents/${eventId}/component/${itemId}`, authorization, {
      method: 'PUT',
      body: JSON.stringify({ verdictReason: null }),
    });
    await page.goto(`/Events/Edit/${eventId}/Equipment`);
    await page.getByText('Differs from proposed: reason needed').first().waitFor();
  });

  it('amends a grip diameter of the signed event: the proposal changes as it is typed, and the correction reads back', async () => {
    // The status back to the proposal, then sign off: the amendment is the only way left to correct it.
    await api(`/EventComponents/${eventId}/component/${itemId}`, authorization, {
      method: 'PUT',
      body: JSON.stringify({ statusId: statusNamed('Monitor') }),
    });
    await api(`/Events/${eventId}/SignOff`, authorization, {
      method: 'POST',
      body: JSON.stringify({ inspector: 'Ingrid Journey', qualification: 'Level 2 MPI', company: 'Nordic Rope Survey AS' }),
    });
    await page.goto(`/Events/Edit/${eventId}/Equipment/${itemId}`);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Amend' }).click();
    const form = dialog.getByRole('form', { name: 'Amend this item' });
    const grip1 = form.getByLabel('Grip diameter 1 (mm)');
    expect(await grip1.inputValue()).toBe('75');
    const proposed = form.getByTestId('proposed-status');
    expect(await proposed.textContent()).toBe('Monitor');
    await form.getByRole('button', { name: 'Choose photo' }).waitFor();
    // 66,5 mm against 76: a 12.5 % loss, past the 12 % limit: condemned; the status follows the proposal.
    await grip1.fill('');
    await grip1.pressSequentially('66,5', { delay: 60 });
    await form.getByText('Diameter loss: 12.5 %').waitFor();
    const condemned = await proposed.textContent();
    expect(statuses.find((s) => s.name === condemned)?.meaning).toBe('condemned');
    expect(await form.getByLabel('Corrected status').inputValue()).toBe(String(statusNamed(condemned ?? '')));
    await form.getByLabel('Reason').pressSequentially('Grip 1 was read off the wrong link', { delay: 10 });
    expect(await horizontalOverflow(page)).toBe(0);
    // settle() waits for no role=status, and the signed-off note is one: wait for the network, check access.
    await networkQuiet(page);
    await expectAccessible(page);
    await picture(page, 'amend-measurements-375', { fullPage: true });
    await form.getByRole('button', { name: 'Record amendment' }).click();
    await page.getByText('The amendment was recorded').waitFor();
    // Read back: the amendment lists the change before → after; the item holds the amended value.
    await dialog.getByRole('group', { name: 'Amendments' }).getByText('Grip diameter 1 (mm): 75 → 66.5').waitFor();
    const amended = await item();
    expect(amended.measurements).toContainEqual({ key: 'gripDiameter1', value: 66.5 });
    expect(amended.verdict).toMatchObject({ proposedStatusId: statusNamed(condemned ?? ''), chosenStatusId: statusNamed(condemned ?? '') });
    // The dialog's own fields and proposal show the amended record too.
    await dialog.getByText('Diameter loss: 12.5 %').first().waitFor();
    expect(await dialog.getByLabel('Grip diameter 1 (mm)').first().inputValue()).toBe('66.5');
    expect((await api<{ valid: boolean }>(`/Events/${eventId}/Seal`, authorization)).valid).toBe(true);
    await page.setViewportSize({ width: 1280, height: 900 });
    await dialog.getByRole('button', { name: 'Amend' }).click();
    await form.getByLabel('Grip diameter 1 (mm)').scrollIntoViewIfNeeded();
    await networkQuiet(page);
    await picture(page, 'amend-measurements-1280');
  });
});
