/**
 * The predicted-discard report on a phone (issue 28 part 5, docs/measurements.md "The predicted-discard
 * report"): a demo 76 mm chain item measured in two inspections long ago, its grips falling 8 mm a
 * year, so its line met the 66.88 mm limit years ago: the soonest of all. The months are typed key by
 * key at 375 px and the first card read back.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiAuthorization, demoChains } from './api.ts';
import { horizontalOverflow, launchBrowser, picture, settle, signedInPage } from './browser.ts';

type Entry = { id: number; name: string; parentId: number | null };

describe('the predicted-discard report at 375 px', () => {
  let browser: Browser;
  let page: Page;
  let stampedId = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    const authorization = await apiAuthorization('events@demo.example');
    const tables = await api<{ projects: Entry[]; types: Entry[] }>('/Events/codetables', authorization);
    const type = tables.types.find((t) => t.name === 'Inspection') ?? tables.types[0];
    const project = tables.projects[0];
    // The last unmeasured demo chain item of 76 mm (the recording journey takes the first).
    stampedId = (await demoChains(authorization)).unmeasured.at(-1)!;
    for (const [eventDate, grip] of [
      ['2016-03-01', 75],
      ['2017-03-01', 67],
    ] as const) {
      const event = await api<{ id: number }>('/Events', authorization, {
        method: 'POST',
        body: JSON.stringify({ type: type.id, rig: project.parentId, referenceNo: project.id, eventDate, responsible: 'Discard journey' }),
      });
      const added = await api<{ item: { id: number } }>(`/EventComponents/${event.id}/component`, authorization, {
        method: 'POST',
        body: JSON.stringify({ stampedId }),
      });
      await api(`/EventComponents/${event.id}/component/${added.item.id}`, authorization, {
        method: 'PUT',
        body: JSON.stringify({
          measurements: [
            { key: 'gripDiameter1', value: grip },
            { key: 'gripDiameter2', value: grip + 0.5 },
            { key: 'crack', value: false },
            { key: 'gougesPits', value: 'None' },
          ],
        }),
      });
    }
    page = await signedInPage(browser, 'events@demo.example', { width: 375, height: 812 });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('types the months key by key and reads the soonest item first', async () => {
    await page.goto('/Reports');
    await page.getByRole('link', { name: 'Predicted discard' }).click();
    const months = page.getByLabel('Within months');
    await months.waitFor();
    expect(await months.inputValue()).toBe('12');
    await months.clear();
    // A letter is refused as it is typed; the last valid report stays.
    await months.pressSequentially('2x', { delay: 80 });
    await page.getByText('Months must be a whole number from 1 to 600').waitFor();
    await months.press('Backspace');
    await months.pressSequentially('4', { delay: 80 });
    await expect.poll(() => page.url()).toContain('months=24');
    const table = page.getByRole('table', { name: 'Items predicted to reach discard' });
    await table.waitFor();
    await settle(page);
    const first = table.getByRole('row').nth(1);
    await expect.poll(() => first.textContent()).toContain(stampedId);
    // 75 -> 67 mm in a year: 8 mm a year, meeting 66.88 mm 5.5 days after the second inspection.
    expect(await first.textContent()).toContain('06.03.2017');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await picture(page, 'predicted-discard-375', { fullPage: true });
  });

  it('shows the same report as a table on a desk, the months from the address', async () => {
    const desk = await signedInPage(browser, 'events@demo.example', { width: 1280, height: 800 });
    await desk.goto('/Reports/PredictedDiscard?months=24');
    const table = desk.getByRole('table', { name: 'Items predicted to reach discard' });
    await expect.poll(() => table.getByRole('row').nth(1).textContent()).toContain(stampedId);
    expect(await desk.getByLabel('Within months').inputValue()).toBe('24');
    await settle(desk);
    await picture(desk, 'predicted-discard-1280', { fullPage: true });
    await desk.context().close();
  });
});
