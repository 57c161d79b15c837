/**
 * The event's Excel and PDF with the items' measurements (issue 28 part 6, docs/measurements.md "In the
 * record"): each measured item's values and derived values as text, the proposed status and the reason
 * for another; an event without measurements keeps its columns. The survey pack prints each item's last
 * measurements the same way.
 */
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { setupTestApp } from '../../../test/app.ts';
import { createEvent } from '../../../test/factories.ts';
import { createEventTypeWithStatuses } from '../../../test/factories-folders.ts';
import { createCertificate, createEquipment, createEventItem } from '../../../test/factories-items.ts';
import { createMeasuredChain } from '../../../test/factories-measurements.ts';
import { pdfText } from '../../../test/pdf.ts';

const t = await setupTestApp();
const editor = await t.loginAs({ level: 'Events' });
const { type, statuses } = await createEventTypeWithStatuses(t.db, [
  { name: 'OK', isDefault: true, meaning: 'fit' },
  { name: 'Monitor', meaning: 'monitor' },
  { name: 'Replace', meaning: 'condemned' },
]);
const [ok, monitor] = statuses;
const a = await createMeasuredChain(t, 'Record Owner A');
const certificateA = a.certificate;
const b = await createCertificate(t.db);
const restrictedToB = await t.loginAs({ level: 'Events', owners: [b.owner.id] });
const call = (who: { authorization: string }, method: 'PUT', url: string, payload: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: { authorization: who.authorization }, payload });

const event = await createEvent(t.db, { typeId: type.id });
const measured = await createEquipment(t.db, { certificateId: certificateA.id, stampedId: 'REC-CHAIN-1' });
const measuredItem = await createEventItem(t.db, { eventId: event.id, equipmentId: measured.id, sequence: 1, statusId: ok.id });
const other = await createEquipment(t.db, { certificateId: b.certificate.id, stampedId: 'REC-OTHER-1' });
await createEventItem(t.db, { eventId: event.id, equipmentId: other.id, sequence: 2, statusId: ok.id });
// 72.8 mm against 76: 4.21 %, monitor proposed; OK kept with a reason.
const saved = await call(editor, 'PUT', `/EventComponents/${event.id}/component/${measuredItem.id}`, {
  statusId: ok.id,
  verdictReason: 'Measured on a weld',
  measurements: [
    { key: 'gripDiameter1', value: 75 },
    { key: 'gripDiameter2', value: 72.8 },
    { key: 'crack', value: false },
  ],
});
expect(saved.statusCode, saved.body).toBe(200);
const plainEvent = await createEvent(t.db, { typeId: type.id });
await createEventItem(t.db, { eventId: plainEvent.id, equipmentId: other.id, sequence: 1, statusId: monitor.id });

async function download(path: string, who: { authorization: string } = editor) {
  const token = (
    await t.app.inject({ method: 'POST', url: '/api/Account/DownloadToken', headers: { authorization: who.authorization } })
  ).json().token as string;
  return t.app.inject({ url: `/api${path}${path.includes('?') ? '&' : '?'}access_token=${token}` });
}
const sheetRows = (payload: Buffer) => {
  const book = XLSX.read(payload, { type: 'buffer' });
  return XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1, blankrows: false });
};
const TEXT = 'Grip diameter 1: 75 mm; Grip diameter 2: 72.8 mm; Crack (MPI): No; Diameter loss: 4.21 %';

describe("the event's record with measurements", () => {
  it('Excel: each measured item has its measurements, the proposed status and the reason; others leave them empty', async () => {
    const response = await download(`/Export/${event.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const rows = sheetRows(response.rawPayload);
    const header = rows.findIndex((row) => row[0] === '#');
    const at = (name: string) => (rows[header] as string[]).indexOf(name);
    expect(at('Measurements')).toBeGreaterThan(0);
    const [first, second] = rows.slice(header + 1);
    expect([first[1], first[at('Status')], first[at('Measurements')], first[at('Proposed')], first[at('Reason')]]).toEqual([
      'REC-CHAIN-1',
      'OK',
      TEXT,
      'Monitor',
      'Measured on a weld',
    ]);
    expect([second[1], second[at('Measurements')], second[at('Proposed')]]).toEqual(['REC-OTHER-1', undefined, undefined]);
  });

  it('PDF: the same facts in the equipment table', async () => {
    const response = await download(`/Export/Pdf/${event.id}?orientation=landscape`);
    expect(response.statusCode, response.body).toBe(200);
    const text = pdfText(response.rawPayload).replace(/\s+/g, ' ');
    for (const fact of ['Measurements', 'Diameter loss: 4.21 %', 'Measured on a weld', 'Proposed']) expect(text).toContain(fact);
  });

  it('keeps the columns of an event without measurements, and leaves out items outside a restricted user’s owners', async () => {
    const plain = sheetRows((await download(`/Export/${plainEvent.id}`)).rawPayload).flat();
    expect(plain).not.toContain('Measurements');
    // Only another owner's item is measured: no measurement columns, nothing of it.
    const restricted = sheetRows((await download(`/Export/${event.id}`, restrictedToB)).rawPayload).flat();
    expect(restricted).toContain('REC-OTHER-1');
    expect(restricted).not.toContain('REC-CHAIN-1');
    expect(restricted).not.toContain('Measurements');
    expect(restricted).not.toContain(TEXT);
    expect((await download('/Export/abc')).statusCode).toBe(400);
  });
});

describe('the survey pack with measurements', () => {
  it("prints each item's last measurements and wear trend where some were measured; a pack without any has no such columns", async () => {
    // An inspection four years before, on another rig: 75.6 mm then, 72.8 mm now.
    const earlier = await createEvent(t.db, { typeId: type.id, eventDate: '2022-01-15' });
    const earlierItem = await createEventItem(t.db, { eventId: earlier.id, equipmentId: measured.id, sequence: 1, statusId: ok.id });
    const recorded = await call(editor, 'PUT', `/EventComponents/${earlier.id}/component/${earlierItem.id}`, {
      measurements: [
        { key: 'gripDiameter1', value: 75.8 },
        { key: 'gripDiameter2', value: 75.6 },
      ],
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    const measuredPack = await download(`/Export/SurveyPack?owner=${a.owner.id}&rig=${event.rigId}`);
    expect(measuredPack.statusCode, measuredPack.body).toBe(200);
    const text = pdfText(measuredPack.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain('Last measurements');
    expect(text).toContain(TEXT);
    // 2.8 mm in four years: 0.7 mm a year, reaching 66.88 mm (12 % below 76) in 2034.
    expect(text).toContain('Wear trend');
    expect(text).toMatch(/Loses 0\.7\d* mm a year; limit 66\.88 mm; predicted to reach it on \d\d\.\d\d\.2034/);
    expect(text).not.toContain('REC-OTHER-1');
    // Owner B's item was last seen in the plain event, on its own rig, unmeasured.
    const plainPack = await download(`/Export/SurveyPack?owner=${b.owner.id}&rig=${plainEvent.rigId}`);
    expect(plainPack.statusCode, plainPack.body).toBe(200);
    const plain = pdfText(plainPack.rawPayload).replace(/\s+/g, ' ');
    expect(plain).toContain('REC-OTHER-1');
    expect(plain).not.toContain('Last measurements');
    expect(plain).not.toContain('Wear trend');
  });
});
