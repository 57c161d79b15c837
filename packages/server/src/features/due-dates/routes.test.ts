import { DUE_LOOKUP_MAX, dueMessages, type StatusMeaning, statusMeanings } from '@portal/contract';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { setupTestApp } from '../../../test/app.ts';
import { createEvent, createFolder } from '../../../test/factories.ts';
import { createCertificate, createEquipment } from '../../../test/factories-items.ts';
import { createCatalogue } from '../../../test/factories-owners.ts';
import { certificates, dueReminderRuns, equipment, eventItems, events, outboxMails } from '../../db/schema.ts';
import { setDueClock } from './clock.ts';
import { DUE_REMINDER_LOCK_KEY, runDueReminders } from './reminders.ts';

const t = await setupTestApp();
const quiet = { info: () => {}, warn: () => {}, error: () => {} };
let today = '2026-06-01';
const restore = setDueClock(() => new Date(`${today}T12:00:00Z`));
afterAll(restore);
beforeEach(() => {
  today = '2026-06-01';
});

const nordsund = await createCatalogue(t.db, { owner: 'Nordsund Drilling', type: 'Chain' });
const brattvaag = await createCatalogue(t.db, { owner: 'Brattvaag Offshore', type: 'Shackle', subType: 'Bow', dimension: '55 t' });

const admin = await t.loginAs({ level: 'Admin' });
const certificatesUser = await t.loginAs({ level: 'Certificates' });
const nordsundAdmin = await t.loginAs({ level: 'Admin', owners: [nordsund.owner.id] });
const external = await t.loginAs({ type: 'Report', level: 'Read', owners: [brattvaag.owner.id] });
const externalAdmin = await t.loginAs({ type: 'Report', level: 'SystemAdministrator', owners: [nordsund.owner.id] });

type Who = { authorization: string };
const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, who: Who = admin) =>
  t.app.inject({ method, url: `/api${url}`, headers: { authorization: who.authorization }, ...(payload && { payload }) });

const inspectionType = await createFolder(t.db, 'eventType', { name: 'Annual inspection' });
const renewalType = await createFolder(t.db, 'eventType', { name: 'Renewal survey' });
const otherType = await createFolder(t.db, 'eventType', { name: 'Mobilisation' });
const rigA = await createFolder(t.db, 'rig', { name: 'Deepsea Alpha' });
const rigB = await createFolder(t.db, 'rig', { name: 'Deepsea Bravo' });
expect((await call('PUT', `/DueDates/EventTypes/${inspectionType.id}`, { kind: 'inspection' })).statusCode).toBe(200);
expect((await call('PUT', `/DueDates/EventTypes/${renewalType.id}`, { kind: 'renewal' })).statusCode).toBe(200);

const regime = (typeId: number, inspectionMonths: number | null, renewalMonths: number | null = null, who: Who = admin) =>
  call('PUT', `/DueDates/Regimes/${typeId}`, { inspectionMonths, renewalMonths }, who);
expect((await regime(nordsund.type.id, 12, 60)).statusCode).toBe(200);
expect((await regime(brattvaag.type.id, 6)).statusCode).toBe(200);

/** An item on a certificate of the catalogue signed on `signed`. */
async function item(catalogue: typeof nordsund, signed: string | null = '2025-01-10') {
  const { certificate } = await createCertificate(t.db, { catalogue, dateSigned: signed });
  return createEquipment(t.db, { certificateId: certificate.id });
}
/** Each event type's statuses by meaning (createFolder: a status means fit unless told). */
const statusesOf = new Map<number, Record<StatusMeaning, number>>();
async function statusOf(typeId: number, meaning: StatusMeaning) {
  if (!statusesOf.has(typeId)) {
    const made = await Promise.all(
      statusMeanings.map(async (m) => [
        m,
        (await createFolder(t.db, 'status', { parentId: typeId, name: `${m} ${typeId}`, meaning: m })).id,
      ]),
    );
    statusesOf.set(typeId, Object.fromEntries(made));
  }
  return statusesOf.get(typeId)?.[meaning] as number;
}
/** The item in a new event, with the status of that meaning (fit unless told; null: no status). */
async function event(
  equipmentId: number,
  typeId: number,
  eventDate: string,
  extra: Partial<typeof events.$inferInsert> = {},
  meaning: StatusMeaning | null = 'fit',
) {
  const created = await createEvent(t.db, { typeId, eventDate, rigId: extra.rigId ?? rigA.id, ...extra });
  const statusId = meaning === null ? null : await statusOf(typeId, meaning);
  await t.db.insert(eventItems).values({ eventId: created.id, equipmentId, sequence: 1, statusId });
  return created;
}
async function due(stampedId: string, who: Who = admin) {
  const response = await call('POST', '/DueDates/Lookup', { stampedIds: [stampedId] }, who);
  expect(response.statusCode).toBe(200);
  return response.json().items[0] ?? null;
}

