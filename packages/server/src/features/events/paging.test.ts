/** The events list through the paging helper (db/paging.ts): deep pages, ties, the last page, past the end. */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { createEvent, createFolder } from '../../../test/factories.ts';
import { equipment, eventItems, events } from '../../db/schema.ts';

const t = await setupTestApp();
const type = await createFolder(t.db, 'eventType');
const rig = await createFolder(t.db, 'rig');
const project = await createFolder(t.db, 'project', { parentId: rig.id });

// 23 events on 12 dates (two on most days): the list is by date, newest first, then by id, highest first.
const made: { id: number; eventDate: string }[] = [];
for (let i = 0; i < 23; i++) {
  const eventDate = `2024-01-${String(10 + Math.floor(i / 2)).padStart(2, '0')}`;
  made.push(await createEvent(t.db, { typeId: type.id, rigId: rig.id, projectId: project.id, eventDate }));
}
const expected = [...made].sort((a, b) => b.eventDate.localeCompare(a.eventDate) || b.id - a.id).map((e) => e.id);

// Items on one event of a deep page, so its count is read for the page's ids.
const counted = expected[17];
const items = await t.db
  .insert(equipment)
  .values([{ stampedId: 'PG-1' }, { stampedId: 'PG-2' }, { stampedId: 'PG-3' }])
  .returning();
await t.db.insert(eventItems).values(items.map((item, i) => ({ eventId: counted, equipmentId: item.id, sequence: i + 1 })));

const reader = await t.loginAs({ level: 'Read' });
const page = async (page: number, pageSize: number) => {
  const response = await t.app.inject({
    url: `/api/Events/byFilter?rig=${rig.id}&page=${page}&pageSize=${pageSize}`,
    headers: { authorization: reader.authorization },
  });
  expect(response.statusCode).toBe(200);
  return response.json() as { items: { id: number; itemCount: number; rig: { id: number } }[]; total: number; page: number };
};

describe('GET /api/Events/byFilter paging', () => {
  it('gives a deep page in date-then-id order, with its rows joined and counted, and the total', async () => {
    const body = await page(4, 4);
    expect(body.total).toBe(23);
    expect(body.page).toBe(4);
    expect(body.items.map((e) => e.id)).toEqual(expected.slice(16, 20));
    expect(body.items.every((e) => e.rig.id === rig.id)).toBe(true);
    expect(body.items.map((e) => e.itemCount)).toEqual([0, 3, 0, 0]);
  });

  it('walks every page once: together they are the whole list, in order', async () => {
    const ids: number[] = [];
    for (let n = 0; n < 5; n++) {
      const body = await page(n, 5);
      expect(body.total).toBe(23);
      ids.push(...body.items.map((e) => e.id));
    }
    expect(ids).toEqual(expected);
  });

  it('gives the total on the last, short page and on a page past the end', async () => {
    expect(await page(2, 10)).toMatchObject({ total: 23, items: expect.any(Array) });
    expect((await page(2, 10)).items.map((e) => e.id)).toEqual(expected.slice(20));
    expect(await page(9, 10)).toMatchObject({ total: 23, items: [] });
  });
});

describe('GET /api/Events rows (one statement, shaped without drizzle: list-query.ts)', () => {
  it('shows each event as its record does: names, item count and audit dates to the millisecond, microseconds cut', async () => {
    // Timestamps written by SQL carry microseconds; the record's Date drops them, and so must the list.
    await t.db.execute(sql`update ${events} set created_at = '2024-02-03 04:05:06.999999+00', updated_at = '2024-02-03 05:05:06.0005+01'
      where id = ${counted}`);
    const row = (await page(4, 4)).items.find((e) => e.id === counted);
    const record = (await t.app.inject({ url: `/api/Events/${counted}`, headers: { authorization: reader.authorization } })).json();
    const { category: _, file: __, fileId: ___, version: ____, ...shared } = record;
    expect(row).toEqual(shared);
    expect(row).toMatchObject({ itemCount: 3, createdDate: '2024-02-03T04:05:06.999Z', updatedDate: '2024-02-03T04:05:06.000Z' });
  });

  it('answers every page size and page alike when each window is a statement of its own', async () => {
    for (const size of [1, 3, 7]) {
      const ids: number[] = [];
      for (let n = 0; n * size < 23; n++) ids.push(...(await page(n, size)).items.map((e) => e.id));
      expect(ids).toEqual(expected);
    }
  });
});
