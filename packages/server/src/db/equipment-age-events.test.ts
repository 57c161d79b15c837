/**
 * equipment_age_events (decision 056) equals the live join of event items and their renewal and
 * reset-age events after each kind of write: bulk inserts, event changes, moves, deletes and cascades,
 * an item's status and a status's meaning (a renewal renews only an item it found fit or to monitor).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.ts';
import { createEvent, createFolder } from '../../test/factories.ts';
import { createEquipment } from '../../test/factories-items.ts';
import { eventItems, events, folders } from './schema.ts';

const handle = await createTestDatabase();
afterAll(() => handle.close());
const db = handle.db;
const rows = async (query: string) => (await handle.pool.query(query)).rows;

const live = () =>
  rows(`select equipment_id, event_date, event_id, renews as is_renewal, reset_age, age_at_reset from (
      select i.equipment_id, e.event_date::text, e.id as event_id, e.reset_age, e.age_at_reset::text,
        e.is_renewal and coalesce(s.meaning in ('fit', 'monitor'), false) as renews
      from event_items i join events e on e.id = i.event_id left join folders s on s.id = i.status_id) x
    where renews or (reset_age and age_at_reset is not null) order by 1, 2, 3`);
const kept = () =>
  rows(`select equipment_id, event_date::text, event_id, is_renewal, reset_age, age_at_reset::text
    from equipment_age_events order by 1, 2, 3`);

it('follows event item inserts, event changes, moves, deletes and cascades', async () => {
  const renewal = await createEvent(db, { eventDate: '2024-01-01', isRenewal: true });
  const reset = await createEvent(db, { eventDate: '2023-06-01', resetAge: true, ageAtReset: 3.5 });
  const plain = await createEvent(db, { eventDate: '2025-01-01' });
  const items = await Promise.all([1, 2, 3, 4].map(() => createEquipment(db)));
  const type = await createFolder(db, 'eventType');
  const fit = await createFolder(db, 'status', { parentId: type.id });
  const notInspected = await createFolder(db, 'status', { parentId: type.id, meaning: 'notInspected' });
  const statuses = [fit.id, fit.id, notInspected.id, null];
  // One statement of several rows per event, as the editor's add and the copy write them.
  for (const event of [renewal, reset, plain]) {
    await db
      .insert(eventItems)
      .values(items.map((item, i) => ({ eventId: event.id, equipmentId: item.id, sequence: i + 1, statusId: statuses[i] })));
  }
  // The renewal renews the two items it found fit; the reset sets all four.
  expect(await kept()).toHaveLength(6);
  expect(await kept()).toEqual(await live());

  // A status changed on an item, and a status's meaning changed.
  await db
    .update(eventItems)
    .set({ statusId: fit.id })
    .where(and(eq(eventItems.eventId, renewal.id), eq(eventItems.equipmentId, items[3].id)));
  expect(await kept()).toHaveLength(7);
  await db.update(folders).set({ meaning: 'monitor' }).where(eq(folders.id, notInspected.id));
  expect(await kept()).toHaveLength(8);
  expect(await kept()).toEqual(await live());
  await db.update(folders).set({ meaning: 'condemned' }).where(eq(folders.id, notInspected.id));
  expect(await kept()).toHaveLength(7);
  expect(await kept()).toEqual(await live());

  // The editor's renumbering and status writes change nothing here.
  await db.update(eventItems).set({ sequence: 9, comment: 'checked' }).where(eq(eventItems.eventId, renewal.id));
  await db.update(events).set({ eventDate: '2022-03-01' }).where(eq(events.id, reset.id));
  await db.update(events).set({ resetAge: true, ageAtReset: 1.25 }).where(eq(events.id, plain.id));
  await db.update(events).set({ isRenewal: false }).where(eq(events.id, renewal.id));
  expect(await kept()).toEqual(await live());
  await db
    .update(events)
    .set({ isRenewal: true })
    .where(inArray(events.id, [renewal.id, reset.id]));
  await db.update(events).set({ resetAge: false, ageAtReset: null }).where(eq(events.id, plain.id));
  expect(await kept()).toEqual(await live());

  // Moved to another item and to another event, then deleted one by one and with their event.
  const other = await createEquipment(db);
  const later = await createEvent(db, { eventDate: '2026-01-01', resetAge: true, ageAtReset: 2 });
  await db
    .update(eventItems)
    .set({ equipmentId: other.id })
    .where(and(eq(eventItems.eventId, reset.id), eq(eventItems.equipmentId, items[0].id)));
  await db
    .update(eventItems)
    .set({ eventId: later.id })
    .where(and(eq(eventItems.eventId, renewal.id), eq(eventItems.equipmentId, items[0].id)));
  await db.update(events).set({ isRenewal: true }).where(eq(events.id, plain.id));
  expect(await kept()).toEqual(await live());
  await db.delete(eventItems).where(and(eq(eventItems.eventId, reset.id), eq(eventItems.equipmentId, items[1].id)));
  await db.delete(events).where(eq(events.id, renewal.id));
  expect(await kept()).toEqual(await live());
  expect((await kept()).length).toBeGreaterThan(0);
});
