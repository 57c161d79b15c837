/** The event detail's calls: Details, chips, EquipmentSummary, and an equipment item's events. */
import { todayUtc, yearsBetween } from '@portal/contract';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { createEvent, createFolder } from '../../../test/factories.ts';
import { createFile } from '../../../test/factories-files.ts';
import { createEventTypeWithStatuses } from '../../../test/factories-folders.ts';
import { createCertificate, createEquipment, createEventItem, createMovedItem, createTag } from '../../../test/factories-items.ts';
import { createCatalogue, createDimension } from '../../../test/factories-owners.ts';
import { eventItemImages, eventItems, events } from '../../db/schema.ts';

const t = await setupTestApp();
const { type, statuses } = await createEventTypeWithStatuses(t.db, [
  { name: 'OK', color: 'success', isDefault: true },
  { name: 'Observe', color: 'warning' },
  { name: 'Reject', color: 'danger' },
]);
const [ok, observe, reject] = statuses;
const rig = await createFolder(t.db, 'rig', { name: 'Detail rig' });
const project = await createFolder(t.db, 'project', { name: 'Detail project', parentId: rig.id });
const chain = await createCatalogue(t.db, { owner: 'Chain owner', type: 'Chain', subType: 'Studless R4', dimension: '84 mm' });
const chainCertificate = (await createCertificate(t.db, { catalogue: chain, quality: 'R4', color: 'primary', dateSigned: '2020-01-01' }))
  .certificate;
const pdf = await createFile(t.db, { fileName: 'mpi.pdf' });
const event = await createEvent(t.db, {
  typeId: type.id,
  rigId: rig.id,
  projectId: project.id,
  eventDate: '2026-02-01',
  comment: 'Leg 3',
  responsible: 'Kari',
  fileId: pdf.id,
});
const renewal = await createEvent(t.db, {
  typeId: type.id,
  rigId: rig.id,
  projectId: project.id,
  eventDate: '2024-01-01',
  isRenewal: true,
});

// 6 items: 4 chain links (one inactive), 2 unlinked; statuses OK x3, Observe x1, Reject x1, none x1.
const links: Awaited<ReturnType<typeof createEquipment>>[] = [];
for (let i = 0; i < 4; i++) {
  links.push(await createEquipment(t.db, { stampedId: `DL-${i}`, certificateId: chainCertificate.id, length: 27.5, hidden: i === 3 }));
}
const loose = [
  await createEquipment(t.db, { stampedId: 'DL-U1', length: null }),
  await createEquipment(t.db, { stampedId: 'DL-U2', length: null }),
];
const plan = [ok, ok, reject, observe, ok, null];
const eventItemRows: Awaited<ReturnType<typeof createEventItem>>[] = [];
for (const [i, item] of [...links, ...loose].entries()) {
  eventItemRows.push(
    await createEventItem(t.db, {
      eventId: event.id,
      equipmentId: item.id,
      sequence: i + 1,
      statusId: plan[i]?.id ?? null,
      notification: i === 2,
      comment: i === 2 ? 'Crack at the weld' : null,
    }),
  );
}
await createEventItem(t.db, { eventId: renewal.id, equipmentId: links[2].id, sequence: 1, statusId: ok.id, notification: true });
const image = await createFile(t.db, { fileName: 'crack.png', contentType: 'image/png' });
await t.db.insert(eventItemImages).values({ eventItemId: eventItemRows[2].id, fileId: image.id });
await createTag(t.db, 'DL-2', 'Quarantine', 'danger');

const reader = await t.loginAs({ level: 'Read' });
const external = await t.loginAs({ level: 'SystemAdministrator', type: 'Report' });
const get = (url: string, authorization = reader.authorization) => t.app.inject({ url: `/api${url}`, headers: { authorization } });

