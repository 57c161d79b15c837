/** The event look-up (GET /Events/type?search) and the list's search and sorts (GET /Events?search&sort&direction). */
import { like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { createEvent, createFolder } from '../../../test/factories.ts';
import { events } from '../../db/schema.ts';

const t = await setupTestApp();
const mpi = await createFolder(t.db, 'eventType', { name: 'Magnetic particle (MPI)' });
const inspection = await createFolder(t.db, 'eventType', { name: 'Yearly inspection' });
const gull = await createFolder(t.db, 'rig', { name: 'Seagull Explorer' });
const fjord = await createFolder(t.db, 'rig', { name: 'Fjordstar' });
const gullProject = await createFolder(t.db, 'project', { name: 'Anchor swap 2291', parentId: gull.id });
const fjordProject = await createFolder(t.db, 'project', { name: 'Hook-up 77', parentId: fjord.id });

const base = { typeId: inspection.id, rigId: fjord.id, projectId: fjordProject.id };
const byType = await createEvent(t.db, { ...base, typeId: mpi.id, eventDate: '2026-03-01', documentNo: 'FS-1', eventLocation: 'Bergen' });
const byRig = await createEvent(t.db, { ...base, rigId: gull.id, projectId: gullProject.id, eventDate: '2026-02-01', documentNo: 'SG-9' });
const byText = await createEvent(t.db, {
  ...base,
  eventDate: '2026-01-01',
  documentNo: 'FS-2',
  eventLocation: 'Stavanger',
  responsible: 'Kari Particlesen',
  company: 'Ocean Rigging AS',
  ahv: 'Normand Ranger',
});
const plain = await createEvent(t.db, { ...base, eventDate: '2025-12-01', documentNo: 'FS-3', eventLocation: 'Ågotnes', company: null });

const reader = await t.loginAs({ level: 'Read' });
const get = (url: string, authorization = reader.authorization) => t.app.inject({ url, headers: { authorization } });
const ids = async (url: string) => {
  const response = await get(url);
  expect(response.statusCode).toBe(200);
  return response.json().items.map((e: { id: number }) => e.id);
};

describe('GET /api/Events/type?search (event look-up)', () => {
  it('finds events by a part of the type, rig, project, location, document no, responsible, company or AHV, newest first', async () => {
    expect(await ids('/api/Events/type?search=particle')).toEqual([byType.id, byText.id]); // type name; responsible
    expect(await ids('/api/Events/type?search=SEAGULL')).toEqual([byRig.id]); // rig, any case
    expect(await ids('/api/Events/type?search=swap 22')).toEqual([byRig.id]); // project
    expect(await ids('/api/Events/type?search=vanger')).toEqual([byText.id]); // location
    expect(await ids('/api/Events/type?search=ocean rig')).toEqual([byText.id]); // company
    expect(await ids('/api/Events/type?search=normand')).toEqual([byText.id]); // AHV
    expect(await ids('/api/Events/type?search=ågot')).toEqual([plain.id]);
    expect(await ids('/api/Events/type?search=%C3%85GOTNES')).toEqual([plain.id]); // 'ÅGOTNES': any case beyond ASCII
    expect(await ids('/api/Events/type?search=KARI PARTICLESEN')).toEqual([byText.id]);
    expect(await ids('/api/Events/type?search=FS-')).toEqual([byType.id, byText.id, plain.id]); // document no
  });

  it('answers each row with its names and the count', async () => {
    const body = (await get('/api/Events/type?search=sg-9')).json();
    expect(body).toEqual({
      items: [
        {
          id: byRig.id,
          type: { id: inspection.id, name: 'Yearly inspection' },
          rig: { id: gull.id, name: 'Seagull Explorer' },
          referenceNo: { id: gullProject.id, name: 'Anchor swap 2291' },
          eventDate: '2026-02-01',
          eventLocation: 'Bergen',
          documentNo: 'SG-9',
          responsible: null,
          company: null,
        },
      ],
      total: 1,
      totalCapped: false,
    });
  });

  it('treats % and _ as themselves and never matches across two fields', async () => {
    expect(await ids('/api/Events/type?search=%25%25')).toEqual([]);
    expect(await ids('/api/Events/type?search=FS_1')).toEqual([]);
    // Location 'Bergen' then document no 'FS-1': the fields are apart.
    expect(await ids('/api/Events/type?search=genFS')).toEqual([]);
  });

  it('needs a term of 2+ characters (400, nothing else) and is for internal users of any level', async () => {
    const short = await get('/api/Events/type?search=a');
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual({ search: ['Search must contain at least 2 characters'] });
    expect((await get('/api/Events/type')).statusCode).toBe(400);
    const external = await t.loginAs({ level: 'SystemAdministrator', type: 'Report' });
    const none = await t.loginAs({ level: 'None' });
    expect((await get('/api/Events/type?search=FS', external.authorization)).statusCode).toBe(403);
    // The global search's Events tab: level None keeps the search box and gets results.
    const atNone = await get('/api/Events/type?search=FS', none.authorization);
    expect(atNone.statusCode).toBe(200);
    expect(atNone.json().items.length).toBeGreaterThan(0);
    expect((await t.app.inject({ url: '/api/Events/type?search=FS' })).statusCode).toBe(401);
  });

  it('caps the count at 1,000 and answers the newest 20', async () => {
    // The count stops at 1,001 matches: 1,000 is exact, 1,001 is capped ('1000+').
    const many = Array.from({ length: 1000 }, (_, i) => ({ ...base, eventDate: '2020-01-01', documentNo: `BULK-${i}` }));
    const made = await t.db.insert(events).values(many).returning({ id: events.id });
    const newest = made.map((e) => e.id).sort((a, b) => b - a);
    const exact = (await get('/api/Events/type?search=bulk-')).json();
    expect([exact.total, exact.totalCapped]).toEqual([1000, false]);
    // The list's search counts the same way, and pages the same rows.
    const listed = (await get('/api/Events?search=bulk-&pageSize=5&page=1')).json();
    expect(listed).toMatchObject({ total: 1000, totalCapped: false });
    expect(listed.items.map((e: { id: number }) => e.id)).toEqual(newest.slice(5, 10));
    expect(exact.items.map((e: { id: number }) => e.id)).toEqual(newest.slice(0, 20)); // same date: the id breaks the tie
    const [late] = await t.db
      .insert(events)
      .values({ ...base, eventDate: '2019-01-01', documentNo: 'BULK-late' })
      .returning({ id: events.id });
    const body = (await get('/api/Events/type?search=bulk-')).json();
    expect(body.total).toBe(1000);
    expect(body.totalCapped).toBe(true);
    expect(body.items.map((e: { id: number }) => e.id)).toEqual(newest.slice(0, 20));
    expect(body.items.map((e: { id: number }) => e.id)).not.toContain(late.id);
    // Past the cap the page is still the newest of every match, not of the 1,001 counted: a match
    // written last (the end of the table, after the counted ones) but dated latest comes first.
    const [recent] = await t.db
      .insert(events)
      .values({ ...base, eventDate: '2030-01-01', documentNo: 'BULK-recent' })
      .returning({ id: events.id });
    const after = (await get('/api/Events/type?search=bulk-')).json();
    expect(after.items.map((e: { id: number }) => e.id)).toEqual([recent.id, ...newest.slice(0, 19)]);
    expect([after.total, after.totalCapped]).toEqual([1000, true]);
    const list = (await get('/api/Events?search=bulk-&pageSize=5')).json();
    expect(list).toMatchObject({ total: 1000, totalCapped: true });
    expect(list.items.map((e: { id: number }) => e.id)).toEqual([recent.id, ...newest.slice(0, 4)]);
    const next = (await get('/api/Events?search=bulk-&pageSize=5&page=1')).json();
    expect(next.items.map((e: { id: number }) => e.id)).toEqual(newest.slice(4, 9));
    // A filter without a search keeps its exact count.
    expect((await get(`/api/Events/byFilter?rig=${fjord.id}&pageSize=1`)).json()).toMatchObject({ total: 1005, totalCapped: false });
    expect((await get('/api/Events/type?search=nomatchatall')).json()).toEqual({ items: [], total: 0, totalCapped: false });
    await t.db.delete(events).where(like(events.documentNo, 'BULK-%'));
  });

  it('walks the dates for the newest 20 past 2,000 matches, and counts 1000+', async () => {
    // Up to 2,000 matches the page is sorted from them; past that the date index is walked (decision 094).
    const many = Array.from({ length: 2001 }, (_, i) => ({ ...base, eventDate: '2020-01-01', documentNo: `WALK-${i}` }));
    const made = await t.db.insert(events).values(many).returning({ id: events.id });
    const newest = made.map((e) => e.id).sort((a, b) => b - a);
    const [recent] = await t.db
      .insert(events)
      .values({ ...base, eventDate: '2030-01-01', documentNo: 'WALK-recent' })
      .returning({ id: events.id });
    const body = (await get('/api/Events/type?search=walk-')).json();
    expect([body.total, body.totalCapped]).toEqual([1000, true]);
    expect(body.items.map((e: { id: number }) => e.id)).toEqual([recent.id, ...newest.slice(0, 19)]);
    await t.db.delete(events).where(like(events.documentNo, 'WALK-%'));
  });
});

describe('GET /api/Events?search&sort&direction', () => {
  it('keeps the events whose text contains the search, paged, and so does byFilter', async () => {
    const body = (await get('/api/Events?search=fs-&pageSize=2')).json();
    expect(body).toMatchObject({ total: 3, totalCapped: false, page: 0, pageSize: 2 });
    expect(body.items.map((e: { id: number }) => e.id)).toEqual([byType.id, byText.id]);
    expect(await ids(`/api/Events/byFilter?search=fs-&eventType=${mpi.id}`)).toEqual([byType.id]);
  });

  it('sorts on the indexed columns both ways, the id breaking ties', async () => {
    expect(await ids('/api/Events?sort=eventDate&direction=asc')).toEqual([plain.id, byText.id, byRig.id, byType.id]);
    expect(await ids('/api/Events?sort=documentNo&direction=asc')).toEqual([byType.id, byText.id, plain.id, byRig.id]);
    expect(await ids('/api/Events?sort=documentNo&direction=desc')).toEqual([byRig.id, plain.id, byText.id, byType.id]);
    const byLocation = await ids(`/api/Events/byFilter?search=e&sort=eventLocation&direction=asc`);
    // Bergen twice (by id), then Stavanger; the search leaves out Ågotnes, whose place depends on the collation.
    expect(byLocation.filter((id: number) => id !== plain.id)).toEqual([byType.id, byRig.id, byText.id]);
    expect(await ids(`/api/Events/byFilter?rig=${fjord.id}&sort=company&direction=asc`)).toEqual([byText.id, byType.id, plain.id]);
  });

  it('refuses an unknown sort or direction with 400 on that field', async () => {
    const sort = await get('/api/Events?sort=comment');
    expect(sort.statusCode).toBe(400);
    expect(Object.keys(sort.json().errors)).toEqual(['sort']);
    const direction = await get('/api/Events/byFilter?direction=up');
    expect(direction.statusCode).toBe(400);
    expect(Object.keys(direction.json().errors)).toEqual(['direction']);
  });
});
