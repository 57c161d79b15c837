/**
 * GET /Report/predictedDiscard and its Excel file (issue 28 part 5): items whose wear trend reaches the
 * condemned limit within N months, soonest first, of the caller's owners only; bad months are 400.
 * Chains of 76 mm condemned at 12 % loss: the limit is 66.88 mm.
 */
import { predictedDiscardMessages, type ReportTable, reportMessages } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { setupTestApp } from '../../../test/app.ts';
import { createEvent } from '../../../test/factories.ts';
import { createEquipment, moveEquipment } from '../../../test/factories-items.ts';
import { createMeasuredChain } from '../../../test/factories-measurements.ts';

const t = await setupTestApp();
const run = (text: string, params: unknown[]) => t.handle.pool.query(text, params);
const a = await createMeasuredChain(t, '=HYPERLINK("http://x","Owner A")');
const b = await createMeasuredChain(t, 'Discard Owner B');
const yearsAgo = (years: number) => new Date(Date.now() - years * 365.25 * 86_400_000).toISOString().slice(0, 10);

/** An item of `chain` with its smaller grip measured as given: [years ago, mm]. */
async function measured(chain: typeof a, stampedId: string, points: [number, number][], hidden = false) {
  const item = await createEquipment(t.db, { certificateId: chain.certificate.id, stampedId, hidden });
  for (const [ago, grip] of points) {
    const event = await createEvent(t.db, { eventDate: yearsAgo(ago) });
    await run(
      `insert into event_items (event_id, equipment_id, sequence, measurements, measurement_version_id)
       select $1, $2, 1, $3, current_version_id from measurement_templates where certificate_type_id = $4 and sub_type_id is null`,
      [
        event.id,
        item.id,
        JSON.stringify([
          { key: 'gripDiameter1', value: grip },
          { key: 'gripDiameter2', value: grip + 0.4 },
        ]),
        chain.type.id,
      ],
    );
  }
  return item;
}
// Reaches 66.88 mm: in about 6 and 9 months, 1.3 years ago, in about 5 years, not in 50 years.
await measured(a, 'PD-A-FAST', [
  [2, 70],
  [0.01, 67.5],
]);
await measured(a, 'PD-A-NEXT', [
  [2, 71],
  [0.01, 68],
]);
await measured(a, 'PD-A-PAST', [
  [4, 70],
  [2, 67],
]);
await measured(a, 'PD-A-LATER', [
  [2, 74],
  [0.01, 72],
]);
await measured(a, 'PD-A-SLOW', [
  [4, 75],
  [0.01, 74.9],
]);
await measured(
  a,
  'PD-A-HIDDEN',
  [
    [2, 70],
    [0.01, 67.5],
  ],
  true,
);
await measured(b, 'PD-B-FAST', [
  [2, 70.5],
  [0.01, 67.6],
]);

const internal = await t.loginAs({ level: 'None' });
const reader = await t.loginAs({ level: 'Read' });
const externalA = await t.loginAs({ type: 'Report', level: 'None', owners: [a.owner.id] });
const externalB = await t.loginAs({ type: 'Report', level: 'Read', owners: [b.owner.id] });
const restrictedB = await t.loginAs({ level: 'Events', owners: [b.owner.id] });
const get = (query: string, who: { authorization: string }) =>
  t.app.inject({ url: `/api/Report/predictedDiscard${query}`, headers: { authorization: who.authorization } });
const stamped = async (query: string, who: { authorization: string }) => {
  const response = await get(query, who);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as ReportTable).rows.map((row) => row.stampedId);
};
const token = async (who: { authorization: string }) =>
  (await t.app.inject({ method: 'POST', url: '/api/Account/DownloadToken', headers: { authorization: who.authorization } })).json()
    .token as string;