describe('GET /api/Events/{id}/Details', () => {
  it('gives the header: names, other info, the PDF, the item count and the most severe status', async () => {
    const body = (await get(`/Events/${event.id}/Details`)).json();
    expect(body).toMatchObject({
      id: event.id,
      type: { id: type.id },
      rig: { name: 'Detail rig' },
      referenceNo: { name: 'Detail project' },
      otherInfo: 'Leg 3',
      responsible: 'Kari',
      files: [{ id: pdf.id, fileName: 'mpi.pdf', url: `/api/Files/${pdf.id}` }],
      itemCount: 6,
      status: { id: reject.id, name: 'Reject', color: 'danger' },
    });
  });

  it('shows the event as its record does (one statement, shaped by hand): audit dates to the millisecond, microseconds cut', async () => {
    await t.db.execute(sql`update events set created_at = '2024-02-03 04:05:06.999999+00', updated_at = '2024-02-03 05:05:06.0005+01'
      where id = ${renewal.id}`);
    const body = (await get(`/Events/${renewal.id}/Details`)).json();
    const { comment, file, fileId: _, version: __, ...record } = (await get(`/Events/${renewal.id}`)).json();
    expect(body).toEqual({ ...record, otherInfo: comment, files: file ? [file] : [], status: { id: ok.id, name: 'OK', color: 'success' } });
    expect(body).toMatchObject({ itemCount: 1, createdDate: '2024-02-03T04:05:06.999Z', updatedDate: '2024-02-03T04:05:06.000Z' });
  });

  it('takes the most severe colour, then the status with the most items, then the lowest id; unknown colours rank last', async () => {
    const mixed = await createEvent(t.db, { typeId: type.id, rigId: rig.id, projectId: project.id });
    const odd = await createFolder(t.db, 'status', { name: 'Odd', color: 'teal', parentId: type.id });
    const caution = await createFolder(t.db, 'status', { name: 'Caution', color: 'warning', parentId: type.id });
    const details = async () => (await get(`/Events/${mixed.id}/Details`)).json().status;
    const add = async (statusId: number) => {
      const item = await createEquipment(t.db);
      await createEventItem(t.db, { eventId: mixed.id, equipmentId: item.id, sequence: item.id, statusId });
    };
    expect(await details()).toBeNull();
    await add(odd.id);
    await add(odd.id);
    expect(await details()).toMatchObject({ id: odd.id });
    await add(caution.id);
    expect(await details()).toMatchObject({ id: caution.id });
    await add(observe.id);
    // Two warnings with one item each: the lower id.
    expect(await details()).toMatchObject({ id: Math.min(observe.id, caution.id) });
    await add(observe.id);
    expect(await details()).toMatchObject({ id: observe.id, name: 'Observe', color: 'warning' });
  });

  it('404 for a missing event, 400 for a bad id, 403 for external users and level None', async () => {
    expect((await get('/Events/999999/Details')).statusCode).toBe(404);
    expect((await get('/Events/x/Details')).statusCode).toBe(400);
    expect((await get(`/Events/${event.id}/Details`, external.authorization)).statusCode).toBe(403);
    expect((await get(`/Events/${event.id}/Details`, (await t.loginAs({ level: 'None' })).authorization)).statusCode).toBe(403);
  });
});