describe('the due-date rule (docs/due-dates.md)', () => {
  it('no event yet: counts from the certificate signed date; without a signed date there is no due date', async () => {
    const fresh = await item(nordsund, '2025-01-10');
    expect(await due(fresh.stampedId)).toEqual({
      stampedId: fresh.stampedId,
      dueDate: '2026-01-10',
      light: 'red',
      kind: 'inspection',
      basisDate: '2025-01-10',
      renewalDueDate: '2030-01-10',
      condemned: false,
      lastInspection: null,
      discardPredicted: null,
    });
    const undated = await item(nordsund, null);
    expect(await due(undated.stampedId)).toBeNull();
  });

  it('an inspection restarts the inspection clock; an event of a type that counts as neither does not', async () => {
    const chain = await item(nordsund);
    await event(chain.id, inspectionType.id, '2026-03-01');
    expect(await due(chain.stampedId)).toMatchObject({
      dueDate: '2027-03-01',
      light: 'green',
      kind: 'inspection',
      basisDate: '2026-03-01',
    });
    await event(chain.id, otherType.id, '2026-05-01');
    expect(await due(chain.stampedId)).toMatchObject({ dueDate: '2027-03-01' });
  });

  it('a renewal restarts both clocks: an item inspected every year is still due its 5-year renewal', async () => {
    const chain = await item(nordsund, '2020-01-01');
    await event(chain.id, inspectionType.id, '2026-02-01');
    expect(await due(chain.stampedId)).toMatchObject({ dueDate: '2025-01-01', light: 'red', kind: 'renewal', basisDate: '2020-01-01' });
    await event(chain.id, renewalType.id, '2026-03-01');
    expect(await due(chain.stampedId)).toMatchObject({ dueDate: '2027-03-01', kind: 'inspection', basisDate: '2026-03-01' });
    // An event marked as a renewal on the event form counts as one whatever its type.
    const other = await item(nordsund, '2020-01-01');
    await event(other.id, otherType.id, '2026-04-01', { isRenewal: true });
    expect(await due(other.stampedId)).toMatchObject({ dueDate: '2027-04-01', basisDate: '2026-04-01' });
  });

  it('a reset-age event corrects the age, not the inspection clock', async () => {
    const chain = await item(nordsund, '2025-01-10');
    await event(chain.id, otherType.id, '2026-04-01', { resetAge: true, ageAtReset: 2 });
    expect(await due(chain.stampedId)).toMatchObject({ dueDate: '2026-01-10', light: 'red' });
  });

  it('inactive and unlinked items have no due date, and get it back when active and linked again', async () => {
    const chain = await item(nordsund);
    await t.db.update(equipment).set({ hidden: true }).where(eq(equipment.id, chain.id));
    expect(await due(chain.stampedId)).toBeNull();
    await t.db.update(equipment).set({ hidden: false }).where(eq(equipment.id, chain.id));
    expect(await due(chain.stampedId)).toMatchObject({ dueDate: '2026-01-10' });
    const loose = await createEquipment(t.db, { certificateId: null });
    await event(loose.id, inspectionType.id, '2026-03-01');
    expect(await due(loose.stampedId)).toBeNull();
    await t.db.update(equipment).set({ certificateId: chain.certificateId }).where(eq(equipment.id, loose.id));
    expect(await due(loose.stampedId)).toMatchObject({ dueDate: '2027-03-01' });
  });

  it('follows changes made afterwards: the interval, a sub-type override, the signed date, an event deleted or moved', async () => {
    const catalogue = await createCatalogue(t.db, { owner: 'Later Changes AS', type: 'Wire rope' });
    const wire = await item(catalogue, '2025-01-10');
    expect(await due(wire.stampedId)).toBeNull();
    await regime(catalogue.type.id, 12);
    expect(await due(wire.stampedId)).toMatchObject({ dueDate: '2026-01-10' });
    await regime(catalogue.type.id, 18);
    expect(await due(wire.stampedId)).toMatchObject({ dueDate: '2026-07-10', light: 'green' });
    const override = await call('PUT', `/DueDates/Regimes/SubTypes/${catalogue.subType.id}`, { inspectionMonths: 3, renewalMonths: null });
    expect(override.json().subTypes).toEqual([{ id: catalogue.subType.id, name: 'Studless R4', inspectionMonths: 3, renewalMonths: null }]);
    expect(await due(wire.stampedId)).toMatchObject({ dueDate: '2025-04-10' });
    await call('PUT', `/DueDates/Regimes/SubTypes/${catalogue.subType.id}`, { inspectionMonths: null, renewalMonths: null });
    expect(await due(wire.stampedId)).toMatchObject({ dueDate: '2026-07-10' });
    await t.db
      .update(certificates)
      .set({ dateSigned: '2025-02-28' })
      .where(eq(certificates.id, wire.certificateId as number));
    expect(await due(wire.stampedId)).toMatchObject({ dueDate: '2026-08-28' });
    const inspection = await event(wire.id, inspectionType.id, '2026-05-01');
    expect(await due(wire.stampedId)).toMatchObject({ dueDate: '2027-11-01' });
    await t.db.update(events).set({ eventDate: '2026-05-31' }).where(eq(events.id, inspection.id));
    expect(await due(wire.stampedId)).toMatchObject({ dueDate: '2027-11-30' });
    await call('PUT', `/DueDates/EventTypes/${inspectionType.id}`, { kind: 'none' });
    expect(await due(wire.stampedId)).toMatchObject({ dueDate: '2026-08-28' });
    await call('PUT', `/DueDates/EventTypes/${inspectionType.id}`, { kind: 'inspection' });
    await t.db.delete(events).where(eq(events.id, inspection.id));
    expect(await due(wire.stampedId)).toMatchObject({ dueDate: '2026-08-28' });
    await regime(catalogue.type.id, null);
    expect(await due(wire.stampedId)).toBeNull();
  });

  it('lights: red once past due, yellow from the warning window (30 days) to the due date, green before', async () => {
    const shackle = await item(brattvaag, '2026-01-10');
    today = '2026-06-09';
    expect(await due(shackle.stampedId)).toMatchObject({ dueDate: '2026-07-10', light: 'green' });
    today = '2026-06-10';
    expect(await due(shackle.stampedId)).toMatchObject({ light: 'yellow' });
    today = '2026-07-10';
    expect(await due(shackle.stampedId)).toMatchObject({ light: 'yellow' });
    today = '2026-07-11';
    expect(await due(shackle.stampedId)).toMatchObject({ light: 'red' });
  });
});

