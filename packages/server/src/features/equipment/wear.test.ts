/**
 * The equipment's wear trend (issue 28 part 5, docs/measurements.md "Wear trends"): measurements
 * recorded through the item dialog's call, read back on GET /Equipment/{stampedId} as `wear`.
 */
import type { DueInfo, EquipmentDetail } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { setupTestApp } from '../../../test/app.ts';
import { createEvent } from '../../../test/factories.ts';
import { createEventTypeWithStatuses } from '../../../test/factories-folders.ts';
import { createCertificate, createEquipment, createEventItem } from '../../../test/factories-items.ts';
import { createMeasuredChain } from '../../../test/factories-measurements.ts';

const t = await setupTestApp();
const editor = await t.loginAs({ level: 'Events' });
const { type, statuses } = await createEventTypeWithStatuses(t.db, [
  { name: 'OK', isDefault: true, meaning: 'fit' },
  { name: 'Monitor', meaning: 'monitor' },
  { name: 'Replace', meaning: 'condemned' },
]);
const a = await createMeasuredChain(t, 'Wear Owner A');
const admin = a.admin;
const certificateA = a.certificate;
const b = await createCertificate(t.db);
const ofA = await t.loginAs({ level: 'Read', type: 'Report', owners: [a.owner.id] });
const ofB = await t.loginAs({ level: 'Read', type: 'Report', owners: [b.owner.id] });
const restrictedToB = await t.loginAs({ level: 'Read', owners: [b.owner.id] });

/** An inspection of the item on `date` whose grips are recorded as the dialog saves them. */
async function inspect(equipmentId: number, date: string, grip1: number, grip2: number) {
  const event = await createEvent(t.db, { typeId: type.id, eventDate: date });
  const item = await createEventItem(t.db, { eventId: event.id, equipmentId, sequence: 1, statusId: statuses[0].id });
  const response = await t.app.inject({
    method: 'PUT',
    url: `/api/EventComponents/${event.id}/component/${item.id}`,
    headers: { authorization: editor.authorization },
    payload: {
      measurements: [
        { key: 'gripDiameter1', value: grip1 },
        { key: 'gripDiameter2', value: grip2 },
      ],
    },
  });
  expect(response.statusCode, response.body).toBe(200);
}
const detail = (stampedId: string, who: { authorization: string } = editor) =>
  t.app.inject({ url: `/api/Equipment/${encodeURIComponent(stampedId)}`, headers: { authorization: who.authorization } });

describe('the wear trend on the equipment page', () => {
  it('fits the smaller grip diameter: 0.4 mm a year reaches the 12 % limit of a 76 mm chain in 2041', async () => {
    const item = await createEquipment(t.db, { certificateId: certificateA.id });
    await inspect(item.id, '2020-01-01', 76, 75.5);
    await inspect(item.id, '2024-01-01', 73.9, 74.2);
    await inspect(item.id, '2022-01-01', 74.7, 76);
    const response = await detail(item.stampedId);
    expect(response.statusCode, response.body).toBe(200);
    const { wear } = response.json<EquipmentDetail>();
    expect(wear?.series).toEqual([
      { date: '2020-01-01', value: 75.5 },
      { date: '2022-01-01', value: 74.7 },
      { date: '2024-01-01', value: 73.9 },
    ]);
    expect(wear?.unit).toBe('mm');
    expect(wear?.limit).toBe(66.88);
    expect(wear?.ratePerYear).toBeCloseTo(0.4, 2);
    expect(wear?.predictedDiscardDate).toMatch(/^2041-0[67]-/);
    // The item's owner's external user reads the same trend.
    expect((await detail(item.stampedId, ofA)).json<EquipmentDetail>().wear?.ratePerYear).toBe(wear?.ratePerYear);
  });

  it('is null with one measured inspection, and for a type without a template', async () => {
    const once = await createEquipment(t.db, { certificateId: certificateA.id });
    await inspect(once.id, '2025-03-01', 75, 75.1);
    expect((await detail(once.stampedId)).json<EquipmentDetail>().wear).toBeNull();
    const plain = await createEquipment(t.db, { certificateId: b.certificate.id });
    const response = await detail(plain.stampedId);
    expect(response.statusCode).toBe(200);
    expect(response.json<EquipmentDetail>().wear).toBeNull();
  });

  it("is another owner's business: their external and restricted users get 404, not the trend", async () => {
    const item = await createEquipment(t.db, { certificateId: certificateA.id });
    await inspect(item.id, '2021-01-01', 75, 75);
    await inspect(item.id, '2023-01-01', 74, 74);
    for (const who of [ofB, restrictedToB]) {
      const response = await detail(item.stampedId, who);
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('ratePerYear');
    }
    // A stamped id with a control character is bad input, before any look-up.
    expect((await detail('A\u0007B', ofA)).statusCode).toBe(400);
  });
});