describe('GET /api/Events/{id}/chips', () => {
  it('pages the items by sequence as chip rows', async () => {
    const body = (await get(`/Events/${event.id}/chips?page=0&pageSize=4`)).json();
    expect(body).toMatchObject({ total: 6, page: 0, pageSize: 4 });
    expect(body.items.map((r: { stampedId: string }) => r.stampedId)).toEqual(['DL-0', 'DL-1', 'DL-2', 'DL-3']);
    const third = body.items[2];
    expect(third).toMatchObject({
      id: eventItemRows[2].id,
      sequence: 3,
      length: 27.5,
      type: 'Chain',
      subType: 'Studless R4',
      dimension: '84 mm',
      owner: 'Chain owner',
      quality: 'R4',
      color: 'primary',
      linked: true,
      active: true,
      notifications: true,
      notificationsAmount: 2,
      status: { id: reject.id, name: 'Reject', color: 'danger' },
      comment: 'Crack at the weld',
      files: [{ id: image.id, fileName: 'crack.png', url: `/api/Files/${image.id}` }],
      notificationEvents: [
        { eventId: event.id, eventDate: '2026-02-01' },
        { eventId: renewal.id, eventDate: '2024-01-01' },
      ],
      tags: [{ tag: 'Quarantine', color: 'danger' }],
    });
    // The renewal of 2024 resets the effective age; the certificate's age runs from 2020.
    expect(third.age).toBeGreaterThan(third.effectiveAge);
    expect(body.items[3]).toMatchObject({ active: false, notificationsAmount: 0, files: [], tags: [] });
    const last = (await get(`/Events/${event.id}/chips?page=1&pageSize=4`)).json();
    expect(last.items.map((r: { stampedId: string }) => r.stampedId)).toEqual(['DL-U1', 'DL-U2']);
    expect(last.items[0]).toMatchObject({ linked: false, type: null, owner: null, age: null, effectiveAge: null });
  });

  it("counts each item's age from its latest renewal or reset-age event, and follows the events' later changes", async () => {
    const today = todayUtc();
    const from = (date: string, base = 0) => Math.round((base + yearsBetween(date, today)) * 10) / 10;
    const at = (eventDate: string, values: Partial<Parameters<typeof createEvent>[1]> = {}) =>
      createEvent(t.db, { typeId: type.id, rigId: rig.id, projectId: project.id, eventDate, ...values });
    const page = await at('2026-04-01');
    const renewed = await at('2024-01-01', { isRenewal: true });
    const reset = await at('2023-06-01', { resetAge: true, ageAtReset: 3.5 });
    // Before the certificate's signed date (2020-01-01): the signed date wins.
    const early = await at('2019-05-01', { resetAge: true, ageAtReset: 9 });
    // The same day as `renewed` and registered later: it wins.
    const sameDay = await at('2024-01-01', { resetAge: true, ageAtReset: 2 });
    const plain = await at('2025-01-01');
    const renewalToRemove = await at('2022-02-01', { isRenewal: true });
    const resetToChange = await at('2025-02-01', { resetAge: true, ageAtReset: 1 });
    const plan: [string, { id: number }[]][] = [
      ['AGE-RENEWED', [renewed, plain]],
      ['AGE-RESET', [reset]],
      ['AGE-NONE', [plain, early]],
      ['AGE-SAME-DAY', [renewed, sameDay]],
      ['AGE-CHANGED', [renewalToRemove, resetToChange]],
      // In the renewal as "Not inspected": not renewed, so the age counts from the signed date.
      ['AGE-NOT-RENEWED', [renewed]],
    ];
    const notInspected = await createFolder(t.db, 'status', { name: 'Not inspected', parentId: type.id, meaning: 'notInspected' });
    const itemIds: Record<string, number> = {};
    for (const [i, [stampedId, itsEvents]] of plan.entries()) {
      const item = await createEquipment(t.db, { stampedId, certificateId: chainCertificate.id });
      itemIds[stampedId] = item.id;
      const statusId = stampedId === 'AGE-NOT-RENEWED' ? notInspected.id : ok.id;
      for (const e of [page, ...itsEvents]) await createEventItem(t.db, { eventId: e.id, equipmentId: item.id, sequence: i + 1, statusId });
    }
    // The page's ages, each also checked against the equipment page's, which reads all of the item's events.
    const ages = async () => {
      const rows: { stampedId: string; effectiveAge: number | null }[] = (await get(`/Events/${page.id}/chips`)).json().items;
      for (const row of rows) expect((await get(`/Equipment/${row.stampedId}`)).json().effectiveAge).toBe(row.effectiveAge);
      return Object.fromEntries(rows.map((row) => [row.stampedId, row.effectiveAge]));
    };
    expect(await ages()).toEqual({
      'AGE-RENEWED': from('2024-01-01'),
      'AGE-RESET': from('2023-06-01', 3.5),
      'AGE-NONE': from('2020-01-01'),
      'AGE-SAME-DAY': from('2024-01-01', 2),
      'AGE-CHANGED': from('2025-02-01', 1),
      'AGE-NOT-RENEWED': from('2020-01-01'),
    });
    // The status's meaning changed to fit: the renewal renews it now.
    await t.app.inject({
      method: 'PUT',
      url: `/api/Folders/${notInspected.id}`,
      headers: { authorization: (await t.loginAs({ level: 'Admin' })).authorization },
      payload: { name: 'Not inspected', default: false, color: 'default', meaning: 'fit' },
    });
    expect((await ages())['AGE-NOT-RENEWED']).toBe(from('2024-01-01'));
    const setEvent = (id: number, values: Partial<typeof events.$inferInsert>) => t.db.update(events).set(values).where(eq(events.id, id));
    // Moved before the renewal: the renewal is the latest again.
    await setEvent(resetToChange.id, { eventDate: '2021-02-01' });
    expect((await ages())['AGE-CHANGED']).toBe(from('2022-02-01'));
    // The renewal deleted (its items go in cascade): the moved reset counts.
    await t.db.delete(events).where(eq(events.id, renewalToRemove.id));
    expect((await ages())['AGE-CHANGED']).toBe(from('2021-02-01', 1));
    // No longer a reset: the signed date; made a renewal: from its date at 0.
    await setEvent(resetToChange.id, { resetAge: false, ageAtReset: null });
    expect((await ages())['AGE-CHANGED']).toBe(from('2020-01-01'));
    await setEvent(resetToChange.id, { isRenewal: true });
    expect((await ages())['AGE-CHANGED']).toBe(from('2021-02-01'));
    // Its event item moved to another item: the age goes with it.
    await t.db
      .update(eventItems)
      .set({ equipmentId: itemIds['AGE-NONE'] })
      .where(and(eq(eventItems.eventId, resetToChange.id), eq(eventItems.equipmentId, itemIds['AGE-CHANGED'])));
    expect(await ages()).toMatchObject({ 'AGE-NONE': from('2021-02-01'), 'AGE-CHANGED': from('2020-01-01') });
    // The event item deleted: back to the signed date.
    await t.db.delete(eventItems).where(and(eq(eventItems.eventId, resetToChange.id), eq(eventItems.equipmentId, itemIds['AGE-NONE'])));
    expect((await ages())['AGE-NONE']).toBe(from('2020-01-01'));
  });

  it('filters by status, notifications, inactive, unlinked and a part of the stamped id', async () => {
    const ids = async (query: string) =>
      (await get(`/Events/${event.id}/chips?${query}`)).json().items.map((r: { stampedId: string }) => r.stampedId);
    expect(await ids(`status=${ok.id}`)).toEqual(['DL-0', 'DL-1', 'DL-U1']);
    expect(await ids('filter=notifications')).toEqual(['DL-2']);
    expect(await ids('filter=inactive')).toEqual(['DL-3']);
    expect(await ids('filter=unlinked')).toEqual(['DL-U1', 'DL-U2']);
    expect(await ids('search=u2')).toEqual(['DL-U2']);
    // The total counts the filter's matches; a page past the end is empty but keeps it.
    expect((await get(`/Events/${event.id}/chips?status=${ok.id}&pageSize=2`)).json()).toMatchObject({ total: 3 });
    expect((await get(`/Events/${event.id}/chips?page=5&pageSize=4`)).json()).toMatchObject({ items: [], total: 6 });
    expect((await get(`/Events/${event.id}/chips?search=DL-_&pageSize=1`)).json()).toMatchObject({ items: [], total: 0 });
  });

  it('refuses a bad filter or page size with 400 on that field; 404 for a missing event', async () => {
    expect(Object.keys((await get(`/Events/${event.id}/chips?filter=red`)).json().errors)).toEqual(['filter']);
    expect(Object.keys((await get(`/Events/${event.id}/chips?pageSize=0`)).json().errors)).toEqual(['pageSize']);
    expect((await get('/Events/999999/chips')).statusCode).toBe(404);
    expect((await get(`/Events/${event.id}/chips`, external.authorization)).statusCode).toBe(403);
  });
});

