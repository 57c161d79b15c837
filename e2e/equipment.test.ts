import type { EquipmentDetail } from '@portal/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAuthorization, equipmentChips } from './api.ts';
import { baseUrl, horizontalOverflow, launchBrowser, picture, settle, signedInPage } from './browser.ts';

const shoot = (page: Page, name: string) => picture(page, name, { fullPage: true });

// A chip code of this run (16 letters and digits), so that a rerun does not clash with itself.
const chipId = `E2E${Date.now().toString(36).toUpperCase()}`.padEnd(16, '0').slice(0, 16);

/** Demo items of the report user's owner (83) and of another owner, found through the API. */
async function itemsByOwner(): Promise<{ own: string; foreign: string }> {
  const authorization = await apiAuthorization('sysadmin@demo.example');
  const found: { own?: string; foreign?: string } = {};
  for (const chip of await equipmentChips(authorization, 100)) {
    const response = await fetch(`${baseUrl()}/api/Equipment/${encodeURIComponent(chip.stampedId)}`, { headers: { authorization } });
    const item = (await response.json()) as EquipmentDetail;
    if (!item.certificate) continue;
    if (item.certificate.owner.id === 83) found.own ??= item.stampedId;
    else found.foreign ??= item.stampedId;
    if (found.own && found.foreign) return { own: found.own, foreign: found.foreign };
  }
  throw new Error('No demo items of owner 83 and of another owner among the first chips');
}

describe('equipment detail', () => {
  let browser: Browser;
  let page: Page;
  let stampedId: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await signedInPage(browser, 'certificates@demo.example');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('opens an item from its stamped id in the tags list, with its certificate, tags, age and QR label', async () => {
    await page.goto('/Admin/EquipmentTags');
    await settle(page);
    const link = page.locator('table[aria-label="Equipment tags"] tbody tr td a').first();
    stampedId = ((await link.textContent()) ?? '').trim();
    await link.click();
    await page.getByRole('heading', { name: stampedId, level: 1 }).waitFor();
    await settle(page);
    await page.getByRole('heading', { name: 'Certificate' }).waitFor();
    expect(await page.locator('[aria-label="Tags"] .mantine-Badge-root').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('qr-label-text').textContent()).toContain(stampedId.replaceAll('-', ' '));
    expect(await page.locator('[aria-label="QR label"] svg').count()).toBe(1);
    await page.getByRole('table', { name: 'Event history' }).waitFor();
    await shoot(page, 'equipment-1280');
  });

  it('adds a chip by typing it and Enter, refuses it twice, and removes it', async () => {
    const form = page.getByRole('form', { name: 'Add chip' });
    await form.getByLabel('Add chip').fill(chipId);
    await form.getByLabel('Add chip').press('Enter');
    await page.getByText(`Added chip with id ${chipId} to equipment ${stampedId}`, { exact: true }).waitFor();
    await page.getByRole('list', { name: 'Chips' }).getByText(chipId, { exact: true }).waitFor();

    await form.getByLabel('Add chip').fill(chipId);
    await form.getByRole('button', { name: 'Add' }).click();
    await form.getByText('Chip is already added to this equipment', { exact: true }).waitFor();
    await form.getByLabel('Add chip').fill('');

    await page.getByRole('button', { name: `Remove chip ${chipId}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await page.getByText(`Removed chip ${chipId}`, { exact: true }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: `Remove chip ${chipId}` }).count()).toBe(0);
  });

  it('makes the item inactive and active again, each change in the record history', async () => {
    const history = page.locator('table[aria-label="Record history"] tbody tr');
    const rowsBefore = await history.count();
    const activeSwitch = page.getByRole('switch', { name: 'Active' });
    expect(await activeSwitch.isChecked()).toBe(true);

    await activeSwitch.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Make inactive' }).click();
    await page.getByText(`${stampedId} is inactive`, { exact: true }).waitFor();
    await expect.poll(() => activeSwitch.isChecked()).toBe(false);
    await expect.poll(() => history.count()).toBe(rowsBefore + 1);
    expect(await history.first().locator('td').nth(1).textContent()).toBe('Inactive');

    await activeSwitch.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Make active' }).click();
    await page.getByText(`${stampedId} is active`, { exact: true }).waitFor();
    await expect.poll(() => activeSwitch.isChecked()).toBe(true);
    await expect.poll(() => history.count()).toBe(rowsBefore + 2);
  });

  it('fits a phone: no sideways scrolling', async () => {
    const phone = await signedInPage(browser, 'certificates@demo.example', { width: 375, height: 812 });
    await phone.goto(`/Equipment/${encodeURIComponent(stampedId)}`);
    await phone.getByRole('heading', { name: stampedId, level: 1 }).waitFor();
    await settle(phone);
    expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
    await shoot(phone, 'equipment-375');
    await phone.context().close();
  });

  it("shows an external user their owner's item read-only, and 'Page not found' for another owner's", async () => {
    const { own, foreign } = await itemsByOwner();
    const report = await signedInPage(browser, 'report@demo.example', { home: '/Reports' });
    await report.goto(`/Equipment/${encodeURIComponent(own)}`);
    await report.getByRole('heading', { name: own, level: 1 }).waitFor();
    await settle(report);
    expect(await report.getByRole('switch', { name: 'Active' }).count()).toBe(0);
    expect(await report.getByRole('form', { name: 'Add chip' }).count()).toBe(0);
    await report.getByRole('table', { name: 'Event history' }).waitFor();
    await shoot(report, 'equipment-external-1280');

    await report.goto(`/Equipment/${encodeURIComponent(foreign)}`);
    await report.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await report.getByRole('heading', { name: foreign }).count()).toBe(0);
    await report.context().close();
  });
});
