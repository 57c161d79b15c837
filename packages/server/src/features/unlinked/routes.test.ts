import { UNLINKED_PAGE_SIZE, unlinkedMessages } from '@portal/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { createItem, createLookupCertificate, inspect } from '../../../test/factories-lookups.ts';
import { chips, equipment, equipmentHistory } from '../../db/schema.ts';

const t = await setupTestApp();
const nordsund = await createLookupCertificate(t.db, { owner: 'Nordsund Drilling', certificateNumber: 'NS-88' });
const brattvaag = await createLookupCertificate(t.db, { owner: 'Brattvaag Offshore', certificateNumber: 'BO-12' });

const user = await t.loginAs({ level: 'Certificates' });
const nordsundOnly = await t.loginAs({ level: 'Certificates', owners: [nordsund.owner.id] });
const events = await t.loginAs({ level: 'Events' });
const external = await t.loginAs({ type: 'Report', level: 'SystemAdministrator', owners: [nordsund.owner.id] });

const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object, who = user) =>
  t.app.inject({ method, url: `/api${url}`, headers: { authorization: who.authorization }, ...(payload && { payload }) });
const history = (equipmentId: number) =>
  t.db.select().from(equipmentHistory).where(eq(equipmentHistory.equipmentId, equipmentId)).orderBy(asc(equipmentHistory.id));
const exists = async (id: number) => (await t.db.select({ id: equipment.id }).from(equipment).where(eq(equipment.id, id))).length > 0;

describe('GET /api/Unlinked', () => {
  it('pages the unlinked items newest first (Page zero-based, 50 a page) with the spec paging info', async () => {
    const linked = await createItem(t.db, { stampedId: 'PG-LINKED', certificateId: nordsund.certificate.id });
    const items = [];
    for (let n = 0; n < UNLINKED_PAGE_SIZE + 3; n++) items.push(await createItem(t.db, { stampedId: `PG-${String(n).padStart(3, '0')}` }));
    const first = (await call('GET', '/Unlinked?Search=PG-')).json();
    expect(first.unlinkedPagingInfo).toEqual({ amountOfPages: 2, page: 0, pageSize: UNLINKED_PAGE_SIZE, total: UNLINKED_PAGE_SIZE + 3 });
    expect(first.equipment).toHaveLength(UNLINKED_PAGE_SIZE);
    expect(first.equipment[0]).toMatchObject({ stampedId: 'PG-052', certificateId: null, eventCount: 0, chipCount: 0 });
    const second = (await call('GET', '/Unlinked?Page=1&PageSize=50&Search=pg-')).json();
    expect(second.equipment.map((item: { stampedId: string }) => item.stampedId)).toEqual(['PG-002', 'PG-001', 'PG-000']);
    expect(JSON.stringify([first, second])).not.toContain(linked.stampedId);
    expect(items).toHaveLength(53);
  });

  it('searches the stamped id and the comment; HasNoEvents keeps items no event has inspected', async () => {
    const inspected = await createItem(t.db, { stampedId: 'HN-1', comment: 'Kenter link, lead plug missing' });
    const fresh = await createItem(t.db, { stampedId: 'HN-2', comment: 'Kenter link found in the basket' });
    await inspect(t.db, inspected.id);
    await t.db.insert(chips).values({ chipId: 'E28011AAAA000001', equipmentId: fresh.id });
    const all = (await call('GET', '/Unlinked?Search=kenter')).json();
    expect(all.equipment.map((item: { stampedId: string }) => item.stampedId)).toEqual(['HN-2', 'HN-1']);
    expect(all.equipment[1]).toMatchObject({ eventCount: 1, chipCount: 0 });
    expect(all.equipment[0]).toMatchObject({ eventCount: 0, chipCount: 1 });
    const noEvents = (await call('GET', '/Unlinked?Search=kenter&HasNoEvents=true')).json();
    expect(noEvents.equipment.map((item: { stampedId: string }) => item.stampedId)).toEqual(['HN-2']);
    expect(noEvents.unlinkedPagingInfo.total).toBe(1);
  });

  it('needs Certificates level and an internal user', async () => {
    expect((await call('GET', '/Unlinked', undefined, events)).statusCode).toBe(403);
    expect((await call('GET', '/Unlinked', undefined, external)).statusCode).toBe(403);
  });

  it('refuses bad paging and flags with their messages', async () => {
    const bad = await call('GET', '/Unlinked?Page=-1&PageSize=0&HasNoEvents=maybe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      Page: [unlinkedMessages.page],
      PageSize: [unlinkedMessages.pageSize],
      HasNoEvents: [unlinkedMessages.hasNoEvents],
    });
  });
});