describe('regimes and event types (Admin)', () => {
  it('reads a type with its sub-types; other owners of an owner-list admin read as missing', async () => {
    const response = await call('GET', `/DueDates/Regimes/${nordsund.type.id}`, undefined, nordsundAdmin);
    expect(response.json()).toEqual({
      certificateType: { id: nordsund.type.id, name: 'Chain', inspectionMonths: 12, renewalMonths: 60 },
      subTypes: [{ id: nordsund.subType.id, name: 'Studless R4', inspectionMonths: null, renewalMonths: null }],
    });
    const foreign = await call(
      'PUT',
      `/DueDates/Regimes/${brattvaag.type.id}`,
      { inspectionMonths: 1, renewalMonths: null },
      nordsundAdmin,
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('The certificate type was not found');
    expect(
      (await call('PUT', `/DueDates/Regimes/SubTypes/${brattvaag.subType.id}`, { inspectionMonths: 1, renewalMonths: null }, nordsundAdmin))
        .statusCode,
    ).toBe(404);
  });

  it('refuses levels below Admin and external users', async () => {
    for (const who of [certificatesUser, externalAdmin]) {
      expect((await regime(nordsund.type.id, 6, null, who)).statusCode).toBe(403);
      expect((await call('GET', `/DueDates/Regimes/${nordsund.type.id}`, undefined, who)).statusCode).toBe(403);
      expect((await call('GET', '/DueDates/EventTypes', undefined, who)).statusCode).toBe(403);
      expect((await call('PUT', `/DueDates/EventTypes/${otherType.id}`, { kind: 'renewal' }, who)).statusCode).toBe(403);
    }
    expect((await call('GET', `/DueDates/Regimes/${nordsund.type.id}`)).json().certificateType.inspectionMonths).toBe(12);
  });

  it('refuses bad months and kinds with their messages', async () => {
    for (const months of [0, 1.5, 241, 'six']) {
      const response = await call('PUT', `/DueDates/Regimes/${nordsund.type.id}`, { inspectionMonths: months, renewalMonths: null });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.inspectionMonths).toEqual([dueMessages.months('Inspection interval')]);
    }
    expect((await call('PUT', `/DueDates/Regimes/${nordsund.type.id}`, { inspectionMonths: 6 })).statusCode).toBe(400);
    const kind = await call('PUT', `/DueDates/EventTypes/${otherType.id}`, { kind: 'sometimes' });
    expect(kind.json().errors.kind).toEqual([dueMessages.kind]);
    const rig = await call('PUT', `/DueDates/EventTypes/${rigA.id}`, { kind: 'inspection' });
    expect(rig.statusCode).toBe(404);
    expect(rig.json().message).toBe(dueMessages.eventTypeNotFound);
    expect((await call('PUT', '/DueDates/Regimes/abc', { inspectionMonths: 6, renewalMonths: null })).statusCode).toBe(400);
  });

  it('lists event types with what they count as', async () => {
    const list = (await call('GET', '/DueDates/EventTypes')).json();
    expect(list).toEqual(
      expect.arrayContaining([
        { id: inspectionType.id, name: 'Annual inspection', kind: 'inspection' },
        { id: renewalType.id, name: 'Renewal survey', kind: 'renewal' },
        { id: otherType.id, name: 'Mobilisation', kind: 'none' },
      ]),
    );
  });
});

