/**
 * equipment_report_counts (decision 043) equals a count over the items after inserts, edits and
 * deletes of events, event items, equipment and certificates, as the report totals read it.
 */
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/database.ts';
import { createEvent, createFolder, createOwner } from '../../../test/factories.ts';
import { createCertificate } from '../../../test/factories-certificates.ts';
import { createEquipment } from '../../../test/factories-items.ts';
import { eventEquipmentIds, refreshLatestStatus } from '../../db/latest-status.ts';
import { certificates, equipment, eventItems, events } from '../../db/schema.ts';

const handle = await createTestDatabase();
const db = handle.db;
const rows = async (query: string) => (await handle.pool.query(query)).rows;

const live = () =>
  rows(`select c.owner_id, c.type_id, c.sub_type_id, c.dimension_id, e.hidden, ls.equipment_id is not null as inspected,
      coalesce(ls.color, '') as color, count(*)::int as n
    from equipment e join certificates c on c.id = e.certificate_id
    left join equipment_latest_status ls on ls.equipment_id = e.id
    group by 1, 2, 3, 4, 5, 6, 7 order by 1, 2, 3, 4, 5, 6, 7`);
const kept = () =>
  rows(`select owner_id, type_id, sub_type_id, dimension_id, hidden, inspected, color, n
    from equipment_report_counts where n <> 0 order by 1, 2, 3, 4, 5, 6, 7`);

async function expectInStep() {
  const expected = await live();
  expect(await kept()).toEqual(expected);
  return expected;
}

describe('equipment report counts', () => {
  it('follow equipment, events and event items, certificates, and deletes of each', async () => {
    const type = await createFolder(db, 'eventType');
    const red = await createFolder(db, 'status', { parentId: type.id, color: 'danger' });
    const yellow = await createFolder(db, 'status', { parentId: type.id, color: 'warning' });
    const plain = await createFolder(db, 'status', { parentId: type.id, color: 'success' });
    const a = await createCertificate(db, { items: ['RC-A1', 'RC-A2', 'RC-A3'] });
    const b = await createCertificate(db, { items: ['RC-B1'] });
    const loose = await createEquipment(db);
    expect((await expectInStep()).length).toBeGreaterThan(0);

    // An event of several items in one statement, its statuses, a later event, an edit of its date.
    const first = await createEvent(db, { typeId: type.id, eventDate: '2026-01-10' });
    const ids = [...a.equipment, ...b.equipment, loose].map((item) => item.id);
    await db.insert(eventItems).values(ids.map((equipmentId, i) => ({ eventId: first.id, equipmentId, sequence: i + 1, statusId: red.id })));
    await refreshLatestStatus(db, ids);
    await expectInStep();
    const second = await createEvent(db, { typeId: type.id, eventDate: '2026-02-10' });
    await db.insert(eventItems).values([
      { eventId: second.id, equipmentId: a.equipment[0].id, sequence: 1, statusId: yellow.id },
      { eventId: second.id, equipmentId: a.equipment[1].id, sequence: 2, statusId: plain.id },
    ]);
    await refreshLatestStatus(db, [a.equipment[0].id, a.equipment[1].id]);
    await expectInStep();
    await db.update(eventItems).set({ statusId: red.id }).where(eq(eventItems.eventId, second.id));
    await refreshLatestStatus(db, await eventEquipmentIds(db, second.id));
    await db.update(events).set({ eventDate: '2025-12-01' }).where(eq(events.id, second.id));
    await refreshLatestStatus(db, await eventEquipmentIds(db, second.id));
    await expectInStep();

    // Equipment: hidden, moved to another certificate, unlinked, linked, added, deleted.
    await db.update(equipment).set({ hidden: true }).where(eq(equipment.id, a.equipment[2].id));
    await db.update(equipment).set({ certificateId: b.certificate.id }).where(eq(equipment.id, a.equipment[1].id));
    await db.update(equipment).set({ certificateId: null }).where(eq(equipment.id, b.equipment[0].id));
    await db.update(equipment).set({ certificateId: a.certificate.id }).where(eq(equipment.id, loose.id));
    await createEquipment(db, { certificateId: b.certificate.id, hidden: true });
    await expectInStep();

    // Event items and events deleted: items fall back to an earlier status or to never inspected.
    const gone = await eventEquipmentIds(db, second.id);
    await db.delete(events).where(eq(events.id, second.id));
    await refreshLatestStatus(db, gone);
    await db.delete(eventItems).where(eq(eventItems.equipmentId, a.equipment[2].id));
    await refreshLatestStatus(db, [a.equipment[2].id]);
    await expectInStep();

    // Certificates: moved to another owner, edited, deleted (its items are unlinked by the cascade).
    const owner = await createOwner(db);
    await db.update(certificates).set({ ownerId: owner.id }).where(eq(certificates.id, b.certificate.id));
    await db.update(certificates).set({ quality: 'R5' }).where(inArray(certificates.id, [a.certificate.id, b.certificate.id]));
    await expectInStep();
    await db.delete(eventItems).where(eq(eventItems.equipmentId, a.equipment[0].id));
    await refreshLatestStatus(db, [a.equipment[0].id]);
    await db.delete(equipment).where(eq(equipment.id, a.equipment[0].id));
    await db.delete(certificates).where(eq(certificates.id, b.certificate.id));
    await expectInStep();
  });
});
