import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAuthorization } from './api.ts';
import { baseUrl, launchBrowser, signedInPage } from './browser.ts';

// Stamped ids that are also names of fixed API routes beside /Equipment/{id} (decision 040).
const RESERVED = ['Search', 'autocomplete', 'Available'];

/** Puts the reserved ids on a new certificate of a demo owner (POST /api/Certificates), unless a rerun already did. */
async function createReservedItems() {
  const authorization = await apiAuthorization('sysadmin@demo.example');
  const get = async (url: string) => (await fetch(`${baseUrl()}/api${url}`, { headers: { authorization } })).json();
  const [first] = (await get('/Certificates?pageSize=1')).items;
  const template = await get(`/Certificates/${first.id}`);
  const response = await fetch(`${baseUrl()}/api/Certificates`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify({
      ownerId: template.ownerId,
      typeId: template.typeId,
      subTypeId: template.subTypeId,
      dimensionId: template.dimensionId,
      certificateNumber: `E2E-RESERVED-${Date.now()}`,
      equipment: RESERVED.map((stampedId) => ({ stampedId, new: true, comment: `Stamped ${stampedId}` })),
    }),
  });
  const taken = response.status === 400 && (await response.text()).includes('already in use');
  if (!response.ok && !taken) throw new Error(`POST /api/Certificates failed: ${response.status}`);
}

describe('an item whose stamped id is the name of a fixed route', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    await createReservedItems();
    browser = await launchBrowser();
    page = await signedInPage(browser, 'certificates@demo.example');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(RESERVED)('opens at /Equipment/%s like any other item', async (stampedId) => {
    await page.goto(`/Equipment/${stampedId}`);
    await page.getByRole('heading', { name: stampedId, exact: true }).waitFor();
    await page.getByText(`Stamped ${stampedId}`).first().waitFor();
    expect(await page.getByText('Page not found').count()).toBe(0);
  });
});