describe('the due views flag an item worn out before it is due again', () => {
  it("answers discardPredicted on the due list and the badges' look-up when the trend meets the limit first", async () => {
    const put = (url: string, payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api${url}`, headers: { authorization: admin.authorization }, payload });
    expect((await put(`/DueDates/EventTypes/${type.id}`, { kind: 'inspection' })).statusCode).toBe(200);
    // Inspected every 60 months: the next inspection after 2026-06-01 is due in 2031.
    expect((await put(`/DueDates/Regimes/${a.type.id}`, { inspectionMonths: 60, renewalMonths: null })).statusCode).toBe(200);
    // 75 -> 70 mm in two years: 2.5 mm a year, meeting 66.88 mm in 2027, before 2031.
    const fast = await createEquipment(t.db, { certificateId: certificateA.id });
    await inspect(fast.id, '2024-06-01', 75, 75.2);
    await inspect(fast.id, '2026-06-01', 70, 70.4);
    // 75.9 -> 75.8 mm: 0.05 mm a year, limit far after the due date: no flag.
    const slow = await createEquipment(t.db, { certificateId: certificateA.id });
    await inspect(slow.id, '2024-06-01', 75.9, 76);
    await inspect(slow.id, '2026-06-01', 75.8, 76);
    const lookup = async (who: { authorization: string }) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/DueDates/Lookup',
        headers: { authorization: who.authorization },
        payload: { stampedIds: [fast.stampedId, slow.stampedId] },
      });
      expect(response.statusCode, response.body).toBe(200);
      return new Map((response.json().items as (DueInfo & { stampedId: string })[]).map((row) => [row.stampedId, row]));
    };
    const seen = await lookup(editor);
    expect(seen.get(fast.stampedId)?.dueDate).toBe('2031-06-01');
    expect(seen.get(fast.stampedId)?.discardPredicted).toMatch(/^2027-/);
    expect(seen.get(slow.stampedId)?.discardPredicted).toBeNull();
    // Their owner's external user sees the flag; another owner's sees neither item.
    expect((await lookup(ofA)).get(fast.stampedId)?.discardPredicted).toMatch(/^2027-/);
    expect((await lookup(ofB)).size).toBe(0);

    const list = await t.app.inject({
      url: `/api/Reports/Due?Owner=${a.owner.id}&Page=0&PageSize=50`,
      headers: { authorization: editor.authorization },
    });
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json().items as (DueInfo & { stampedId: string })[];
    expect(rows.find((row) => row.stampedId === fast.stampedId)?.discardPredicted).toMatch(/^2027-/);
    expect(rows.find((row) => row.stampedId === slow.stampedId)?.discardPredicted).toBeNull();

    // The list's Excel file carries the same flag, for the owner's external user too.
    for (const who of [editor, ofA]) {
      const token = (
        await t.app.inject({ method: 'POST', url: '/api/Account/DownloadToken', headers: { authorization: who.authorization } })
      ).json().token as string;
      const excel = await t.app.inject({ url: `/api/Reports/Due/excel?Owner=${a.owner.id}&access_token=${token}` });
      expect(excel.statusCode, excel.body).toBe(200);
      const sheet = XLSX.utils.sheet_to_json<unknown[]>(XLSX.read(excel.rawPayload, { type: 'buffer' }).Sheets.Due, { header: 1 });
      const header = sheet.findIndex((row) => row.includes('Stamped id'));
      const at = (name: string) => (sheet[header] as string[]).indexOf(name);
      const byId = new Map(sheet.slice(header + 1).map((row) => [row[at('Stamped id')], row[at('Worn out by')]]));
      // A real date cell: days since 30.12.1899.
      const day = new Date(Date.UTC(1899, 11, 30) + Number(byId.get(fast.stampedId)) * 86_400_000);
      expect(day.toISOString()).toMatch(/^2027-/);
      expect(byId.get(slow.stampedId)).toBeUndefined();
    }
  });
});