describe('GET /api/Events/{id}/EquipmentSummary', () => {
  it('counts statuses with colours, notifications, inactive and unlinked, and the items by type with detailed entries', async () => {
    const body = (await get(`/Events/${event.id}/EquipmentSummary`)).json();
    expect(body).toMatchObject({
      totalAmount: 6,
      hasNotifications: true,
      notifications: 1,
      hasInactive: true,
      inActive: 1,
      hasUnlinked: true,
      unlinked: 2,
    });
    expect(body.statuses).toEqual([
      { id: ok.id, name: 'OK', color: 'success', amount: 3 },
      { id: observe.id, name: 'Observe', color: 'warning', amount: 1 },
      { id: reject.id, name: 'Reject', color: 'danger', amount: 1 },
      { id: null, name: 'No status', color: 'none', amount: 1 },
    ]);
    expect(body.rows).toEqual([
      {
        name: 'Chain',
        amount: 4,
        rowKey: 'type:Chain',
        entries: [{ amount: 4, color: 'primary', dimension: '84 mm', quality: 'R4', subType: 'Studless R4', length: 110 }],
      },
      {
        name: 'Unlinked',
        amount: 2,
        rowKey: 'type:Unlinked',
        entries: [{ amount: 2, color: null, dimension: null, quality: null, subType: null, length: null }],
      },
    ]);
  });

  it('merges entries of the same names from two owners (counted by ids, shown by name); an event without items is all zero', async () => {
    // A second owner's catalogue with the same names: its certificate types, sub-types and dimensions are other rows.
    const twin = await createCatalogue(t.db, { owner: 'Twin owner', type: 'Chain', subType: 'Studless R4', dimension: '84 mm' });
    const twinCertificate = (await createCertificate(t.db, { catalogue: twin, quality: 'R4', color: 'primary' })).certificate;
    const merged = await createEvent(t.db, { typeId: type.id, rigId: rig.id, projectId: project.id, eventDate: '2026-03-01' });
    for (const [i, certificateId] of [chainCertificate.id, twinCertificate.id, twinCertificate.id].entries()) {
      const item = await createEquipment(t.db, { stampedId: `TW-${i}`, certificateId, length: 10 });
      await createEventItem(t.db, { eventId: merged.id, equipmentId: item.id, sequence: i + 1, statusId: ok.id });
    }
    const body = (await get(`/Events/${merged.id}/EquipmentSummary`)).json();
    expect(body.rows).toEqual([
      {
        name: 'Chain',
        amount: 3,
        rowKey: 'type:Chain',
        entries: [{ amount: 3, color: 'primary', dimension: '84 mm', quality: 'R4', subType: 'Studless R4', length: 30 }],
      },
    ]);
    const empty = await createEvent(t.db, { typeId: type.id, rigId: rig.id, projectId: project.id, eventDate: '2026-03-02' });
    expect((await get(`/Events/${empty.id}/EquipmentSummary`)).json()).toEqual({
      totalAmount: 0,
      hasNotifications: false,
      notifications: 0,
      hasInactive: false,
      inActive: 0,
      hasUnlinked: false,
      unlinked: 0,
      statuses: [],
      rows: [],
    });
  });

  it('orders the entries of a type by dimension number (76, 84, 102 mm), not by name', async () => {
    const sized = await createCatalogue(t.db, { owner: 'Sized owner', type: 'Sized chain', subType: 'Studlink', dimension: '102 mm' });
    const event = await createEvent(t.db, { typeId: type.id, rigId: rig.id, projectId: project.id, eventDate: '2026-03-03' });
    for (const [i, name] of ['102 mm', '76 mm', '84 mm'].entries()) {
      const dimension = i === 0 ? sized.dimension : await createDimension(t.db, sized.subType.id, { name });
      const certificate = (await createCertificate(t.db, { catalogue: { ...sized, dimension }, quality: 'R4' })).certificate;
      const item = await createEquipment(t.db, { stampedId: `SZ-${i}`, certificateId: certificate.id, length: 10 });
      await createEventItem(t.db, { eventId: event.id, equipmentId: item.id, sequence: i + 1, statusId: ok.id });
    }
    const body = (await get(`/Events/${event.id}/EquipmentSummary`)).json();
    expect(body.rows[0].entries.map((entry: { dimension: string }) => entry.dimension)).toEqual(['76 mm', '84 mm', '102 mm']);
  });

  it('404 for a missing event; 403 for external users', async () => {
    expect((await get('/Events/999999/EquipmentSummary')).statusCode).toBe(404);
    expect((await get(`/Events/${event.id}/EquipmentSummary`, external.authorization)).statusCode).toBe(403);
    expect((await get('/Events/-1/EquipmentSummary')).statusCode).toBe(400);
  });
});

