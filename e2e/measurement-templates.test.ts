/**
 * Measurement templates on the Admin's certificate type page (docs/measurements.md): the demo chain
 * template, copied to another owner's type with its studlink override, changed into a new version,
 * refused with the contract's message on the field at fault, and an override removed.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAuthorization } from './api.ts';
import { baseUrl, horizontalOverflow, launchBrowser, picture, settle, signedInPage } from './browser.ts';

const run = Date.now().toString(36).toUpperCase();
const ownerName = `Templates journey ${run}`;

async function api<T = { id: number }>(authorization: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method,
    headers: { authorization, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${path} failed: ${response.status} ${await response.text()}`);
  return response.json() as Promise<T>;
}

describe('measurement templates', () => {
  let browser: Browser;
  let demoChain: { ownerId: number; typeId: number };
  let target: { ownerId: number; typeId: number };

  beforeAll(async () => {
    browser = await launchBrowser();
    const authorization = await apiAuthorization('sysadmin@demo.example');
    // A demo owner's Chain type: the demo data gave it a template and its studlink sub-types an override.
    const owners = await api<{ id: number; name: string }[]>(authorization, 'GET', '/Owners');
    for (const owner of owners) {
      const types = await api<{ id: number; name: string }[]>(authorization, 'GET', `/Owners/${owner.id}/types`);
      const chain = types.find((type) => type.name === 'Chain');
      const subTypes = chain ? await api<{ name: string }[]>(authorization, 'GET', `/Owners/${owner.id}/types/${chain.id}/subtypes`) : [];
      if (chain && subTypes.some((subType) => subType.name === 'Studlink R3S')) {
        demoChain = { ownerId: owner.id, typeId: chain.id };
        break;
      }
    }
    if (!demoChain) throw new Error('The demo data has no Chain type with a Studlink R3S sub-type');
    // A new owner with a Chain type and the same sub-type, without a template.
    const owner = await api(authorization, 'POST', '/Owners', { name: ownerName, shortCode: `T${run.slice(-6)}`, label: 'default' });
    const type = await api(authorization, 'POST', '/CertificateTypes/certificateType', { name: 'Chain', owner: owner.id });
    await api(authorization, 'POST', '/CertificateTypes/certificateSubType', { name: 'Studlink R3S', certificateType: type.id });
    target = { ownerId: owner.id, typeId: type.id };
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('copies the demo chain template to another owner, saves a change as version 2, refuses a bad key, removes an override', async () => {
    const page: Page = await signedInPage(browser, 'admin@demo.example', { home: '/Events' });
    await page.goto(`/Admin/Owners/${demoChain.ownerId}/${demoChain.typeId}`);
    const panel = page.getByRole('region', { name: 'Measurements and criteria' });
    await panel.getByText(/^Version 1, saved/).waitFor();
    expect(await panel.getByLabel('Field 1 key').inputValue()).toBe('gripDiameter1');
    expect(await panel.getByLabel('Criterion 1 limit').inputValue()).toBe('4');
    await settle(page);
    await picture(page, 'measurement-template-1280', { fullPage: true });

    // Copy to the new owner's Chain type: the studlink override goes to its sub-type of the same name.
    await panel.getByLabel('Copy to owner').fill(ownerName);
    await page.getByRole('option', { name: ownerName }).click();
    await panel.getByLabel('Certificate type').click();
    await page.getByRole('option', { name: 'Chain', exact: true }).click();
    await panel.getByRole('button', { name: 'Copy template' }).click();
    await page.getByText(`Copied to ${ownerName}, Chain; overrides of Studlink R3S too`).waitFor();

    await page.goto(`/Admin/Owners/${target.ownerId}/${target.typeId}`);
    const copied = page.getByRole('region', { name: 'Measurements and criteria' });
    await copied.getByText(/^Version 1, saved/).waitFor();
    // A limit typed with a decimal comma; the change is a new version.
    await copied.getByLabel('Criterion 1 limit').fill('4,5');
    await copied.getByRole('button', { name: 'Save the template of Chain' }).click();
    await page.getByText("The template of 'Chain' was saved").waitFor();
    await copied.getByText(/^Version 2, saved/).waitFor();
    expect(await copied.getByLabel('Criterion 1 limit').inputValue()).toBe('4.5');

    // A key that is not an identifier: the contract's message under the field, nothing saved.
    await copied.getByLabel('Field 1 key').fill('Grip 1');
    await copied.getByRole('button', { name: 'Save the template of Chain' }).click();
    await copied.getByText('A key starts with a small letter and has only letters and digits, at most 40').waitFor();
    await copied.getByText(/^Version 2, saved/).waitFor();

    // The studlink sub-type has its own template; removed, it uses the type's again.
    await copied.getByLabel('Template of', { exact: true }).selectOption({ label: 'Studlink R3S: own template' });
    expect(await copied.getByLabel('Field 7 key').inputValue()).toBe('stud');
    await copied.getByRole('button', { name: 'Remove override' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await page.getByText("The override of 'Studlink R3S' was removed").waitFor();
    await copied.getByText(/^Studlink R3S uses the template of Chain \(Version 2, saved/).waitFor();
    await settle(page);
    await page.context().close();
  });

  it('fits a phone: the template editor at 375 px without sideways scrolling', async () => {
    const page = await signedInPage(browser, 'admin@demo.example', { home: '/Events', width: 375 });
    await page.goto(`/Admin/Owners/${demoChain.ownerId}/${demoChain.typeId}`);
    await page
      .getByRole('region', { name: 'Measurements and criteria' })
      .getByText(/^Version 1, saved/)
      .waitFor();
    await settle(page);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await picture(page, 'measurement-template-375', { fullPage: true });
    await page.context().close();
  });
});
