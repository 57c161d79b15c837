/**
 * Statuses that mean what they say (issue 23 part 2, docs/due-dates.md "Status meanings"):
 * what a client sees of an item's due date, last inspection, renewal and red light when its statuses
 * mean fit, monitor, condemned or not inspected.
 */
import { type StatusMeaning, statusMeanings, yearsBetween } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { setupTestApp } from '../../../test/app.ts';
import { createEvent, createFolder } from '../../../test/factories.ts';
import { createCertificate, createEquipment } from '../../../test/factories-items.ts';
import { createCatalogue } from '../../../test/factories-owners.ts';
import { eventItems, type events, outboxMails } from '../../db/schema.ts';
import { setDueClock } from './clock.ts';
import { runDueReminders } from './reminders.ts';

const t = await setupTestApp();
const today = '2026-06-01';
afterAll(setDueClock(() => new Date(`${today}T12:00:00Z`)));

const chains = await createCatalogue(t.db, { owner: 'Meaning Chains AS', type: 'Chain' });
const admin = await t.loginAs({ level: 'Admin' });
const reader = await t.loginAs({ type: 'Report', level: 'None', owners: [chains.owner.id] });
const stranger = await t.loginAs({ type: 'Report', level: 'None', owners: [(await createCatalogue(t.db)).owner.id] });

type Who = { authorization: string };
const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, who: Who = admin) =>
  t.app.inject({ method, url: `/api${url}`, headers: { authorization: who.authorization }, ...(payload && { payload }) });