describe("an equipment item's events", () => {
  it('GET /Events/{equipmentId}/EventEquipmentHistory: newest first, with status, comment, images and days ago', async () => {
    const body = (await get(`/Events/${links[2].id}/EventEquipmentHistory`)).json();
    expect(body).toMatchObject({ equipmentId: links[2].id, stampedId: 'DL-2', createdBy: 'certificates@test.example' });
    expect(body.events.map((e: { eventId: number }) => e.eventId)).toEqual([event.id, renewal.id]);
    expect(body.events[0]).toMatchObject({
      eventDate: '2026-02-01',
      rig: 'Detail rig',
      project: 'Detail project',
      eventComment: 'Leg 3',
      otherInfo: 'Crack at the weld',
      status: { name: 'Reject', color: 'danger' },
      notifications: true,
      files: [{ fileName: 'crack.png' }],
    });
    expect(body.events[1]).toMatchObject({ isRenewal: true });
    expect(body.events[1].timeAgo).toBeGreaterThan(body.events[0].timeAgo);
  });

  it('GET /Events/{stampedId}/Equipment gives the same events by stamped id', async () => {
    const body = (await get('/Events/DL-2/Equipment')).json();
    expect(body.map((e: { eventId: number }) => e.eventId)).toEqual([event.id, renewal.id]);
    expect((await get('/Events/NOPE-1/Equipment')).statusCode).toBe(404);
  });

  it("hides another owner's items from restricted users (404) and refuses external users", async () => {
    const stranger = await t.loginAs({ level: 'Read', owners: [] });
    expect((await get(`/Events/${links[2].id}/EventEquipmentHistory`, stranger.authorization)).statusCode).toBe(404);
    expect((await get('/Events/DL-2/Equipment', stranger.authorization)).statusCode).toBe(404);
    // Unlinked items belong to nobody: every internal user sees them.
    expect((await get('/Events/DL-U1/Equipment', stranger.authorization)).statusCode).toBe(200);
    expect((await get('/Events/DL-2/Equipment', external.authorization)).statusCode).toBe(403);
    expect((await get('/Events/0/EventEquipmentHistory')).statusCode).toBe(400);
  });
});

