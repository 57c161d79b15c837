/** Event and equipment exports on the hand-built dataset (test/factories-reports.ts). */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { setupTestApp } from '../../../test/app.ts';
import { samplePng } from '../../../test/factories-files.ts';
import { createCertificate, createEquipment, createEventItem, createMovedItem } from '../../../test/factories-items.ts';
import { createReportDataset } from '../../../test/factories-reports.ts';
import { pdfText } from '../../../test/pdf.ts';
import { eventItemImages, files } from '../../db/schema.ts';
import { upgradeImages } from '../../images/upgrade.ts';

const t = await setupTestApp();
const data = await createReportDataset(t.db);
// The unlinked item joins the inspection, so that internal users see it in the export.
await createEventItem(t.db, { eventId: data.event.id, equipmentId: data.items.unlinked.id, sequence: 7 });
const admin = await t.loginAs({ level: 'Read' });
const restricted = await t.loginAs({ level: 'Events', owners: [data.mine.id] });

async function download(path: string, who: { authorization: string }) {
  const token = (
    await t.app.inject({ method: 'POST', url: '/api/Account/DownloadToken', headers: { authorization: who.authorization } })
  ).json().token as string;
  return t.app.inject({ url: `/api${path}${path.includes('?') ? '&' : '?'}access_token=${token}` });
}
const sheetRows = (payload: Buffer) => {
  const book = XLSX.read(payload, { type: 'buffer', cellDates: true });
  return XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1, blankrows: false });
};

describe('event exports', () => {
  it('Excel: the event, its items in order with statuses; a formula-looking comment stays text', async () => {
    const response = await download(`/Export/${data.event.id}?trace=true`, admin);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="Event \d+ /);
    const rows = sheetRows(response.rawPayload);
    const header = rows.findIndex((row) => row[0] === '#');
    expect(rows[header]).toEqual(expect.arrayContaining(['Stamped id', 'Status', 'Certificate', 'Manufacturer']));
    const items = rows.slice(header + 1).map((row) => [row[1], row[6], row[7]]);
    expect(items).toEqual([
      ['RP-CH84-RED', 'Replace', 'Link worn through'],
      ['RP-CH84-YEL', 'Monitor', '=1+1'],
      ['RP-CH127-OK', 'OK', undefined],
      ['RP-CH127-OFF', 'Replace', undefined],
      ['RP-FR-1', 'OK', undefined],
      ['RP-OTHER-RED', 'Replace', 'Foreign comment'],
      ['RP-UNLINKED', undefined, undefined],
    ]);
    const book = XLSX.read(response.rawPayload, { type: 'buffer' });
    const sheet = book.Sheets[book.SheetNames[0]];
    const cell = Object.values(sheet).find((c) => c?.v === '=1+1');
    expect(cell).toMatchObject({ t: 's', v: '=1+1' });
    expect(cell.f).toBeUndefined();
  });

  it('leaves items of owners outside a restricted user’s list out of the file', async () => {
    const rows = sheetRows((await download(`/Export/${data.event.id}`, restricted)).rawPayload).flat();
    expect(rows).toContain('RP-CH84-RED');
    expect(rows).not.toContain('RP-OTHER-RED');
    expect(rows).not.toContain('Foreign comment');
  });

  it('PDF: event data, the equipment table with statuses, page numbers, images unless hidden', async () => {
    const [file] = await t.db
      .insert(files)
      .values({ fileName: 'worn-link.png', contentType: 'image/png', size: 10, sha256: 'x', data: samplePng() })
      .returning();
    const item = await t.db.query.eventItems.findFirst({ where: (i, { eq }) => eq(i.equipmentId, data.items.red.id) });
    await t.db.insert(eventItemImages).values({ eventItemId: item!.id, fileId: file.id });

    const response = await download(`/Export/Pdf/${data.event.id}?orientation=landscape`, admin);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(response.rawPayload);
    for (const expected of ['RP Rig', 'RP Project', 'RP-CH84-RED', 'Replace', 'Monitor', '=1+1', 'Page 1', 'Images', 'worn-link.png']) {
      expect(text).toContain(expected);
    }
    expect(response.rawPayload.toString('latin1')).toMatch(/\/MediaBox \[0 0 841\.89 595\.28\]/);
    const hidden = pdfText((await download(`/Export/Pdf/${data.event.id}?hideImages=true`, admin)).rawPayload);
    expect(hidden).toContain('RP-CH84-RED');
    expect(hidden).not.toContain('worn-link.png');
  });

  it('PDF: prints the thumbnail rendition of an image, never the original; a placeholder until the upgrade made it', async () => {
    // An image stored before renditions existed: 3,000 px wide, with no rendition yet.
    const original = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#2f6f9f' } })
      .png()
      .toBuffer();
    const [file] = await t.db
      .insert(files)
      .values({ fileName: 'old-photo.png', contentType: 'image/png', size: original.length, sha256: 'x', data: original })
      .returning();
    const item = await t.db.query.eventItems.findFirst({ where: (i, { eq }) => eq(i.equipmentId, data.items.yellow.id) });
    await t.db.insert(eventItemImages).values({ eventItemId: item!.id, fileId: file.id });

    const before = (await download(`/Export/Pdf/${data.event.id}`, admin)).rawPayload;
    expect(pdfText(before)).toContain('Image not shown');
    expect(before.toString('latin1')).not.toContain('/Width 3000');

    expect(await upgradeImages(t.db)).toBeGreaterThanOrEqual(1);
    const after = (await download(`/Export/Pdf/${data.event.id}`, admin)).rawPayload;
    expect(pdfText(after)).not.toContain('Image not shown');
    expect(after.toString('latin1')).toMatch(/\/Width 640\b[\s\S]*?\/Filter \/DCTDecode|\/Filter \/DCTDecode[\s\S]*?\/Width 640\b/);
    expect(after.toString('latin1')).not.toContain('/Width 3000');
  });

  it('PDF in landscape with trace: no header and no stamped id is broken mid-word', async () => {
    const long = await createEquipment(t.db, { stampedId: 'RP-MOORING-LEG-4-ANCHOR-01', certificateId: data.items.red.certificateId });
    await createEventItem(t.db, { eventId: data.event.id, equipmentId: long.id, sequence: 8 });
    const response = await download(`/Export/Pdf/${data.event.id}?orientation=landscape&trace=true&hideImages=true`, admin);
    expect(response.statusCode, response.body).toBe(200);
    // Each written line is one text run: a word broken mid-word would show as two runs.
    const runs = pdfText(response.rawPayload).split('\n');
    for (const word of [
      'Stamped',
      'Sub-type',
      'Dim.',
      'Length',
      'Status',
      'Comment',
      'Owner',
      'Certificate',
      'Manufacturer',
      'Quality',
      'Signed',
    ]) {
      expect(
        runs.some((run) => run.split(' ').includes(word)),
        word,
      ).toBe(true);
    }
    for (const stampedId of ['RP-MOORING-LEG-4-ANCHOR-01', 'RP-CH84-RED', 'RP-CH127-OFF']) expect(runs).toContain(stampedId);
  });

  it('refuses external users, a missing event (404) and bad options (400)', async () => {
    const external = await t.loginAs({ type: 'Report', level: 'Admin', owners: [data.mine.id] });
    expect((await download(`/Export/${data.event.id}`, external)).statusCode).toBe(403);
    expect((await download('/Export/999999', admin)).statusCode).toBe(404);
    const bad = await download(`/Export/Pdf/${data.event.id}?orientation=sideways`, admin);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['orientation']);
  });
});

