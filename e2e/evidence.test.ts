/**
 * The owner's evidence (issue 25 part 5, docs/reports.md): owner 83's report user downloads a demo
 * certificate's PDF and an item's evidence PDF from their pages, and reads both with pdftotext as a
 * surveyor's machine would; the evidence names who signed the item's inspection off, and its printed
 * link, opened signed out, says it is valid.
 */
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiAuthorization } from './api.ts';
import { expectAccessible, launchBrowser, newContext, picture, signedInPage } from './browser.ts';

/** What pdftotext (poppler-utils) reads from the file, whitespace collapsed. */
function pdftotext(path: string): string {
  return execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

async function downloadBy(page: Page, button: ReturnType<Page['getByRole']>) {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const path = (await download.path()) as string;
  return { name: download.suggestedFilename(), path, data: await readFile(path) };
}

type Certificate = {
  id: number;
  certificateNumber: string;
  manufacturer: string | null;
  certificateFile: { fileName: string } | null;
  equipment: { stampedId: string; hidden: boolean }[];
};
type Entry = { id: number; name: string; parentId: number | null };

/** The first certificate of owner 83 (the report user's owner) with its scanned PDF and an active item. */
async function certificateWithPdf(authorization: string): Promise<Certificate> {
  const page = await api<{ items: { id: number; owner: { id: number } }[] }>('/Certificates?PageSize=100', authorization);
  for (const row of page.items.filter((item) => item.owner.id === 83)) {
    const certificate = await api<Certificate>(`/Certificates/${row.id}`, authorization);
    if (certificate.certificateFile && certificate.equipment.some((item) => !item.hidden)) return certificate;
  }
  throw new Error('no certificate of owner 83 with a PDF in the demo data');
}

/** An inspection of the item, long ago (so its latest status stays as the demo has it), signed off. */
async function signedInspection(stampedId: string): Promise<void> {
  const authorization = await apiAuthorization('events@demo.example');
  const tables = await api<{ projects: Entry[]; types: Entry[] }>('/Events/codetables', authorization);
  const type = tables.types.find((t) => t.name === 'Inspection') ?? tables.types[0];
  const project = tables.projects[0];
  const { id } = await api<{ id: number }>('/Events', authorization, {
    method: 'POST',
    body: JSON.stringify({
      type: type.id,
      rig: project.parentId,
      referenceNo: project.id,
      eventDate: '2016-05-10',
      responsible: 'Evidence journey',
    }),
  });
  const statuses = await api<{ id: number; meaning: string }[]>(`/Events/${id}/Statuses`, authorization);
  await api(`/EventComponents/${id}/component`, authorization, {
    method: 'POST',
    body: JSON.stringify({ stampedId, statusId: statuses.find((s) => s.meaning === 'fit')?.id }),
  });
  await api(`/Events/${id}/SignOff`, authorization, {
    method: 'POST',
    body: JSON.stringify({ inspector: 'Eirik Evidence', qualification: 'Level 3 MPI', company: 'Aster Survey AS' }),
  });
}

describe("the owner's evidence", () => {
  let browser: Browser;
  let page: Page;
  let certificate: Certificate;
  let stampedId = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await signedInPage(browser, 'report@demo.example', { home: '/Reports' });
    certificate = await certificateWithPdf(await apiAuthorization('report@demo.example'));
    stampedId = certificate.equipment.find((item) => !item.hidden)!.stampedId;
    await signedInspection(stampedId);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("downloads a demo certificate's PDF, whose text gives the certificate's own facts and items", async () => {
    await page.goto(`/Certificates/${certificate.id}`);
    await page.getByRole('heading', { name: `Certificate ${certificate.certificateNumber}` }).waitFor();
    const file = await downloadBy(page, page.getByRole('button', { name: 'Download PDF' }));
    expect(file.name).toBe(`${certificate.certificateNumber}.pdf`);
    const text = pdftotext(file.path);
    expect(text).toContain(`Certificate ${certificate.certificateNumber}`);
    expect(text).toContain('Aster Mooring Partners');
    if (certificate.manufacturer) expect(text).toContain(certificate.manufacturer);
    expect(text).toContain(stampedId);
  });

  it("downloads the item's evidence from its page: the certificate, its inspection signed off, a link that checks it", async () => {
    await page.goto(`/Equipment/${encodeURIComponent(stampedId)}`);
    // The spec's equipment Excel and PDF buttons stay at Events level: a Read user sees the evidence only.
    const evidence = page.getByRole('button', { name: 'Evidence PDF' });
    await evidence.waitFor();
    expect(await page.getByRole('button', { name: 'Excel' }).count()).toBe(0);
    await expectAccessible(page);
    await picture(page, 'evidence-equipment-1280');
    const file = await downloadBy(page, evidence);
    expect(file.name).toBe(`Evidence ${stampedId}.pdf`);
    const text = pdftotext(file.path);
    expect(text).toContain(`Equipment evidence ${stampedId}`);
    expect(text).toContain(certificate.certificateNumber);
    expect(text).toContain('10.05.2016');
    // Table cells wrap: the signer's words are read one by one.
    for (const words of ['Eirik Evidence', 'Level 3 MPI', 'Aster Survey AS']) expect(text).toContain(words);
    const number = /Document (IE-\d{4}-\d{6})/.exec(text)?.[1];
    const link = /Check this document at (\S+)/.exec(text)?.[1];
    expect(number).toBeDefined();
    expect(link).toContain('/Verify/');

    // The signed event's inspection report, from the item's event history: their item in it, as an issued document.
    const report = await downloadBy(page, page.getByRole('button', { name: 'Inspection report of 10.05.2016' }));
    const reportText = pdftotext(report.path);
    expect(reportText).toContain(stampedId);
    expect(reportText).toMatch(/Document IR-\d{4}-\d{6}/);

    // A surveyor with the paper: no session, the link as printed.
    const stranger = await newContext(browser, 375, 800);
    const phone = await stranger.newPage();
    await phone.goto(new URL(link!).pathname);
    await phone.getByRole('status').getByText('Valid', { exact: true }).waitFor();
    await phone.getByText(number!).waitFor();
    await phone.getByText('Eirik Evidence, Aster Survey AS').waitFor();
    expect(await phone.content()).not.toContain(stampedId);
    await picture(phone, 'evidence-verify-375');
    await stranger.close();
  });

  it("downloads the survey pack of a rig of owner 83's spreads from /Reports: every item of its spreads, no other owner's", async () => {
    const authorization = await apiAuthorization('report@demo.example');
    const { spreads } = await api<{ spreads: { rig: string; legs: { stampedIds: string[] }[] }[] }>(
      '/Report/mooringSpreads',
      authorization,
    );
    const rigs = await api<{ rig: string }[]>('/Export/SurveyPack/Rigs', authorization);
    const spread = spreads.find((candidate) => rigs.some((row) => row.rig === candidate.rig));
    expect(spread).toBeDefined();
    await page.goto('/Reports');
    const packs = page.getByRole('region', { name: 'Survey packs' });
    const button = packs.getByRole('button', { name: `Survey pack ${spread!.rig}`, exact: true });
    await button.waitFor();
    await picture(page, 'evidence-survey-packs-1280', { fullPage: true });
    const file = await downloadBy(page, button);
    expect(file.name).toMatch(/^Survey pack Aster Mooring Partners .+\.pdf$/);
    const text = pdftotext(file.path);
    expect(text).toContain(`Survey pack: Aster Mooring Partners, ${spread!.rig}`);
    expect(text).toMatch(/Document SP-\d{4}-\d{6}/);
    for (const id of spread!.legs.flatMap((leg) => leg.stampedIds)) expect(text).toContain(id);
    // The demo's other owners' stamped ids start with their short codes.
    for (const other of ['NSD-', 'BOS-', 'KMC-', 'WRL-']) expect(text).not.toContain(other);

    // With certificates: the same pack and the certificates' PDFs, in one ZIP.
    const zip = await downloadBy(page, packs.getByRole('button', { name: `Survey pack ${spread!.rig} with certificates (ZIP)` }));
    expect(zip.name).toMatch(/^Survey pack Aster Mooring Partners .+\.zip$/);
    const names = Object.keys(unzipSync(new Uint8Array(zip.data)));
    expect(names[0]).toMatch(/^Survey pack .+\.pdf$/);
    expect(names.filter((name) => name.startsWith('Certificates/')).length).toBeGreaterThan(0);
  });
});
