import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { horizontalOverflow, launchBrowser, picture, settle, signedInPage } from './browser.ts';

/** Opens the first link of a list (the name column) and returns the path it led to. */
async function firstRowLink(page: Page, table: string): Promise<string> {
  const link = page.locator(`table[aria-label="${table}"] tbody tr td a`).first();
  await link.click();
  await page.waitForURL((url) => url.pathname.split('/').length > 3);
  await settle(page);
  return new URL(page.url()).pathname;
}

interface Screen {
  name: string;
  heading: string;
  /** The address, or how to get there from the previous screen. */
  go: (page: Page) => Promise<unknown>;
  /** The table whose rows carry actions, and the actions each row must offer. */
  actions?: { table: string; labels: string[]; phoneOnly?: RegExp[] };
}

const screens: Screen[] = [
  { name: 'admin', heading: 'Admin', go: (page) => page.goto('/Admin') },
  { name: 'admin-users', heading: 'Users', go: (page) => page.goto('/Admin/Users') },
  { name: 'admin-user-editor', heading: 'read@demo.example', go: (page) => page.getByRole('link', { name: 'read@demo.example' }).click() },
  { name: 'admin-owners', heading: 'Owners', go: (page) => page.goto('/Admin/Owners'), actions: { table: 'Owners', labels: ['Edit'] } },
  {
    name: 'admin-owner-types',
    heading: 'Certificate types',
    go: (page) => page.getByRole('link', { name: 'Nordsund Drilling AS' }).click(),
    actions: { table: 'Certificate types', labels: ['Edit'] },
  },
  {
    name: 'admin-event-types',
    heading: 'Event types',
    go: (page) => page.goto('/Admin/Events'),
    actions: { table: 'Event types', labels: ['Edit', 'Delete'], phoneOnly: [/^(Enable|Disable)$/] },
  },
  {
    name: 'admin-statuses',
    heading: 'Statuses',
    go: (page) => firstRowLink(page, 'Event types'),
    actions: { table: 'Statuses', labels: ['Edit', 'Delete'] },
  },
  {
    name: 'admin-rigs',
    heading: 'Rigs',
    go: (page) => page.goto('/Admin/Rigs'),
    actions: { table: 'Rigs', labels: ['Edit', 'Delete'], phoneOnly: [/^(Enable|Disable)$/] },
  },
  {
    name: 'admin-projects',
    heading: 'Projects',
    go: (page) => firstRowLink(page, 'Rigs'),
    actions: { table: 'Projects', labels: ['Edit', 'Delete'] },
  },
  { name: 'admin-equipment-tags', heading: 'Equipment tags', go: (page) => page.goto('/Admin/EquipmentTags') },
  { name: 'admin-case-duplicates', heading: 'Case duplicates', go: (page) => page.goto('/Admin/CaseDuplicates') },
  {
    name: 'admin-unlinked',
    heading: 'Unlinked equipment',
    go: (page) => page.goto('/Admin/Unlinked'),
    actions: { table: 'Unlinked equipment', labels: ['Delete'], phoneOnly: [/^Edit$/] },
  },
  { name: 'help', heading: 'Help', go: (page) => page.goto('/Help') },
  { name: 'events', heading: 'Events', go: (page) => page.goto('/Events') },
];

describe.each([1280, 375])('admin screens at %i px', (width) => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await signedInPage(browser, 'sysadmin@demo.example', { width, height: width > 800 ? 800 : 812 });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('fit the screen, and every row action is reachable (a row menu on a phone)', async () => {
    for (const screen of screens) {
      await screen.go(page);
      await page.getByRole('heading', { name: screen.heading, exact: true }).waitFor();
      await settle(page);
      expect(await horizontalOverflow(page), screen.name).toBeLessThanOrEqual(0);
      await picture(page, `${screen.name}-${width}`);
      if (!screen.actions) continue;

      const row = page.locator(`table[aria-label="${screen.actions.table}"] tbody tr`).first();
      if (width < 768) {
        const menu = row.getByRole('button', { name: /^Actions for / });
        const box = await menu.boundingBox();
        expect(box && box.x + box.width, `${screen.name}: the row menu is on screen`).toBeLessThanOrEqual(width);
        await menu.click();
        for (const label of [...screen.actions.labels, ...(screen.actions.phoneOnly ?? [])])
          await page.getByRole('menuitem', { name: label }).waitFor();
        await picture(page, `${screen.name}-menu-${width}`);
        await page.keyboard.press('Escape');
        await page.getByRole('menu').waitFor({ state: 'detached' });
      } else {
        for (const label of screen.actions.labels) {
          expect(await row.getByRole('button', { name: new RegExp(`^${label} `) }).count(), `${screen.name}: ${label}`).toBe(1);
        }
      }
    }
  });
});
