import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAuthorization } from './api.ts';
import { baseUrl, expectPath, horizontalOverflow, launchBrowser, picture, settle, signedInPage } from './browser.ts';

/** Stamped ids unique to this run: the journeys share one server and its data. */
const run = Date.now().toString(36).toUpperCase();
const pdf = Buffer.from(`%PDF-1.4\n1 0 obj <<>> endobj\n% certificate ${run}\ntrailer <<>>\n%%EOF\n`);
const ROWS = 'table[aria-label="Certificate rows"]';
const rowOf = (page: Page, stampedId: string): Locator =>
  page.locator(`${ROWS} tbody tr`).filter({ has: page.locator('td:nth-child(1)', { hasText: new RegExp(`^${stampedId}$`) }) });
const summary = (page: Page) => page.getByTestId('rows-summary');
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000 });

/** Picks an option of a Mantine select by the select's label. */
async function choose(page: Page, label: string, option?: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  const options = page.getByRole('option');
  await options.first().waitFor();
  await (option ? page.getByRole('option', { name: option, exact: true }) : options.first()).click();
}

/** Owner, type, sub-type and dimension: the first entry of each under the owner. */
async function chooseCatalogue(page: Page, owner = 'Nordsund Drilling AS (NSD)') {
  await choose(page, 'Owner', owner);
  await choose(page, 'Type');
  await choose(page, 'Sub-type');
  await choose(page, 'Dimension');
}

/**
 * Milliseconds from a keystroke in a row's comment to the next frame (performance marks in the page):
 * the value is set and an input event sent as a key press would, React renders, then a frame passes.
 * Logged for the report, never asserted (the machine is shared and busy).
 */