// ------------------------------------------------------------------ owner scope
const elsewhere = await createCatalogue(t.db, { owner: 'Elsewhere owner' });
const outsider = await t.loginAs({ level: 'Read', owners: [elsewhere.owner.id] });
const chainUser = await t.loginAs({ level: 'Read', owners: [chain.owner.id] });
const chips = async (query: string, authorization = outsider.authorization) =>
  (await get(`/Events/${event.id}/chips?${query}`, authorization)).json();

describe("owner scope (docs/security.md rule 17): a user of another owner than the chain links'", () => {
  it('gets the chain links as rows with sequence and stamped id only, and the unlinked items in full', async () => {
    const answer = await get(`/Events/${event.id}/chips?pageSize=10`, outsider.authorization);
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body.total).toBe(6);
    expect(body.items[2]).toEqual({
      id: eventItemRows[2].id,
      sequence: 3,
      stampedId: 'DL-2',
      anotherOwner: true,
      length: null,
      subType: null,
      type: null,
      owner: null,
      ownerLabel: null,
      dimension: null,
      quality: null,
      color: null,
      age: null,
      effectiveAge: null,
      certifiedToCode: null,
      linked: true,
      active: true,
      notifications: false,
      notificationsAmount: 0,
      status: null,
      comment: null,
      files: [],
      notificationEvents: [],
      tags: [],
    });
    expect(body.items.map((r: { anotherOwner: boolean }) => r.anotherOwner)).toEqual([true, true, true, true, false, false]);
    expect(body.items[4]).toMatchObject({ stampedId: 'DL-U1', status: { id: ok.id }, linked: false });
    for (const secret of ['Chain owner', 'Crack at the weld', 'Quarantine', 'Studless']) expect(answer.body).not.toContain(secret);
    // The chain owner's own user sees them in full.
    expect((await chips('pageSize=10', chainUser.authorization)).items[2]).toMatchObject({ anotherOwner: false, owner: 'Chain owner' });
  });

  it("never matches another owner's item by status, notification or inactive; the stamped id search finds its row", async () => {
    const ids = async (query: string) => (await chips(query)).items.map((r: { stampedId: string }) => r.stampedId);
    expect(await chips(`status=${reject.id}`)).toMatchObject({ items: [], total: 0 });
    expect(await ids(`status=${ok.id}`)).toEqual(['DL-U1']);
    expect(await ids('filter=notifications')).toEqual([]);
    expect(await ids('filter=inactive')).toEqual([]);
    expect(await ids('search=DL-3')).toEqual(['DL-3']);
    expect(Object.keys((await get(`/Events/${event.id}/chips?status=0`, outsider.authorization)).json().errors)).toEqual(['status']);
  });

  it('counts only its own and unlinked items in the summary and the worst status; the item count is every row', async () => {
    const summary = await get(`/Events/${event.id}/EquipmentSummary`, outsider.authorization);
    expect(summary.json()).toMatchObject({ totalAmount: 2, notifications: 0, inActive: 0, unlinked: 2 });
    expect(summary.json().statuses).toEqual([
      { id: ok.id, name: 'OK', color: 'success', amount: 1 },
      { id: null, name: 'No status', color: 'none', amount: 1 },
    ]);
    expect(summary.json().rows.map((r: { name: string }) => r.name)).toEqual(['Unlinked']);
    expect(summary.body).not.toContain('Chain');
    const details = (await get(`/Events/${event.id}/Details`, outsider.authorization)).json();
    expect(details).toMatchObject({ itemCount: 6, status: { id: ok.id, name: 'OK' } });
    expect((await get(`/Events/${event.id}/Details`, chainUser.authorization)).json().status).toMatchObject({ id: reject.id });
    expect((await get(`/Events/${event.id}/EquipmentSummary`, chainUser.authorization)).json()).toMatchObject({ totalAmount: 6 });
  });
});

