import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAuthorization, equipmentChips } from './api.ts';
import { baseUrl, launchBrowser, picture, settle, signedInPage } from './browser.ts';

/*
 * Lists that fit (issue 26 part 1, docs/ui.md): at 375 px no list route is wider than the screen (the
 * rows are cards), and at 1280 px each list's required column headers, and every header it shows, are
 * inside the window (the rest fold away by priority). Pictures of every list at both widths go to
 * .tmp/screenshots/lists-*.
 */

interface ListRoute {
  name: string;
  /** The address, or how to reach it: follow the first link of the given table on another route. */
  path: string | ((ids: DemoIds) => string);
  /** The accessible name of the list's table. */
  table: string;
  /** Column headers that must be on screen at 1280 px. */
  required: string[];
  /** A list reached by following the first row's link of a parent list. */
  firstRowOf?: string;
}

interface DemoIds {
  eventId: number;
  certificateId: number;
  stampedId: string;
}

/** The newest event (the demo's events have equipment), a certificate with items, and an item with history. */
async function demoIds(): Promise<DemoIds> {
  const authorization = await apiAuthorization('sysadmin@demo.example');
  const get = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${baseUrl()}/api${path}`, { headers: { authorization } });
    if (!response.ok) throw new Error(`GET ${path} failed: ${response.status}`);
    return (await response.json()) as T;
  };
  const events = await get<{ items: { id: number; itemCount: number }[] }>('/Events?page=0&pageSize=50');
  const certificates = await get<{ items: { id: number; itemCount: number }[] }>('/Certificates?page=0&pageSize=50');
  const [chip] = await equipmentChips(authorization, 1);
  const fullest = <T extends { itemCount: number }>(rows: T[]) => rows.reduce((a, b) => (b.itemCount > a.itemCount ? b : a));
  return {
    eventId: fullest(events.items).id,
    certificateId: fullest(certificates.items).id,
    stampedId: encodeURIComponent(chip.stampedId),
  };
}

const LISTS: ListRoute[] = [
  { name: 'events', path: '/Events', table: 'Events', required: ['Date', 'Type', 'Rig', 'Project', 'Items', 'Created by'] },
  {
    name: 'event',
    path: (ids) => `/Events/${ids.eventId}`,
    table: 'Event equipment',
    required: ['#', 'Stamped id', 'Status', 'Flags', 'Due'],
  },
  {
    name: 'event-editor',
    path: (ids) => `/Events/Edit/${ids.eventId}/Equipment`,
    table: 'Event equipment',
    required: ['#', 'Stamped id', 'Description', 'Status', 'Due'],
  },
  { name: 'certificates', path: '/Certificates', table: 'Certificates', required: ['Certificate No', 'Owner', 'Type', 'Items', 'Signed'] },
  {
    name: 'certificate',
    path: (ids) => `/Certificates/${ids.certificateId}`,
    table: 'Certificate equipment',
    required: ['Stamped id', 'Length (m)', 'Active', 'Latest status'],
  },
  {
    name: 'certificate-editor',
    path: (ids) => `/Certificates/Edit/${ids.certificateId}`,
    table: 'Certificate rows',
    required: ['Stamped id', 'State', 'Length (m)', 'Comment', 'Inactive'],
  },
  {
    name: 'equipment',
    path: (ids) => `/Equipment/${ids.stampedId}`,
    table: 'Record history',
    required: ['Changed', 'Length (m)', 'Certificate'],
  },
  { name: 'due', path: '/Reports/Due', table: 'Items by due date', required: ['Stamped id', 'Due'] },
  {
    name: 'predicted-discard',
    path: '/Reports/PredictedDiscard?months=600',
    table: 'Items predicted to reach discard',
    required: ['Stamped id', 'Predicted discard'],
  },
  { name: 'search', path: '/Search/NSD', table: 'Equipment results', required: ['Stamped id', 'Certificate'] },
  { name: 'help', path: '/Help', table: 'Help files', required: ['File name', 'Type', 'Size'] },
  { name: 'tags', path: '/Admin/EquipmentTags', table: 'Equipment tags', required: ['Stamped id', 'Tag'] },
  { name: 'unlinked', path: '/Admin/Unlinked', table: 'Unlinked equipment', required: ['Stamped id'] },
  { name: 'case-duplicates', path: '/Admin/CaseDuplicates', table: 'Case duplicates', required: ['Stamped id'] },
  { name: 'event-types', path: '/Admin/Events', table: 'Event types', required: ['Name'] },
  { name: 'statuses', path: '/Admin/Events', firstRowOf: 'Event types', table: 'Statuses', required: ['Name', 'Label colour'] },
  { name: 'rigs', path: '/Admin/Rigs', table: 'Rigs', required: ['Name'] },
  { name: 'projects', path: '/Admin/Rigs', firstRowOf: 'Rigs', table: 'Projects', required: ['Name'] },
  { name: 'owners', path: '/Admin/Owners', table: 'Owners', required: ['Code', 'Name'] },
  { name: 'owner-types', path: '/Admin/Owners', firstRowOf: 'Owners', table: 'Certificate types', required: ['Name'] },
  { name: 'users', path: '/Admin/Users', table: 'Users', required: ['Email', 'Alias', 'Type', 'Level'] },
  { name: 'notifications', path: '/Admin/Notifications', table: 'Notifications', required: ['Stamped id', 'Status'] },
  { name: 'report-chips', path: '/Reports/1/Chips', table: 'Chips', required: ['Stamped id', 'Owner'] },
  { name: 'report-top-chain', path: '/Reports/83/TopChainIdHistory', table: 'Top chain ids', required: [] },
  { name: 'backups', path: '/Admin/Backups', table: 'Full backups', required: ['Name', 'Created', 'Size'] },
];

/** Opens a list: its address, or the first row's link of its parent list. */
async function open(page: Page, list: ListRoute, ids: DemoIds) {
  await page.goto(typeof list.path === 'string' ? list.path : list.path(ids));
  await settle(page);
  if (list.firstRowOf) {
    const before = page.url();
    await page.getByRole('table', { name: list.firstRowOf, exact: true }).locator('tbody a').first().click();
    await page.waitForURL((url) => url.href !== before);
    await settle(page);
  }
  await page.getByRole('table', { name: list.table, exact: true }).first().waitFor();
}

/** Scrolls the page to the list's table, just under the top bar (for the pictures). */
async function scrollTo(page: Page, table: string) {
  await page
    .getByRole('table', { name: table, exact: true })
    .first()
    .evaluate((element) => window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 140));
}

describe('lists fit the screen', () => {
  let browser: Browser;
  let ids: DemoIds;
  beforeAll(async () => {
    browser = await launchBrowser();
    ids = await demoIds();
  });
  afterAll(async () => {
    await browser?.close();
  });

  // Each list is its own test (its own timeout, and a failure names it), on one signed-in page per width.
  describe('at 375 px', () => {
    let page: Page;
    beforeAll(async () => {
      page = await signedInPage(browser, 'sysadmin@demo.example', { width: 375, height: 812 });
    });
    afterAll(async () => {
      await page?.context().close();
    });

    it.each(LISTS)('$name is no wider than the screen', async (list) => {
      await open(page, list, ids);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      await picture(page, `lists-${list.name}-375`);
      // And the list itself, its first cards.
      await scrollTo(page, list.table);
      await picture(page, `lists-${list.name}-375-list`);
      expect(width, `${list.name} is ${width} px wide`).toBeLessThanOrEqual(375);
    });

    it('the certificate editor can delete a row: its Delete is within reach', async () => {
      const list = LISTS.find((candidate) => candidate.name === 'certificate-editor');
      if (!list) throw new Error('no certificate editor in LISTS');
      await open(page, list, ids);
      await scrollTo(page, list.table);
      // On screen, not beyond its right edge. (Its place across: no sideways scrolling brings it in.)
      const remove = page
        .getByRole('table', { name: 'Certificate rows' })
        .getByRole('button', { name: /^Delete / })
        .first();
      const box = await remove.evaluate((button) => {
        const { left, right } = button.getBoundingClientRect();
        return { left, right };
      });
      expect(box.left >= 0 && box.right <= 375, `Delete at ${box.left}-${box.right} px`).toBe(true);
    });
  });

  describe('at 1280 px', () => {
    let page: Page;
    beforeAll(async () => {
      page = await signedInPage(browser, 'sysadmin@demo.example', { width: 1280, height: 800 });
    });
    afterAll(async () => {
      await page?.context().close();
    });

    it.each(LISTS)('$name shows its required columns inside the window, and every header it shows', async (list) => {
      await open(page, list, ids);
      const table = page.getByRole('table', { name: list.table, exact: true }).first();
      await scrollTo(page, list.table);
      await picture(page, `lists-${list.name}-1280`);
      const headers = await table.locator('thead th').evaluateAll((cells) =>
        cells.map((cell) => {
          const box = cell.getBoundingClientRect();
          const text = (cell.textContent ?? '').trim() || cell.querySelector('[aria-label]')?.getAttribute('aria-label') || '';
          return { text, left: box.left, right: box.right, width: box.width };
        }),
      );
      const problems: string[] = [];
      for (const name of list.required) {
        const header = headers.find((cell) => cell.text === name);
        if (!header) problems.push(`no ${name} column`);
      }
      for (const header of headers) {
        if (header.width > 0 && (header.left < 0 || header.right > 1280)) {
          problems.push(`${header.text || 'a column'} at ${Math.round(header.left)}-${Math.round(header.right)} px`);
        }
      }
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 1280) problems.push(`the page is ${width} px wide`);
      expect(problems).toEqual([]);
    });
  });

  it('the column chooser shows a folded column again, for this user only, after a reload', async () => {
    const page = await signedInPage(browser, 'sysadmin@demo.example', { width: 1280, height: 800 });
    await page.goto('/Events');
    await settle(page);
    const table = page.getByRole('table', { name: 'Events', exact: true });
    const header = (name: string) => table.locator('thead th').filter({ hasText: new RegExp(`^${name}$`) });
    expect(await header('Location').count()).toBe(0);
    await page.getByRole('button', { name: 'Columns of Events' }).click();
    await page.getByRole('checkbox', { name: 'Location' }).check();
    await page.keyboard.press('Escape');
    await header('Location').waitFor();
    await page.reload();
    await settle(page);
    await header('Location').waitFor();
    // Another user on the same browser keeps the folding by priority.
    const stored = await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('portal.columns.')));
    expect(stored).toHaveLength(1);
    await page.getByRole('button', { name: 'Columns of Events' }).click();
    await page.getByRole('menuitem', { name: 'Fit the screen' }).click();
    await page.keyboard.press('Escape');
    await header('Location').waitFor({ state: 'detached' });
    await page.context().close();
  });
});