const ok = async (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, who: Who = admin) => {
  const response = await call(method, url, payload, who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

const inspection = await createFolder(t.db, 'eventType', { name: 'Annual inspection' });
const renewal = await createFolder(t.db, 'eventType', { name: 'Renewal survey' });
await ok('PUT', `/DueDates/EventTypes/${inspection.id}`, { kind: 'inspection' });
await ok('PUT', `/DueDates/EventTypes/${renewal.id}`, { kind: 'renewal' });
await ok('PUT', `/DueDates/Regimes/${chains.type.id}`, { inspectionMonths: 12, renewalMonths: 60 });

/** Each event type's statuses, one per meaning, named by it. */
async function statusesOf(typeId: number) {
  const made = [];
  for (const meaning of statusMeanings)
    made.push([meaning, await createFolder(t.db, 'status', { parentId: typeId, name: meaning, meaning })]);
  return Object.fromEntries(made) as Record<StatusMeaning, Awaited<ReturnType<typeof createFolder>>>;
}
const inspectionStatus = await statusesOf(inspection.id);
const renewalStatus = await statusesOf(renewal.id);

async function item(signed = '2025-01-10') {
  const { certificate } = await createCertificate(t.db, { catalogue: chains, dateSigned: signed });
  return createEquipment(t.db, { certificateId: certificate.id });
}
/** The item in a new event of the type, with the status given (null: none). */
async function event(
  equipmentId: number,
  typeId: number,
  eventDate: string,
  statusId: number | null,
  extra: Partial<typeof events.$inferInsert> = {},
) {
  const created = await createEvent(t.db, { typeId, eventDate, ...extra });
  await t.db.insert(eventItems).values({ eventId: created.id, equipmentId, sequence: 1, statusId });
  return created;
}
const due = async (stampedId: string, who: Who = admin) =>
  (await ok('POST', '/DueDates/Lookup', { stampedIds: [stampedId] }, who)).items[0] ?? null;
const page = (stampedId: string) => ok('GET', `/Equipment/${stampedId}`);
const reportIds = async (name: string, who: Who = reader) =>
  (await ok('GET', `/Report/${name}?pageSize=500`, undefined, who)).rows.map((row: { stampedId: string }) => row.stampedId);
const setMeaning = (status: { id: number; name: string }, meaning: StatusMeaning) =>
  ok('PUT', `/Folders/${status.id}`, { name: status.name, default: false, color: 'default', meaning });

describe('only an inspection counts', () => {
  it('a notInspected item keeps its due date and last inspection; an item with no status too', async () => {
    const chain = await item();
    await event(chain.id, inspection.id, '2026-03-01', inspectionStatus.fit.id);
    const inspected = { dueDate: '2027-03-01', light: 'green', kind: 'inspection', basisDate: '2026-03-01', lastInspection: '2026-03-01' };
    expect(await due(chain.stampedId)).toMatchObject(inspected);

    await event(chain.id, inspection.id, '2026-05-01', inspectionStatus.notInspected.id);
    await event(chain.id, inspection.id, '2026-05-15', null);
    expect(await due(chain.stampedId)).toMatchObject(inspected);
    const list = await ok('GET', `/Reports/Due?Owner=${chains.owner.id}&PageSize=500`, undefined, reader);
    expect(list.items.find((row: { stampedId: string }) => row.stampedId === chain.stampedId)).toMatchObject(inspected);

    const detail = await page(chain.stampedId);
    expect(detail.lastEvent).toMatchObject({ eventDate: '2026-05-15', status: null });
    expect(detail.lastInspection).toMatchObject({ eventDate: '2026-03-01', status: { name: 'fit', meaning: 'fit' } });
    expect(detail.events[1].status).toMatchObject({ name: 'notInspected', meaning: 'notInspected' });
  });

  it('a later notInspected does not hide an earlier condemned from the red report and the totals', async () => {
    const chain = await item();
    await event(chain.id, inspection.id, '2026-02-01', inspectionStatus.condemned.id);
    await event(chain.id, inspection.id, '2026-04-01', inspectionStatus.notInspected.id);
    expect(await reportIds('redEquipment')).toContain(chain.stampedId);
    const row = (await ok('GET', '/Report/redEquipment?pageSize=500', undefined, reader)).rows.find(
      (r: { stampedId: string }) => r.stampedId === chain.stampedId,
    );
    // The latest status as the spec shows it, and the inspection that put the item on the list.
    expect(row).toMatchObject({ status: 'notInspected', eventDate: '2026-04-01', lastInspection: '2026-02-01' });
    const totals = await ok('GET', `/Report/equipment/totals?owner=${chains.owner.id}`, undefined, reader);
    expect(totals.rows[0].red).toBeGreaterThanOrEqual(1);
    expect(await reportIds('redEquipment', stranger)).not.toContain(chain.stampedId);

    // A later inspection found it fit: off the red list.
    const redBefore = totals.rows[0].red;
    await event(chain.id, inspection.id, '2026-05-01', inspectionStatus.fit.id);
    expect(await reportIds('redEquipment')).not.toContain(chain.stampedId);
    expect((await ok('GET', `/Report/equipment/totals?owner=${chains.owner.id}`, undefined, reader)).rows[0].red).toBe(redBefore - 1);
  });

  it('a renewal renews only an item it found fit or to monitor: due date, renewal clock, last renewal and effective age', async () => {
    const chain = await item('2020-01-01');
    const ageFromSigned = Math.round(yearsBetween('2020-01-01', new Date().toISOString().slice(0, 10)) * 10) / 10;
    const overdueRenewal = { dueDate: '2025-01-01', light: 'red', kind: 'renewal', renewalDueDate: '2025-01-01' };
    await event(chain.id, renewal.id, '2026-03-01', renewalStatus.notInspected.id, { isRenewal: true });
    // Not inspected: neither clock moves (the inspection clock from the signed date is the sooner).
    expect(await due(chain.stampedId)).toMatchObject({
      dueDate: '2021-01-01',
      kind: 'inspection',
      renewalDueDate: '2025-01-01',
      condemned: false,
      lastInspection: null,
    });
    expect(await page(chain.stampedId)).toMatchObject({ lastRenewal: null, dateLastReset: null, effectiveAge: ageFromSigned });

    // Condemned in a renewal: inspected (the inspection clock moves), not renewed.
    await event(chain.id, renewal.id, '2026-04-01', renewalStatus.condemned.id, { isRenewal: true });
    expect(await due(chain.stampedId)).toMatchObject({ ...overdueRenewal, condemned: true, lastInspection: '2026-04-01' });
    expect(await page(chain.stampedId)).toMatchObject({ lastRenewal: null, dateLastReset: null });

    await event(chain.id, renewal.id, '2026-05-01', renewalStatus.monitor.id, { isRenewal: true });
    expect(await due(chain.stampedId)).toMatchObject({
      dueDate: '2027-05-01',
      light: 'green',
      kind: 'inspection',
      renewalDueDate: '2031-05-01',
      condemned: false,
    });
    const renewed = await page(chain.stampedId);
    expect(renewed).toMatchObject({ lastRenewal: { eventDate: '2026-05-01' }, dateLastReset: '2026-05-01' });
    expect(renewed.effectiveAge).toBeLessThan(1);
    const report = await ok('GET', '/Report/renewal?pageSize=500', undefined, reader);
    expect(report.rows.find((r: { stampedId: string }) => r.stampedId === chain.stampedId)).toMatchObject({
      lastRenewal: '2026-05-01',
      due: '2031-05-01',
      overdue: false,
    });
  });
});

describe('condemned shows red in the due views, whatever its date', () => {
  it('look-up, list, counts, light filter, Excel and the digest', async () => {
    const owner = await createCatalogue(t.db, { owner: 'Condemned Owner AS', type: 'Chain' });
    await ok('PUT', `/DueDates/Regimes/${owner.type.id}`, { inspectionMonths: 12, renewalMonths: null });
    const at = async () => {
      const { certificate } = await createCertificate(t.db, { catalogue: owner, dateSigned: '2025-01-10' });
      return createEquipment(t.db, { certificateId: certificate.id });
    };
    const fine = await at();
    const condemned = await at();
    await event(fine.id, inspection.id, '2026-05-01', inspectionStatus.fit.id);
    await event(condemned.id, inspection.id, '2026-05-10', inspectionStatus.condemned.id);
    await event(condemned.id, inspection.id, '2026-05-20', inspectionStatus.notInspected.id);

    expect(await due(condemned.stampedId)).toMatchObject({ dueDate: '2027-05-10', light: 'red', condemned: true, renewalDueDate: null });
    expect(await due(fine.stampedId)).toMatchObject({ dueDate: '2027-05-01', light: 'green', condemned: false });
    expect(await due(condemned.stampedId, stranger)).toBeNull();

    // The counts read day and month roll-ups without a type filter, and the items with one: both agree.
    for (const filter of [`Owner=${owner.owner.id}`, `Owner=${owner.owner.id}&Type=${owner.type.id}`]) {
      const all = await ok('GET', `/Reports/Due?${filter}`);
      expect(all.counts, filter).toEqual({ red: 1, yellow: 0, green: 1 });
      const red = await ok('GET', `/Reports/Due?${filter}&Light=red`);
      expect(red.items.map((row: { stampedId: string }) => row.stampedId)).toEqual([condemned.stampedId]);
      expect(red.items[0]).toMatchObject({ light: 'red', condemned: true, lastInspection: '2026-05-10' });
      const green = await ok('GET', `/Reports/Due?${filter}&Light=green`);
      expect(green.items.map((row: { stampedId: string }) => row.stampedId)).toEqual([fine.stampedId]);
    }

    const { token } = await ok('POST', '/Account/DownloadToken');
    const excel = await t.app.inject({ url: `/api/Reports/Due/excel?Owner=${owner.owner.id}&access_token=${token}` });
    expect(excel.statusCode).toBe(200);
    const rows = XLSX.utils.sheet_to_json<string[]>(XLSX.read(excel.rawPayload, { type: 'buffer' }).Sheets.Due, { header: 1 });
    const header = rows.findIndex((row) => row[0] === 'Due');
    const light = rows[header].indexOf('Light');
    const stamped = rows[header].indexOf('Stamped id');
    expect(rows.slice(header + 1).map((row) => [row[stamped], row[light]])).toEqual([
      [fine.stampedId, 'In date'],
      [condemned.stampedId, 'Condemned'],
    ]);

    const subscriber = await t.loginAs({ type: 'Report', level: 'None', owners: [owner.owner.id] });
    await ok('PUT', '/Account/DueReminders', { subscribed: true }, subscriber);
    await runDueReminders({ db: t.db, config: t.config, log: { info: () => {}, warn: () => {}, error: () => {} } }, today);
    const [mail] = await t.db.select().from(outboxMails).where(eq(outboxMails.to, subscriber.email));
    expect(mail.subject).toBe('Inspection due: 1 item overdue');
    expect(mail.body).toContain(
      `Overdue or condemned (1 item, by due date):\n  10.05.2027  ${condemned.stampedId}  Chain  (Condemned Owner AS)  Condemned, last inspection 10.05.2026\n`,
    );
    expect(mail.body).not.toContain(fine.stampedId);
  });
});

describe("a status's meaning changed by an Admin", () => {
  it('recomputes the due date, the last inspection and the red report at once', async () => {
    const type = await createFolder(t.db, 'eventType', { name: 'Survey' });
    await ok('PUT', `/DueDates/EventTypes/${type.id}`, { kind: 'inspection' });
    const passed = await createFolder(t.db, 'status', { parentId: type.id, name: 'Passed', meaning: 'fit' });
    const skipped = await createFolder(t.db, 'status', { parentId: type.id, name: 'Skipped', meaning: 'notInspected' });
    const chain = await item();
    await event(chain.id, type.id, '2026-03-01', passed.id);
    await event(chain.id, type.id, '2026-05-01', skipped.id);
    expect(await due(chain.stampedId)).toMatchObject({ dueDate: '2027-03-01', lastInspection: '2026-03-01' });

    await setMeaning(skipped, 'fit');
    expect(await due(chain.stampedId)).toMatchObject({ dueDate: '2027-05-01', lastInspection: '2026-05-01', condemned: false });
    expect((await page(chain.stampedId)).lastInspection).toMatchObject({ eventDate: '2026-05-01' });

    await setMeaning(skipped, 'condemned');
    expect(await due(chain.stampedId)).toMatchObject({ light: 'red', condemned: true });
    expect(await reportIds('redEquipment')).toContain(chain.stampedId);

    await setMeaning(skipped, 'notInspected');
    expect(await due(chain.stampedId)).toMatchObject({ dueDate: '2027-03-01', light: 'green', condemned: false });
    expect(await reportIds('redEquipment')).not.toContain(chain.stampedId);
  });
});