describe('the predicted-discard report', () => {
  it('lists active items reaching the limit within N months, soonest first (a date already past first), paged', async () => {
    const response = await get('?months=12', internal);
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json() as ReportTable;
    expect(report).toMatchObject({ name: 'predictedDiscard', title: 'Predicted discard', total: 4, page: 0, pageSize: 50 });
    expect(report.rows.map((row) => row.stampedId)).toEqual(['PD-A-PAST', 'PD-A-FAST', 'PD-B-FAST', 'PD-A-NEXT']);
    expect(report.rows[1]).toMatchObject({ type: 'Chain', dimension: '76 mm', points: 2, limit: 66.88, unit: 'mm' });
    expect(report.rows[1].ratePerYear).toBeCloseTo(1.25, 1);
    const dates = report.rows.map((row) => String(row.predictedDiscardDate));
    expect([...dates].sort()).toEqual(dates);
    expect(await stamped('?months=120', internal)).toEqual(['PD-A-PAST', 'PD-A-FAST', 'PD-B-FAST', 'PD-A-NEXT', 'PD-A-LATER']);
    expect(await stamped('?months=600&page=1&pageSize=2', internal)).toEqual(['PD-B-FAST', 'PD-A-NEXT']);
    // Without months: 12.
    expect(await stamped('', internal)).toHaveLength(4);
  });

  it("shows every user only their owners' items: levels, external users, owner-restricted users", async () => {
    for (const who of [internal, reader]) expect(await stamped('?months=12', who)).toContain('PD-B-FAST');
    expect(await stamped('?months=12', externalA)).toEqual(['PD-A-PAST', 'PD-A-FAST', 'PD-A-NEXT']);
    for (const who of [externalB, restrictedB]) expect(await stamped('?months=12', who)).toEqual(['PD-B-FAST']);
    expect(await stamped(`?months=12&owner=${b.owner.id}`, internal)).toEqual(['PD-B-FAST']);
    const denied = await get(`?months=12&owner=${a.owner.id}`, externalB);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(reportMessages.ownerDenied);
    expect((await t.app.inject({ url: '/api/Report/predictedDiscard?months=12' })).statusCode).toBe(401);
  });

  it('refuses months that are not a whole number from 1 to 600', async () => {
    for (const months of ['-3', '0', 'abc', '1.5', '601', '']) {
      const response = await get(`?months=${months}`, internal);
      expect(response.statusCode, months).toBe(400);
      expect(response.body).toContain(predictedDiscardMessages.months);
    }
  });

  it('streams every row into a workbook whose cells stay text, with the owner rule applied', async () => {
    const response = await t.app.inject({ url: `/api/Report/predictedDiscard/excel?months=12&access_token=${await token(externalA)}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="Predicted discard 12 months \d{4}-\d{2}-\d{2}\.xlsx"/);
    const book = XLSX.read(response.rawPayload, { type: 'buffer', cellDates: true });
    const sheet = book.Sheets[book.SheetNames[0]];
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, blankrows: false });
    expect(rows[0]).toEqual(['Predicted discard']);
    expect(rows[2]).toEqual([
      'Stamped id',
      'Owner',
      'Type',
      'Dimension',
      'Inspections',
      'Wear a year',
      'Discard limit',
      'Unit',
      'Predicted discard',
    ]);
    expect(rows.slice(3).map((row) => row[0])).toEqual(['PD-A-PAST', 'PD-A-FAST', 'PD-A-NEXT']);
    // The owner's name starts with '=': a string cell, not a formula.
    expect(sheet.B5).toMatchObject({ t: 's', v: a.owner.name });
    expect(sheet.B5.f).toBeUndefined();
    const bad = await t.app.inject({ url: `/api/Report/predictedDiscard/excel?months=-1&access_token=${await token(externalA)}` });
    expect(bad.statusCode).toBe(400);
  });

  it('leaves out, for users of some owners, an item whose trend holds readings recorded for its former owner (rule 28)', async () => {
    const moved = await measured(b, 'PD-MOVED', [
      [2, 70],
      [0.01, 67.5],
    ]);
    await moveEquipment(t.db, moved, a.certificate.id, new Date(Date.now() + 60_000));
    expect(await stamped('?months=12', internal)).toContain('PD-MOVED');
    for (const who of [externalA, externalB, restrictedB]) expect(await stamped('?months=12', who)).not.toContain('PD-MOVED');
  });
});
