import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAuthorization, equipmentChips } from './api.ts';
import { baseUrl, horizontalOverflow, launchBrowser, newContext, screenshot, settle, signedInPage } from './browser.ts';

/*
 * Pictures of every screen of the spec's section 2 at desktop and phone width, for people to look at
 * (screenshots/, `npm run screenshots`). Each screen is signed in at a level that shows all of its
 * actions; the one thing asserted is that no page scrolls sideways (docs/ui.md).
 */
const TIMEOUT = 600_000;
const REPORT_1_SCREENS = [
  'Status',
  'KenterMpi',
  'Chips',
  'Unlinked',
  'Red',
  'Yellow',
  'RedInactive',
  'Projects',
  'FibreRopeStatus',
  'Renewal',
  'HeavyChain',
  'Chain84',
  'StampedIds',
  'Activity',
];

/** Ids of demo rows the addresses need: the newest event, a certificate, an equipment item. */
async function demoIds() {
  const authorization = await apiAuthorization('sysadmin@demo.example');
  const first = async (path: string) => {
    const response = await fetch(`${baseUrl()}/api${path}`, { headers: { authorization } });
    if (!response.ok) throw new Error(`GET ${path} failed: ${response.status}`);
    return ((await response.json()) as { items: { id: number }[] }).items[0].id;
  };
  const [chip] = await equipmentChips(authorization, 1);
  return {
    eventId: await first('/Events?page=0&pageSize=1'),
    certificateId: await first('/Certificates?page=0&pageSize=1'),
    stampedId: encodeURIComponent(chip.stampedId),
  };
}

describe.each([1280, 375])('screenshots at %i px', (width) => {
  let browser: Browser;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  const height = width > 800 ? 800 : 812;
  const sideways: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    ids = await demoIds();
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** Opens the address (a client-side visit after the first), waits until settled and takes the picture. */
  async function shoot(page: Page, address: string, name: string) {
    await page.goto(address);
    await settle(page);
    await screenshot(page, `${name}-${width}`);
    if ((await horizontalOverflow(page)) > 0) sideways.push(`${address} (${name})`);
  }

  /** Follows the first link in the page's main table (an owner, a rig...) and takes the picture there. */
  async function shootFirstRow(page: Page, name: string) {
    const before = page.url();
    await page.locator('main table tbody a').first().click();
    await page.waitForURL((url) => url.href !== before);
    await settle(page);
    await screenshot(page, `${name}-${width}`);
    if ((await horizontalOverflow(page)) > 0) sideways.push(`${page.url()} (${name})`);
  }

  it(
    'signed out: login, password self-service, page not found',
    async () => {
      const context = await newContext(browser, width, height);
      const page = await context.newPage();
      await page.goto('/');
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      await screenshot(page, `login-${width}`);
      await shoot(page, '/ForgotPassword', 'forgot-password');
      await shoot(page, '/ResetPassword', 'reset-password');
      await context.close();
      expect(sideways).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    'events, certificates, equipment, search and help',
    async () => {
      const page = await signedInPage(browser, 'sysadmin@demo.example', { width, height });
      await shoot(page, '/Events', 'events');
      await shoot(page, '/Events/Search/Inspection', 'events-search');
      await shoot(page, `/Events/${ids.eventId}`, 'event');
      await shoot(page, '/Events/Add', 'event-add');
      await shoot(page, `/Events/Add/${ids.eventId}`, 'event-copy');
      await shoot(page, `/Events/Edit/${ids.eventId}/Details`, 'event-edit');
      await shoot(page, `/Events/Edit/${ids.eventId}/Equipment`, 'event-items');
      await shoot(page, '/Certificates', 'certificates');
      await shoot(page, '/Certificates/Search/Shackles', 'certificates-search');
      await shoot(page, `/Certificates/${ids.certificateId}`, 'certificate');
      await shoot(page, '/Certificates/Add', 'certificate-add');
      await shoot(page, `/Certificates/Add/${ids.certificateId}`, 'certificate-copy');
      await shoot(page, `/Certificates/Edit/${ids.certificateId}`, 'certificate-edit');
      await shoot(page, `/Equipment/${ids.stampedId}`, 'equipment');
      await shoot(page, '/Search', 'search-empty');
      await shoot(page, '/Search/NSD', 'search');
      await shoot(page, '/Help', 'help');
      await shoot(page, '/Changepassword', 'change-password');
      await shoot(page, '/no-such-page', 'not-found');
      await shoot(page, '/401', 'access-denied');
      await page.context().close();
      expect(sideways).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    'admin screens',
    async () => {
      const page = await signedInPage(browser, 'sysadmin@demo.example', { width, height });
      await shoot(page, '/Admin', 'admin');
      await shoot(page, '/Admin/Notifications', 'admin-notifications');
      await shoot(page, '/Admin/Unlinked', 'admin-unlinked');
      await shoot(page, '/Admin/EquipmentTags', 'admin-equipment-tags');
      await shoot(page, '/Admin/Events', 'admin-event-types');
      await shootFirstRow(page, 'admin-event-type-statuses');
      await shoot(page, '/Admin/Rigs', 'admin-rigs');
      await shootFirstRow(page, 'admin-rig-projects');
      await shoot(page, '/Admin/Owners', 'admin-owners');
      await shootFirstRow(page, 'admin-owner-types');
      await shootFirstRow(page, 'admin-owner-sub-types');
      await shootFirstRow(page, 'admin-owner-dimensions');
      await shoot(page, '/Admin/Backups', 'admin-backups');
      await shoot(page, '/Admin/Users', 'admin-users');
      await shootFirstRow(page, 'admin-user');
      await page.context().close();
      expect(sideways).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    'reports, for an internal user and for a report user',
    async () => {
      const page = await signedInPage(browser, 'sysadmin@demo.example', { width, height });
      await shoot(page, '/Reports', 'reports');
      await shoot(page, '/Reports/General', 'report-general');
      await shoot(page, '/Reports/Due', 'report-due');
      await shoot(page, '/Reports/Settings', 'report-settings');
      for (const screen of REPORT_1_SCREENS) await shoot(page, `/Reports/1/${screen}`, `report-1-${screen.toLowerCase()}`);
      await shoot(page, '/Reports/83/MooringSpread', 'report-83-mooring-spread');
      await shoot(page, '/Reports/83/TopChainIdHistory', 'report-83-top-chain-id-history');
      await page.context().close();

      const external = await signedInPage(browser, 'report@demo.example', { width, height, home: '/Reports' });
      await shoot(external, '/Reports', 'reports-external');
      await external.context().close();
      expect(sideways).toEqual([]);
    },
    TIMEOUT,
  );
});