describe("a moved item's events recorded for its former owner (docs/security.md rule 28)", () => {
  it('show a restricted user of the new owner date, type and status only; all owners see them in full', async () => {
    const former = await createCertificate(t.db);
    const { item } = await createMovedItem(t.db, { stampedId: 'DL-MOVED-1', from: former.certificate.id, to: chainCertificate.id });
    const history = await get(`/Events/${item.id}/EventEquipmentHistory`, chainUser.authorization);
    expect(history.statusCode).toBe(200);
    expect(history.json().events).toEqual([
      expect.objectContaining({
        eventDate: '2024-03-01',
        type: 'Former inspection',
        status: expect.objectContaining({ name: 'Checked' }),
        location: null,
        rig: null,
        project: null,
        responsible: null,
        company: null,
        eventComment: null,
        otherInfo: null,
        notifications: false,
        files: [],
        formerOwner: true,
      }),
    ]);
    expect((await get('/Events/DL-MOVED-1/Equipment', chainUser.authorization)).json()).toEqual(history.json().events);
    for (const secret of ['Former rig', 'Former finding', 'Former yard']) expect(history.body).not.toContain(secret);
    expect((await get(`/Events/${item.id}/EventEquipmentHistory`)).json().events[0]).toMatchObject({
      rig: 'Former rig',
      otherInfo: 'Former finding',
      formerOwner: false,
    });
  });
});