function keystrokeMs(page: Page, stampedId: string): Promise<number> {
  return page.evaluate(async (label) => {
    const input = document.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`)!;
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    performance.mark('keystroke-start');
    setValue.call(input, `${input.value}x`);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    performance.mark('keystroke-shown');
    return performance.measure('keystroke', 'keystroke-start', 'keystroke-shown').duration;
  }, `Comment of ${stampedId}`);
}

/** The id of a demo certificate by its number (GET /api/Certificates?search=). */
async function certificateId(authorization: string, number: string): Promise<number> {
  const response = await fetch(`${baseUrl()}/api/Certificates?search=${encodeURIComponent(number)}`, { headers: { authorization } });
  const page = (await response.json()) as { items: { id: number; certificateNumber: string }[] };
  const found = page.items.find((item) => item.certificateNumber === number);
  if (!found) throw new Error(`No certificate ${number}`);
  return found.id;
}

/**
 * Whether the server of this run serves the editor's writes (POST/PUT/DELETE /Certificates, POST
 * /Equipment, POST /Import/CertificateEquipment). They are built on another branch: until it is merged,
 * the journeys that save are skipped and everything before the save runs.
 */
async function editorServed(): Promise<boolean> {
  const response = await fetch(`${baseUrl()}/api/openapi.json`);
  if (!response.ok) return false;
  const { paths } = (await response.json()) as { paths: Record<string, Record<string, unknown>> };
  const entry = (suffix: string) => Object.entries(paths).find(([key]) => key.endsWith(suffix))?.[1] ?? {};
  return 'post' in entry('/Certificates') && 'put' in entry('/Certificates/{id}') && 'post' in entry('/Import/CertificateEquipment');
}

describe('certificate editor', () => {
  let browser: Browser;
  let page: Page;
  let served = false;
  let admin: string;
  /** The 320-item batch certificate of Nordsund Drilling. */
  let batchId = 0;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await signedInPage(browser, 'certificates@demo.example');
    served = await editorServed();
    admin = await apiAuthorization('admin@demo.example');
    batchId = await certificateId(admin, 'LC-2022-BATCH-0417');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('opens from the list; Save on a blank form names the five required fields', async () => {
    await page.goto('/Certificates');
    await page.getByRole('link', { name: 'Add certificate' }).click();
    await expectPath(page, '/Certificates/Add');
    await page.getByRole('heading', { name: 'Add certificate' }).waitFor();
    await settle(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('5 Problems found').waitFor();
    for (const message of [
      'Owner is required',
      'Type is required',
      'Sub-type is required',
      'Dimension is required',
      'Certificate No is required',
    ]) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    expect(new URL(page.url()).pathname).toBe('/Certificates/Add');
  });

  it('clears type, sub-type and dimension when the owner changes, and the levels under a changed type', async () => {
    await chooseCatalogue(page);
    const value = (label: string) => page.getByRole('combobox', { name: label, exact: true }).inputValue();
    expect(await value('Dimension')).not.toBe('');
    await choose(page, 'Type');
    // Choosing the same type changes nothing; another owner clears all three.
    expect(await value('Dimension')).not.toBe('');
    await choose(page, 'Owner', 'Aster Mooring Partners (AMP)');
    await poll(async () => [await value('Type'), await value('Sub-type'), await value('Dimension')]).toEqual(['', '', '']);
    await choose(page, 'Type');
    await choose(page, 'Sub-type');
    await choose(page, 'Dimension');
    await choose(page, 'Owner', 'Nordsund Drilling AS (NSD)');
    await poll(() => value('Type')).toBe('');
    await chooseCatalogue(page);
    await page.getByRole('textbox', { name: 'Certificate No' }).fill(`E2E-${run}-A`);
    await page.getByRole('textbox', { name: 'Manufacturer' }).fill('Linkwell Connectors');
    await page.getByRole('textbox', { name: 'Quality' }).fill('R4');
  });

  it('adds a stamped id only when it is free and not listed; the icon says which', async () => {
    const input = page.getByRole('textbox', { name: 'Stamped id', exact: true });
    const add = page.getByRole('button', { name: 'Add', exact: true });
    await input.fill('NSD-KL-084-5001');
    await page.getByRole('img', { name: 'Unavailable' }).waitFor();
    expect(await add.isDisabled()).toBe(true);

    await input.fill(`E2E-${run}-ONE`);
    await page.getByRole('img', { name: 'Available' }).waitFor();
    await add.click();
    await rowOf(page, `E2E-${run}-ONE`).getByText('New').waitFor();
    await poll(() => summary(page).textContent()).toBe('1 item, 1 new');
    await input.fill(`e2e-${run}-one`);
    await page.getByText('Already in the list').waitFor();
    expect(await add.isDisabled()).toBe(true);
    await input.fill('');

    // A new row is removed outright.
    await rowOf(page, `E2E-${run}-ONE`)
      .getByRole('button', { name: `Remove E2E-${run}-ONE` })
      .click();
    await page.getByText('No equipment yet.').waitFor();
  });

  it("checks a series with the spec's messages before sending it", async () => {
    await page.getByRole('tab', { name: 'Series' }).click();
    await page.getByRole('textbox', { name: 'Prefix' }).fill(`E2E-${run}-S`);
    await page.getByRole('textbox', { name: 'Number from' }).fill('1a');
    await page.getByRole('textbox', { name: 'Number to' }).fill('20');
    await page.getByRole('button', { name: 'Add series' }).click();
    await page.getByText('The number from needs to be a valid number').waitFor();
    await page.getByRole('textbox', { name: 'Number from' }).fill('21');
    await page.getByText('The second number needs to be larger than the first').waitFor();
    await page.getByRole('textbox', { name: 'Number to' }).fill('x');
    await page.getByText('The number to needs to be a valid number').waitFor();
    await page.getByRole('textbox', { name: 'Number from' }).fill('1');
    await page.getByRole('textbox', { name: 'Number to' }).fill('20');
    await page.getByText(`E2E-${run}-S1 to E2E-${run}-S20, 20 items`).waitFor();
  });

  it("asks 'Continue without saving?' before leaving the edited form", async () => {
    await page.getByRole('link', { name: 'Certificates', exact: true }).first().click();
    const confirm = page.getByRole('dialog', { name: 'Continue without saving?' });
    await confirm.getByText('All changes will be lost', { exact: true }).waitFor();
    await picture(page, 'certificate-editor-leave-1280');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/Certificates/Add');
    expect(await page.getByRole('textbox', { name: 'Certificate No' }).inputValue()).toBe(`E2E-${run}-A`);
    await picture(page, 'certificate-editor-add-1280');

    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await confirm.getByRole('button', { name: 'Continue' }).click();
    await expectPath(page, '/Certificates');
  });

  it('edits a 320-row certificate: a changed row cannot be deleted; delete and move are exclusive and undoable', async () => {
    const adminPage = await signedInPage(browser, 'admin@demo.example');
    await adminPage.goto(`/Certificates/${batchId}`);
    const opening = Date.now();
    await adminPage.getByRole('link', { name: 'Edit' }).click();
    await expectPath(adminPage, `/Certificates/Edit/${batchId}`);
    await adminPage.getByRole('heading', { name: 'Edit certificate LC-2022-BATCH-0417' }).waitFor();
    await poll(() => summary(adminPage).textContent()).toBe('320 items');
    const opened = Date.now() - opening;
    const typed = [];
    for (let i = 0; i < 5; i++) typed.push(await keystrokeMs(adminPage, 'NSD-KL-084-5010'));
    console.info(`320 rows: editor open ${opened} ms; keystroke to frame ${typed.map((ms) => ms.toFixed(1)).join(', ')} ms`);
    await rowOf(adminPage, 'NSD-KL-084-5010').getByRole('textbox', { name: 'Comment of NSD-KL-084-5010' }).fill('');
    await adminPage.getByText('1-50 of 320').waitFor();

    const first = rowOf(adminPage, 'NSD-KL-084-5001');
    await first.getByRole('textbox', { name: 'Comment of NSD-KL-084-5001' }).fill('Pin replaced, lead plug renewed');
    await first.getByText('Changed').waitFor();
    expect(await first.getByRole('button', { name: 'Delete NSD-KL-084-5001' }).isDisabled()).toBe(true);
    expect(await first.getByRole('button', { name: 'Move NSD-KL-084-5001' }).isDisabled()).toBe(true);

    const second = rowOf(adminPage, 'NSD-KL-084-5002');
    await second.getByRole('button', { name: 'Delete NSD-KL-084-5002' }).click();
    await second.getByText('Delete', { exact: true }).waitFor();
    expect(await second.getByRole('button', { name: 'Move NSD-KL-084-5002' }).isDisabled()).toBe(true);
    expect(await second.getByRole('textbox', { name: 'Comment of NSD-KL-084-5002' }).isDisabled()).toBe(true);
    await poll(() => summary(adminPage).textContent()).toBe('320 items, 1 to delete');
    await second.getByRole('button', { name: 'Undo delete of NSD-KL-084-5002' }).click();
    await poll(() => summary(adminPage).textContent()).toBe('320 items');

    // Move: the certificate autocomplete (GET /Certificates/type) finds the target.
    const third = rowOf(adminPage, 'NSD-KL-084-5003');
    await third.getByRole('button', { name: 'Move NSD-KL-084-5003' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Move NSD-KL-084-5003' });
    await dialog.getByRole('combobox', { name: 'Move to certificate' }).fill('BATCH-0088');
    await adminPage.getByRole('option', { name: /GL-2023-BATCH-0088/ }).click();
    await dialog.getByRole('button', { name: 'Mark to move' }).click();
    await third.getByText('Move to GL-2023-BATCH-0088').waitFor();
    expect(await third.getByRole('button', { name: 'Delete NSD-KL-084-5003' }).isDisabled()).toBe(true);
    await poll(() => summary(adminPage).textContent()).toBe('320 items, 1 to move');
    await picture(adminPage, 'certificate-editor-edit-1280');
    await third.getByRole('button', { name: 'Undo move of NSD-KL-084-5003' }).click();
    await poll(() => summary(adminPage).textContent()).toBe('320 items');

    // Pages of 50: the last page holds rows 301-320.
    await adminPage.getByRole('button', { name: '7', exact: true }).click();
    await adminPage.getByText('301-320 of 320').waitFor();
    await adminPage.context().close();
  });

  it('shows delete and move to Admin level only', async () => {
    await page.goto(`/Certificates/Edit/${batchId}`);
    await poll(() => summary(page).textContent()).toBe('320 items');
    expect(await page.getByRole('button', { name: /^Delete NSD-/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Move NSD-/ }).count()).toBe(0);
    // Opened from an address with no page before it, Cancel goes to the certificate.
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expectPath(page, `/Certificates/${batchId}`);
  });

  it('shows Edit, Copy and Delete on the detail for Certificates level, not for Read level', async () => {
    await page.goto(`/Certificates/${batchId}`);
    await page.getByRole('heading', { name: 'Certificate LC-2022-BATCH-0417' }).waitFor();
    await page.getByRole('link', { name: 'Edit' }).waitFor();
    await page.getByRole('button', { name: 'Copy' }).click();
    await page.getByRole('menuitem', { name: 'Copy with the PDF' }).click();
    await expectPath(page, `/Certificates/Add/${batchId}`);
    expect(new URL(page.url()).search).toBe('?file=1');
    await page.getByRole('heading', { name: 'Add certificate' }).waitFor();
    await poll(() => page.getByRole('textbox', { name: 'Certificate No' }).inputValue()).toBe('LC-2022-BATCH-0417');
    await page.getByRole('region', { name: 'Certificate PDF' }).getByText('LC-2022-BATCH-0417.pdf').waitFor();
    await page.goto(`/Certificates/Add/${batchId}`);
    await page.getByRole('region', { name: 'Certificate PDF' }).getByText('No PDF attached').waitFor();

    const reader = await signedInPage(browser, 'read@demo.example');
    await reader.goto(`/Certificates/${batchId}`);
    await reader.getByRole('heading', { name: 'Certificate LC-2022-BATCH-0417' }).waitFor();
    await settle(reader);
    expect(await reader.getByRole('link', { name: 'Edit' }).count()).toBe(0);
    expect(await reader.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await reader.goto('/Certificates/Add');
    await reader.getByRole('heading', { name: /access/i }).waitFor();
    await reader.context().close();
  });

  it('fits a phone: the rows are cards, nothing scrolls sideways and Delete is on screen', async () => {
    const phone = await signedInPage(browser, 'admin@demo.example', { width: 375, height: 740 });
    await phone.goto('/Certificates/Add');
    await phone.getByRole('heading', { name: 'Add certificate' }).waitFor();
    await settle(phone);
    expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
    await picture(phone, 'certificate-editor-add-375');
    await phone.goto(`/Certificates/Edit/${batchId}`);
    await poll(() => summary(phone).textContent()).toBe('320 items');
    await settle(phone);
    expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
    await summary(phone).scrollIntoViewIfNeeded();
    await picture(phone, 'certificate-editor-edit-375');
    // The first row's Delete is within reach: inside the screen, with no sideways scrolling (docs/ui.md).
    const remove = phone
      .getByRole('table', { name: 'Certificate rows' })
      .getByRole('button', { name: /^Delete / })
      .first();
    const across = await remove.evaluate((button) => {
      const { left, right } = button.getBoundingClientRect();
      return { left, right };
    });
    expect(across.left).toBeGreaterThanOrEqual(0);
    expect(across.right).toBeLessThanOrEqual(375);
    await phone.context().close();
  });

  describe('saving (needs the editor endpoints on the server)', () => {
    /** The certificate the journey creates, and its copy. */
    let createdId = 0;
    let copyId = 0;

    it('creates a certificate with a series of 20 items, an imported file of 30 and a PDF', async ({ skip }) => {
      if (!served) skip();
      await page.goto('/Certificates/Add');
      await page.getByRole('heading', { name: 'Add certificate' }).waitFor();
      await settle(page);
      await chooseCatalogue(page);
      await page.getByRole('textbox', { name: 'Certificate No' }).fill(`E2E-${run}-SAVED`);
      await page
        .locator('section[aria-label="Certificate PDF"] input[type=file]')
        .setInputFiles({ name: `e2e-${run}.pdf`, mimeType: 'application/pdf', buffer: pdf });
      await page.getByRole('region', { name: 'Certificate PDF' }).getByText(`e2e-${run}.pdf`).waitFor();

      await page.getByRole('tab', { name: 'Series' }).click();
      await page.getByRole('textbox', { name: 'Prefix' }).fill(`E2E-${run}-S`);
      await page.getByRole('textbox', { name: 'Number from' }).fill('1');
      await page.getByRole('textbox', { name: 'Number to' }).fill('20');
      await page.getByRole('button', { name: 'Add series' }).click();
      await page.getByText('Added 20 items.').waitFor();

      await page.getByRole('tab', { name: 'Import' }).click();
      const lines = Array.from({ length: 30 }, (_, i) => `E2E-${run}-I${i + 1};27.5;Spare shot ${i + 1}`);
      await page
        .locator('section[aria-label="Add equipment"] input[type=file]')
        .setInputFiles({ name: 'items.txt', mimeType: 'text/plain', buffer: Buffer.from(lines.join('\n')) });
      await page.getByText('Found 30 items in the file').waitFor();
      await poll(() => summary(page).textContent()).toBe('50 items, 50 new');

      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('heading', { name: `Certificate E2E-${run}-SAVED` }).waitFor();
      createdId = Number(new URL(page.url()).pathname.split('/').pop());
      await page.getByText('50 items', { exact: false }).waitFor();
      await page.getByRole('button', { name: 'Download PDF' }).waitFor();
    });

    it('copies it with its file', async ({ skip }) => {
      if (!served || !createdId) skip();
      await page.getByRole('button', { name: 'Copy' }).click();
      await page.getByRole('menuitem', { name: 'Copy with the PDF' }).click();
      await expectPath(page, `/Certificates/Add/${createdId}`);
      await poll(() => page.getByRole('textbox', { name: 'Certificate No' }).inputValue()).toBe(`E2E-${run}-SAVED`);
      await page.getByRole('textbox', { name: 'Certificate No' }).fill(`E2E-${run}-COPY`);
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('heading', { name: `Certificate E2E-${run}-COPY` }).waitFor();
      copyId = Number(new URL(page.url()).pathname.split('/').pop());
      expect(copyId).not.toBe(createdId);
      await page.getByRole('button', { name: 'Download PDF' }).waitFor();
    });

    it('moves two rows to the copy, deletes one and undoes it', async ({ skip }) => {
      if (!served || !copyId) skip();
      const adminPage = await signedInPage(browser, 'admin@demo.example');
      await adminPage.goto(`/Certificates/Edit/${createdId}`);
      await poll(() => summary(adminPage).textContent()).toBe('50 items');
      for (const stampedId of [`E2E-${run}-S1`, `E2E-${run}-S2`]) {
        await rowOf(adminPage, stampedId)
          .getByRole('button', { name: `Move ${stampedId}` })
          .click();
        const dialog = adminPage.getByRole('dialog', { name: `Move ${stampedId}` });
        // The dialog opens with the focus in the picker: typed there, as a person does once it opens.
        const picker = dialog.getByRole('combobox', { name: 'Move to certificate' });
        await poll(() => picker.evaluate((field) => field === document.activeElement)).toBe(true);
        await adminPage.keyboard.type(`E2E-${run}-COPY`, { delay: 20 });
        await adminPage.getByRole('option', { name: new RegExp(`E2E-${run}-COPY`) }).click();
        await dialog.getByRole('button', { name: 'Mark to move' }).click();
        await rowOf(adminPage, stampedId).getByText(`Move to E2E-${run}-COPY`).waitFor();
      }
      const third = `E2E-${run}-S3`;
      await rowOf(adminPage, third)
        .getByRole('button', { name: `Delete ${third}` })
        .click();
      await poll(() => summary(adminPage).textContent()).toBe('50 items, 1 to delete, 2 to move');
      await rowOf(adminPage, third)
        .getByRole('button', { name: `Undo delete of ${third}` })
        .click();
      await poll(() => summary(adminPage).textContent()).toBe('50 items, 2 to move');
      await adminPage.getByRole('button', { name: 'Save' }).click();
      await adminPage.getByRole('heading', { name: `Certificate E2E-${run}-SAVED` }).waitFor();
      await adminPage.getByText('48 items', { exact: false }).waitFor();
      await adminPage.goto(`/Certificates/${copyId}`);
      await adminPage.getByText('2 items', { exact: false }).waitFor();
      await adminPage.context().close();
    });

    it('says the certificate changed when another save came first, and reloads it', async ({ skip }) => {
      if (!served || !createdId) skip();
      await page.goto(`/Certificates/Edit/${createdId}`);
      await page.getByRole('heading', { name: `Edit certificate E2E-${run}-SAVED` }).waitFor();
      await settle(page);
      await page.getByRole('textbox', { name: 'Manufacturer' }).fill('Changed in the page');

      // Someone else saves the same version through the API first.
      const detail = (await (
        await fetch(`${baseUrl()}/api/Certificates/${createdId}`, { headers: { authorization: admin } })
      ).json()) as Record<string, any>;
      const body = {
        ownerId: detail.ownerId,
        typeId: detail.typeId,
        subTypeId: detail.subTypeId,
        dimensionId: detail.dimensionId,
        certificateNumber: detail.certificateNumber,
        manufacturer: 'Changed through the API',
        color: detail.color,
        fileId: detail.certificateFile?.id ?? null,
        equipment: [],
        version: detail.version,
      };
      const put = await fetch(`${baseUrl()}/api/Certificates/${createdId}`, {
        method: 'PUT',
        headers: { authorization: admin, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(put.status).toBe(200);

      await page.getByRole('button', { name: 'Save' }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'This certificate has changed' });
      await alert.getByText('Someone else saved this certificate after you opened it', { exact: false }).waitFor();
      await picture(page, 'certificate-editor-conflict-1280');
      await alert.getByRole('button', { name: 'Reload' }).click();
      await page.getByRole('dialog', { name: 'Continue without saving?' }).getByRole('button', { name: 'Reload' }).click();
      await poll(() => page.getByRole('textbox', { name: 'Manufacturer' }).inputValue()).toBe('Changed through the API');
    });

    it('opens a certificate of 2,000 rows and types in a row quickly (figures logged)', async ({ skip }) => {
      if (!served) skip();
      const adminPage = await signedInPage(browser, 'admin@demo.example');
      await adminPage.goto('/Certificates/Add');
      await adminPage.getByRole('heading', { name: 'Add certificate' }).waitFor();
      await settle(adminPage);
      await chooseCatalogue(adminPage);
      await adminPage.getByRole('textbox', { name: 'Certificate No' }).fill(`E2E-${run}-BIG`);
      await adminPage.getByRole('tab', { name: 'Series' }).click();
      await adminPage.getByRole('textbox', { name: 'Prefix' }).fill(`E2E-${run}-B`);
      await adminPage.getByRole('textbox', { name: 'Number from' }).fill('1');
      await adminPage.getByRole('textbox', { name: 'Number to' }).fill('2000');
      await adminPage.getByRole('button', { name: 'Add series' }).click();
      await adminPage.getByText('Added 2000 items.').waitFor({ timeout: 30_000 });
      await adminPage.getByRole('button', { name: 'Save' }).click();
      await adminPage.getByRole('heading', { name: `Certificate E2E-${run}-BIG` }).waitFor({ timeout: 30_000 });
      const id = Number(new URL(adminPage.url()).pathname.split('/').pop());

      await adminPage.goto(`/Certificates/${id}`);
      await adminPage.getByRole('link', { name: 'Edit' }).waitFor();
      const opening = Date.now();
      await adminPage.getByRole('link', { name: 'Edit' }).click();
      await poll(() => summary(adminPage).textContent()).toBe('2000 items');
      const opened = Date.now() - opening;
      const typed = [];
      for (let i = 0; i < 5; i++) typed.push(await keystrokeMs(adminPage, `E2E-${run}-B1`));
      console.info(`2,000 rows: editor open ${opened} ms; keystroke to frame ${typed.map((ms) => ms.toFixed(1)).join(', ')} ms`);
      await adminPage.context().close();
    });
  });
});
