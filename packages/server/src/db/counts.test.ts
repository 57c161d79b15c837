/** The maintained list counts (db/derived/) equal count(*) after inserts, moves, edits and deletes. */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.ts';
import { createEvent, createFolder, createOwner } from '../../test/factories.ts';
import { createCertificate } from '../../test/factories-certificates.ts';
import { createEquipment } from '../../test/factories-items.ts';
import { certificates, equipment, equipmentDue, eventItems, events } from './schema.ts';

const handle = await createTestDatabase();
afterAll(() => handle.close());
const db = handle.db;

const rows = async (query: string) => (await handle.pool.query(query)).rows;

describe('maintained counts', () => {
  it('certificates per owner follow inserts, owner changes, edits and deletes', async () => {
    const a = await createCertificate(db);
    const b = await createCertificate(db);
    // A statement of several rows, as the seed and the editor write them.
    const more = await rows(`insert into certificates (owner_id, type_id, sub_type_id, dimension_id, certificate_number)
      select owner_id, type_id, sub_type_id, dimension_id, 'BULK-' || g from certificates, generate_series(1, 3) g
      where id = ${a.certificate.id} returning id`);
    await db.update(certificates).set({ ownerId: b.owner.id }).where(eq(certificates.id, more[0].id));
    await db.update(certificates).set({ quality: 'R4' }).where(eq(certificates.id, a.certificate.id));
    const third = await createOwner(db);
    await db
      .update(certificates)
      .set({ ownerId: third.id })
      .where(inArray(certificates.id, [a.certificate.id, b.certificate.id]));
    await db.delete(certificates).where(eq(certificates.id, b.certificate.id));

    const expected = await rows('select owner_id, count(*)::int as n from certificates group by 1 order by 1');
    const kept = await rows('select owner_id, n from certificate_counts where n <> 0 order by 1');
    expect(kept).toEqual(expected);
    expect(kept.length).toBeGreaterThan(0);
  });

  it('items per event follow inserts, moves between events and deletes, and go with their event', async () => {
    const one = await createEvent(db);
    const two = await createEvent(db);
    const items = await Promise.all([1, 2, 3].map(() => createEquipment(db)));
    await db.insert(eventItems).values(items.map((item, i) => ({ eventId: one.id, equipmentId: item.id, sequence: i + 1 })));
    await db.update(eventItems).set({ eventId: two.id }).where(eq(eventItems.equipmentId, items[0].id));
    await db.update(eventItems).set({ comment: 'checked' }).where(eq(eventItems.eventId, one.id));
    await db.delete(eventItems).where(eq(eventItems.equipmentId, items[1].id));
    const gone = await createEvent(db);
    await db.insert(eventItems).values({ eventId: gone.id, equipmentId: items[1].id, sequence: 1 });
    await db.delete(events).where(eq(events.id, gone.id));

    const expected = await rows('select event_id, count(*)::int as n from event_items group by 1 order by 1');
    const kept = await rows('select event_id, n from event_item_counts where n <> 0 order by 1');
    expect(kept).toEqual(expected);
    expect(await rows(`select 1 from event_item_counts where event_id = ${gone.id}`)).toEqual([]);
  });

  it('events per type, rig and author follow inserts, moves and deletes', async () => {
    const first = await createEvent(db);
    const second = await createEvent(db, { createdBy: null });
    await createEvent(db, { typeId: first.typeId, rigId: first.rigId, projectId: first.projectId });
    const rig = await createFolder(db, 'rig');
    await db.update(events).set({ rigId: rig.id }).where(eq(events.id, first.id));
    await db.update(events).set({ comment: 'edited' }).where(eq(events.id, second.id));
    await db.delete(events).where(eq(events.id, second.id));

    const expected = await rows(
      `select type_id, rig_id, coalesce(created_by, '') as created_by, count(*)::int as n from events group by 1, 2, 3 order by 1, 2, 3`,
    );
    const kept = await rows('select type_id, rig_id, created_by, n from event_counts where n <> 0 order by 1, 2, 3');
    expect(kept).toEqual(expected);
    expect(kept.length).toBeGreaterThan(0);
  });

  it('items with a due date per owner and day (and month) follow inserts, date and owner changes, deletes and cascades', async () => {
    const [one, two] = [await createOwner(db), await createOwner(db)];
    const items = await Promise.all([1, 2, 3, 4].map(() => createEquipment(db)));
    const due = (equipmentId: number, ownerId: number, dueDate: string) => ({
      equipmentId,
      ownerId,
      certificateTypeId: 1,
      dueDate,
      dueKind: 'inspection' as const,
      basisDate: '2025-01-01',
    });
    await db.insert(equipmentDue).values(items.map((item, i) => due(item.id, one.id, i < 2 ? '2026-01-01' : '2026-02-01')));
    await db.update(equipmentDue).set({ dueDate: '2026-03-01' }).where(eq(equipmentDue.equipmentId, items[0].id));
    await db
      .update(equipmentDue)
      .set({ ownerId: two.id })
      .where(inArray(equipmentDue.equipmentId, [items[1].id, items[2].id]));
    await db.update(equipmentDue).set({ basisDate: '2025-02-01' }).where(eq(equipmentDue.ownerId, one.id));
    await db
      .insert(equipmentDue)
      .values(due(items[3].id, one.id, '2026-04-01'))
      .onConflictDoUpdate({ target: equipmentDue.equipmentId, set: { dueDate: '2026-04-01' } });
    await db.delete(equipmentDue).where(eq(equipmentDue.equipmentId, items[1].id));
    await db.delete(equipment).where(eq(equipment.id, items[2].id)); // cascades to its due row

    const expected = await rows('select owner_id, due_date::text, count(*)::int as n from equipment_due group by 1, 2 order by 1, 2');
    const kept = await rows('select owner_id, due_date::text, n from equipment_due_days where n <> 0 order by 1, 2');
    expect(kept).toEqual(expected);
    expect(kept).toEqual([
      { owner_id: one.id, due_date: '2026-03-01', n: 1 },
      { owner_id: one.id, due_date: '2026-04-01', n: 1 },
    ]);
    // Per owner and month too: a second day in April joins April's row.
    await db.insert(equipmentDue).values(due((await createEquipment(db)).id, one.id, '2026-04-17'));
    const months = await rows(
      `select owner_id, date_trunc('month', due_date)::date::text as month, count(*)::int as n from equipment_due group by 1, 2 order by 1, 2`,
    );
    expect(await rows('select owner_id, month::text, n from equipment_due_months where n <> 0 order by 1, 2')).toEqual(months);
    expect(months).toContainEqual({ owner_id: one.id, month: '2026-04-01', n: 2 });
  });
});