const shackles = await createCatalogue(t.db, { owner: 'Compliance Owner AS', type: 'Sling' });
await regime(shackles.type.id, 6);
const overdue = await item(shackles, '2025-10-01'); // due 2026-04-01
const soon = await item(shackles, '2025-12-15'); // due 2026-06-15
const fine = await item(shackles, '2026-05-01'); // due 2026-11-01
await event(soon.id, otherType.id, '2026-05-20', { rigId: rigB.id });
const complianceUser = await t.loginAs({ type: 'Report', level: 'None', owners: [shackles.owner.id] });

describe('GET /api/Reports/Due', () => {
  it('counts per light and lists by due date, with owner, type, rig and light filters', async () => {
    const all = (await call('GET', '/Reports/Due', undefined, complianceUser)).json();
    expect(all.counts).toEqual({ red: 1, yellow: 1, green: 1 });
    expect(all.today).toBe('2026-06-01');
    expect(all.warningDays).toBe(30);
    expect(all.items.map((row: { stampedId: string }) => row.stampedId)).toEqual([overdue.stampedId, soon.stampedId, fine.stampedId]);
    expect(all.items[1]).toMatchObject({
      dueDate: '2026-06-15',
      light: 'yellow',
      owner: { id: shackles.owner.id, name: 'Compliance Owner AS' },
      certificateType: { id: shackles.type.id, name: 'Sling' },
      subType: 'Studless R4',
      dimension: '84 mm',
      rig: { id: rigB.id, name: 'Deepsea Bravo' },
    });
    const red = (await call('GET', '/Reports/Due?Light=red', undefined, complianceUser)).json();
    expect(red.items.map((row: { stampedId: string }) => row.stampedId)).toEqual([overdue.stampedId]);
    expect(red.total).toBe(1);
    const byRig = (await call('GET', `/Reports/Due?Rig=${rigB.id}`, undefined, complianceUser)).json();
    expect(byRig.items.map((row: { stampedId: string }) => row.stampedId)).toEqual([soon.stampedId]);
    const byType = (await call('GET', `/Reports/Due?Type=${shackles.type.id}&Owner=${shackles.owner.id}&PageSize=2&Page=1`)).json();
    expect(byType).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(byType.items.map((row: { stampedId: string }) => row.stampedId)).toEqual([fine.stampedId]);
    // Counts and page come from one statement: a page past the end still has the counts.
    const past = (await call('GET', '/Reports/Due?Light=green&PageSize=2&Page=3', undefined, complianceUser)).json();
    expect(past).toMatchObject({ counts: { red: 1, yellow: 1, green: 1 }, total: 1, items: [], page: 3, pageSize: 2 });
  });

  it('counts each light as the list shows it on any day: month edges, a window across months and years', async () => {
    // Due dates (6-month regime) around month ends; the counts sum whole months apart from the days near today.
    for (const signed of ['2024-03-03', '2025-11-15', '2025-12-31', '2026-01-01', '2026-01-31', '2026-02-15', '2026-07-01'])
      await item(brattvaag, signed);
    const tally = async (query: string, who: Who) => {
      const body = (await call('GET', `/Reports/Due?PageSize=500${query}`, undefined, who)).json();
      expect(body.total).toBeLessThanOrEqual(500);
      const lights = { red: 0, yellow: 0, green: 0 };
      for (const row of body.items as { light: keyof typeof lights }[]) lights[row.light] += 1;
      return { counts: body.counts, lights };
    };
    for (const day of ['2025-12-15', '2026-05-31', '2026-06-01', '2026-06-30', '2026-07-01', '2026-07-02', '2026-12-31']) {
      today = day;
      for (const [query, who] of [
        ['', admin],
        [`&Owner=${brattvaag.owner.id}`, admin],
        ['', external],
      ] as const) {
        const { counts, lights } = await tally(query, who);
        expect(counts, `${day}${query}`).toEqual(lights);
      }
    }
  });

  it("an external user sees only their owners' items, in the list, the counts, the look-up and the choices", async () => {
    const theirs = (await call('GET', '/Reports/Due', undefined, external)).json();
    expect(new Set(theirs.items.map((row: { owner: { id: number } }) => row.owner.id))).toEqual(new Set([brattvaag.owner.id]));
    const foreign = (await call('GET', `/Reports/Due?Owner=${shackles.owner.id}`, undefined, external)).json();
    expect(foreign).toMatchObject({ counts: { red: 0, yellow: 0, green: 0 }, items: [], total: 0 });
    expect(await due(overdue.stampedId, external)).toBeNull();
    expect(await due(overdue.stampedId, complianceUser)).toMatchObject({ light: 'red' });
    const choices = (await call('GET', '/Reports/Due/Choices', undefined, external)).json();
    expect(choices.owners).toEqual([{ id: brattvaag.owner.id, name: 'Brattvaag Offshore' }]);
    expect(choices.types).toEqual([{ id: brattvaag.type.id, name: 'Shackle', ownerId: brattvaag.owner.id }]);
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ url: '/api/Reports/Due' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/DueDates/Lookup', payload: { stampedIds: [] } })).statusCode).toBe(401);
  });

  it('refuses bad filters, paging and look-ups with their messages', async () => {
    const bad = await call('GET', '/Reports/Due?Light=purple&Owner=abc&PageSize=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.Light).toEqual([dueMessages.light]);
    expect(bad.json().errors.Owner).toBeDefined();
    expect(bad.json().errors.PageSize).toEqual(['Page size must be from 1 to 500']);
    const many = await call('POST', '/DueDates/Lookup', { stampedIds: Array.from({ length: DUE_LOOKUP_MAX + 1 }, (_, i) => `X-${i}`) });
    expect(many.json().errors.stampedIds).toEqual([dueMessages.lookupMax]);
    expect((await call('POST', '/DueDates/Lookup', { stampedIds: 'X-1' })).statusCode).toBe(400);
  });

  it('exports the filtered list as an Excel workbook by download token', async () => {
    const token = (await call('POST', '/Account/DownloadToken', undefined, complianceUser)).json().token;
    const response = await t.app.inject({ url: `/api/Reports/Due/excel?Light=red&access_token=${token}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="Inspection due Overdue \d{4}-\d{2}-\d{2}\.xlsx"/);
    const book = XLSX.read(response.rawPayload, { type: 'buffer', cellDates: true, cellStyles: true });
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets.Due, { header: 1 });
    expect(rows[0]).toEqual(['Inspection due on 01.06.2026: Overdue (warning window 30 days)']);
    expect(rows.flat()).toContain(overdue.stampedId);
    expect(rows.flat()).not.toContain(soon.stampedId);
    expect(rows.flat()).toContain('Overdue');
    // Due dates (first column, below the title, a blank line and the header) are date cells shown as DD.MM.YYYY.
    expect(book.Sheets.Due.A4).toMatchObject({ t: 'd', z: 'dd.mm.yyyy' });
    expect((await t.app.inject({ url: '/api/Reports/Due/excel' })).statusCode).toBe(401);
  });

  it('names every part of the filter in the Excel title and file name; an owner the caller lacks by its number only', async () => {
    const token = async (who: Who) => (await call('POST', '/Account/DownloadToken', undefined, who)).json().token;
    const filter = `Owner=${shackles.owner.id}&Type=${shackles.type.id}&Rig=${rigB.id}&Light=yellow`;
    const response = await t.app.inject({ url: `/api/Reports/Due/excel?${filter}&access_token=${await token(complianceUser)}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="Inspection due Compliance Owner AS Sling Deepsea Bravo Due soon \d{4}-\d{2}-\d{2}\.xlsx"/,
    );
    const rows = XLSX.utils.sheet_to_json<string[]>(XLSX.read(response.rawPayload, { type: 'buffer' }).Sheets.Due, { header: 1 });
    expect(rows[0]).toEqual(['Inspection due on 01.06.2026: Compliance Owner AS, Sling, Deepsea Bravo, Due soon (warning window 30 days)']);
    expect(rows.flat()).toContain(soon.stampedId);
    const foreign = await t.app.inject({ url: `/api/Reports/Due/excel?Owner=${shackles.owner.id}&access_token=${await token(external)}` });
    expect(foreign.statusCode).toBe(200);
    const foreignRows = XLSX.utils.sheet_to_json<string[]>(XLSX.read(foreign.rawPayload, { type: 'buffer' }).Sheets.Due, { header: 1 });
    expect(foreignRows[0]).toEqual([`Inspection due on 01.06.2026: owner ${shackles.owner.id} (warning window 30 days)`]);
    expect(foreignRows.flat()).not.toContain(overdue.stampedId);
  });
});

describe('reminder mails', () => {
  const digests = (email: string) => t.db.select().from(outboxMails).where(eq(outboxMails.to, email)).orderBy(desc(outboxMails.id));

  it('switching the reminders on and off, and refusing a bad body', async () => {
    expect((await call('GET', '/Account/DueReminders', undefined, external)).json()).toEqual({ subscribed: false });
    expect((await call('PUT', '/Account/DueReminders', { subscribed: true }, external)).json()).toEqual({ subscribed: true });
    expect((await call('GET', '/Account/DueReminders', undefined, external)).json()).toEqual({ subscribed: true });
    expect((await call('PUT', '/Account/DueReminders', { subscribed: 'yes' }, external)).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PUT', url: '/api/Account/DueReminders', payload: { subscribed: true } })).statusCode).toBe(401);
  });

  it('mails each subscriber the items of their owners newly due soon or overdue since the last run, never twice for one light', async () => {
    const catalogue = await createCatalogue(t.db, { owner: 'Digest Owner AS', type: 'Fibre rope' });
    await regime(catalogue.type.id, 12);
    const rope = await item(catalogue, '2025-07-20'); // due 2026-07-20
    const subscriber = await t.loginAs({ type: 'Report', level: 'None', owners: [catalogue.owner.id] });
    const outsider = await t.loginAs({ type: 'Report', level: 'None', owners: [brattvaag.owner.id] });
    await call('PUT', '/Account/DueReminders', { subscribed: true }, subscriber);
    await call('PUT', '/Account/DueReminders', { subscribed: true }, outsider);
    await call('PUT', '/Account/DueReminders', { subscribed: true }, admin);

    today = '2026-06-01';
    expect(await runDueReminders({ db: t.db, config: t.config, log: quiet }, today)).toMatchObject({ status: 'done' });
    expect(await digests(subscriber.email)).toEqual([]);

    today = '2026-06-25'; // the rope turns yellow
    await runDueReminders({ db: t.db, config: t.config, log: quiet }, today);
    const [yellow] = await digests(subscriber.email);
    expect(yellow.subject).toBe('Inspection due: 1 item due soon');
    expect(yellow.body).toContain(
      `Due soon (1 item, by due date):\n  20.07.2026  ${rope.stampedId}  Fibre rope  (Digest Owner AS)  never inspected\n`,
    );
    expect(yellow.body).toContain('http://portal.test/Reports/Due');
    expect((await digests(admin.email))[0].body).toContain(rope.stampedId);
    expect(JSON.stringify(await digests(outsider.email))).not.toContain(rope.stampedId);

    await runDueReminders({ db: t.db, config: t.config, log: quiet }, '2026-06-26');
    expect(await digests(subscriber.email)).toHaveLength(1);

    today = '2026-07-21'; // now red
    await runDueReminders({ db: t.db, config: t.config, log: quiet }, today);
    const mails = await digests(subscriber.email);
    expect(mails).toHaveLength(2);
    expect(mails[0].subject).toBe('Inspection due: 1 item overdue');
    expect(mails[0].body).toContain(`Overdue or condemned (1 item, by due date):\n  20.07.2026  ${rope.stampedId}`);
    expect(mails[0].body).not.toContain('Due soon');
    await runDueReminders({ db: t.db, config: t.config, log: quiet }, '2026-07-22');
    expect(await digests(subscriber.email)).toHaveLength(2);
  });

  it('lists items overdue for years by their due date without saying they just turned red, and links to the reminders switch', async () => {
    const catalogue = await createCatalogue(t.db, { owner: 'Old Stock AS', type: 'Wire rope' });
    await regime(catalogue.type.id, 12);
    const old = await item(catalogue, '2022-03-04'); // due 2023-03-04: overdue for years on its first digest
    const soon = await item(catalogue, '2025-06-20'); // due 2026-06-20
    const subscriber = await t.loginAs({ type: 'Report', level: 'None', owners: [catalogue.owner.id] });
    await call('PUT', '/Account/DueReminders', { subscribed: true }, subscriber);

    await runDueReminders({ db: t.db, config: t.config, log: quiet }, '2026-06-01');
    const [mail] = await digests(subscriber.email);
    expect(mail.subject).toBe('Inspection due: 1 item overdue, 1 item due soon');
    expect(mail.body).toBe(
      [
        'Items due for inspection that no earlier digest listed.',
        '',
        'Overdue or condemned (1 item, by due date):',
        `  04.03.2023  ${old.stampedId}  Wire rope  (Old Stock AS)  never inspected`,
        '',
        'Due soon (1 item, by due date):',
        `  20.06.2026  ${soon.stampedId}  Wire rope  (Old Stock AS)  never inspected`,
        '',
        'All due items: http://portal.test/Reports/Due',
        '',
        'You get this mail because your due-date reminders are on.',
        'To stop them, sign in and switch off "Due-date reminders" at http://portal.test/Reports/Due#reminders',
      ].join('\n'),
    );
  });

  it('one run at a time: a run finding the advisory lock taken skips', async () => {
    await t.db.execute(sql`select pg_advisory_lock(${DUE_REMINDER_LOCK_KEY})`);
    try {
      const runs = await t.db.$count(dueReminderRuns);
      expect(await runDueReminders({ db: t.db, config: t.config, log: quiet }, today)).toEqual({ status: 'busy' });
      expect(await t.db.$count(dueReminderRuns)).toBe(runs);
    } finally {
      await t.db.execute(sql`select pg_advisory_unlock(${DUE_REMINDER_LOCK_KEY})`);
    }
    expect(await runDueReminders({ db: t.db, config: t.config, log: quiet }, today)).toMatchObject({ status: 'done' });
  });
});