describe('PUT /api/Unlinked/{id}', () => {
  it('sets length and comment, keeps a history row, and the item stays in the list', async () => {
    const item = await createItem(t.db, { stampedId: 'ED-1', length: 27.5 });
    const response = await call('PUT', `/Unlinked/${item.id}`, { length: 120.25, comment: '  Top chain segment, studless  ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      stampedId: 'ED-1',
      length: 120.25,
      comment: 'Top chain segment, studless',
      certificateId: null,
    });
    expect(await history(item.id)).toMatchObject([
      { length: 120.25, comment: 'Top chain segment, studless', certificateId: null, changedBy: user.email },
    ]);
    expect((await call('GET', '/Unlinked?Search=ED-1')).json().equipment).toHaveLength(1);
    // Saving the same values writes no second history row.
    await call('PUT', `/Unlinked/${item.id}`, { length: 120.25, comment: 'Top chain segment, studless' });
    expect(await history(item.id)).toHaveLength(1);
  });

  it('links the item to a certificate: it leaves the list, and its history says so', async () => {
    const item = await createItem(t.db, { stampedId: 'LN-1', comment: 'Shackle, no cert' });
    const response = await call('PUT', `/Unlinked/${item.id}`, { certificateId: nordsund.certificate.id }, nordsundOnly);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ certificateId: nordsund.certificate.id, comment: 'Shackle, no cert' });
    expect((await call('GET', '/Unlinked?Search=LN-1')).json().equipment).toEqual([]);
    expect(await history(item.id)).toMatchObject([{ certificateId: nordsund.certificate.id, comment: 'Shackle, no cert' }]);
    // Linked now: no longer an unlinked item to edit.
    expect((await call('PUT', `/Unlinked/${item.id}`, { comment: 'x' })).statusCode).toBe(404);
  });

  it('refuses a foreign or missing certificate with 400 on certificateId, and writes nothing', async () => {
    const item = await createItem(t.db, { stampedId: 'LN-2', length: 5 });
    for (const certificateId of [brattvaag.certificate.id, 999_999]) {
      const response = await call('PUT', `/Unlinked/${item.id}`, { certificateId, length: 7 }, nordsundOnly);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({ certificateId: [unlinkedMessages.certificateNotFound] });
    }
    const [row] = await t.db.select().from(equipment).where(eq(equipment.id, item.id));
    expect(row).toMatchObject({ certificateId: null, length: 5 });
    expect(await history(item.id)).toEqual([]);
  });

  it('refuses bad fields with their messages, and writes nothing', async () => {
    const item = await createItem(t.db, { stampedId: 'BD-1', length: 5 });
    const response = await call('PUT', `/Unlinked/${item.id}`, { length: -1, comment: 'a\u0007', certificateId: 1.5, hidden: true });
    expect(response.statusCode).toBe(400);
    const errors = response.json().errors;
    expect(errors.length).toEqual([unlinkedMessages.length]);
    expect(errors.comment).toEqual(['Comment must not contain control characters']);
    expect(errors.certificateId).toEqual(['Must be integer']);
    expect(errors.hidden).toEqual(['This field is not allowed']);
    expect(await history(item.id)).toEqual([]);
  });

  it('answers 404 for a missing item; needs Certificates level and an internal user', async () => {
    expect((await call('PUT', '/Unlinked/999999', { comment: 'x' })).statusCode).toBe(404);
    const item = await createItem(t.db);
    expect((await call('PUT', `/Unlinked/${item.id}`, { comment: 'x' }, events)).statusCode).toBe(403);
    expect((await call('PUT', `/Unlinked/${item.id}`, { comment: 'x' }, external)).statusCode).toBe(403);
  });
});

describe('DELETE /api/Unlinked/{id}', () => {
  it('deletes an unlinked item without events, with its chips', async () => {
    const item = await createItem(t.db, { stampedId: 'DL-1' });
    await t.db.insert(chips).values({ chipId: 'E28011AAAA000002', equipmentId: item.id });
    expect((await call('DELETE', `/Unlinked/${item.id}`)).statusCode).toBe(204);
    expect(await exists(item.id)).toBe(false);
    expect((await t.db.select({ n: sql<number>`count(*)::int` }).from(chips).where(eq(chips.chipId, 'E28011AAAA000002')))[0].n).toBe(0);
  });

  it('refuses an item that events have inspected (409): their history is evidence', async () => {
    const item = await createItem(t.db, { stampedId: 'DL-2' });
    await inspect(t.db, item.id);
    const response = await call('DELETE', `/Unlinked/${item.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(unlinkedMessages.hasEvents);
    expect(await exists(item.id)).toBe(true);
  });

  it('answers 404 for a linked or missing item, and leaves it', async () => {
    const linked = await createItem(t.db, { stampedId: 'DL-3', certificateId: nordsund.certificate.id });
    expect((await call('DELETE', `/Unlinked/${linked.id}`)).statusCode).toBe(404);
    expect(await exists(linked.id)).toBe(true);
    expect((await call('DELETE', '/Unlinked/999999')).statusCode).toBe(404);
  });

  it('needs Certificates level and an internal user', async () => {
    const item = await createItem(t.db);
    expect((await call('DELETE', `/Unlinked/${item.id}`, undefined, events)).statusCode).toBe(403);
    expect((await call('DELETE', `/Unlinked/${item.id}`, undefined, external)).statusCode).toBe(403);
    expect(await exists(item.id)).toBe(true);
  });
});