describe('equipment exports', () => {
  it('Excel and PDF of one item with its event history', async () => {
    const excel = await download('/Export/StampedId/RP-CH84-YEL', restricted);
    expect(excel.statusCode).toBe(200);
    const rows = sheetRows(excel.rawPayload);
    expect(rows[0]).toEqual(['Stamped id: RP-CH84-YEL']);
    expect(rows.at(-1)).toEqual([expect.any(Date), expect.stringContaining('Inspection'), 'RP Rig', 'RP Project', 'Monitor', '=1+1']);
    const pdf = await download('/Export/StampedId/Pdf/RP-CH84-YEL', restricted);
    expect(pdf.statusCode).toBe(200);
    expect(pdfText(pdf.rawPayload)).toContain('Monitor');
  });

  it('needs Events level; a foreign item reads as missing', async () => {
    const reader = await t.loginAs({ level: 'Read' });
    expect((await download('/Export/StampedId/RP-CH84-YEL', reader)).statusCode).toBe(403);
    expect((await download('/Export/StampedId/RP-OTHER-RED', restricted)).statusCode).toBe(404);
    expect((await download('/Export/StampedId/Pdf/RP-OTHER-RED', restricted)).statusCode).toBe(404);
  });
});

describe("a moved item's events recorded for its former owner (docs/security.md rule 28)", () => {
  it('show in the stamped id exports with date, type and status only, to the new owner; in full to all owners', async () => {
    const former = await createCertificate(t.db);
    await createMovedItem(t.db, { stampedId: 'RP-MOVED-2', from: former.certificate.id, to: data.items.red.certificateId! });
    const excel = await download('/Export/StampedId/RP-MOVED-2', restricted);
    expect(excel.statusCode).toBe(200);
    const text = JSON.stringify(sheetRows(excel.rawPayload));
    expect(text).toContain('Former inspection');
    expect(text).toContain('Checked');
    for (const secret of ['Former rig', 'Former finding', former.owner.name]) expect(text).not.toContain(secret);
    const pdf = pdfText((await download('/Export/StampedId/Pdf/RP-MOVED-2', restricted)).rawPayload);
    expect(pdf).toContain('Checked');
    expect(pdf).not.toContain('Former finding');
    const allOwners = await t.loginAs({ level: 'Events' });
    expect(JSON.stringify(sheetRows((await download('/Export/StampedId/RP-MOVED-2', allOwners)).rawPayload))).toContain('Former finding');
  });
});
