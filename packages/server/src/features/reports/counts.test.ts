/**
 * equipment_report_counts (decision 046), the roll-ups of decision 053 (report_totals, event_item_colors,
 * certificate_counts.files) and the projects report's rows of decision 057 equal a count over the items after inserts, edits and
 * deletes of events, event items, equipment and certificates, as the report totals read it.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/database.ts';
import { createEvent, createFolder, createOwner } from '../../../test/factories.ts';
import { createCertificate } from '../../../test/factories-certificates.ts';
import { createEquipment } from '../../../test/factories-items.ts';
import { certificates, equipment, eventItems, events } from '../../db/schema.ts';

const handle = await createTestDatabase();
afterAll(() => handle.close());
const db = handle.db;
const rows = async (query: string) => (await handle.pool.query(query)).rows;

/** Each linked item's key computed from the tables. */
const LIVE_ITEMS = `
  select e.id as equipment_id, c.owner_id, c.type_id, c.sub_type_id, c.dimension_id, e.hidden, ls.event_id,
    coalesce(ls.inspection_meaning, '') as meaning,
    exists (select 1 from chips ch where ch.equipment_id = e.id) as chipped,
    e.parent_id is not null or exists (select 1 from equipment k where k.parent_id = e.id) as connected,
    exists (select 1 from event_items i where i.equipment_id = e.id and i.notification) as noticed,
    e.stamped_id, e.length, (select count(*) from chips ch where ch.equipment_id = e.id)::int as chips
  from equipment e join certificates c on c.id = e.certificate_id
  left join equipment_latest_status ls on ls.equipment_id = e.id`;

async function expectInStep() {
  expect(await rows('select * from report_items order by equipment_id')).toEqual(await rows(`${LIVE_ITEMS} order by 1`));
  const items = await rows(`select owner_id, type_id, sub_type_id, dimension_id, hidden, meaning <> '' as inspected, meaning,
      chipped, connected, noticed, count(*)::int as n, sum(chips)::int as chips, coalesce(sum(length), 0)::float as length
      from (${LIVE_ITEMS}) x group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 order by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10`);
  expect(
    await rows(`select owner_id, type_id, sub_type_id, dimension_id, hidden, inspected, meaning, chipped, connected, noticed, n,
        chips, length::float as length
      from equipment_report_counts where n <> 0 order by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10`),
  ).toEqual(items);
  // The projects report's rows (decision 057): each latest event of an active item, its owner sets and items.
  const latest = `from (${LIVE_ITEMS}) x join events ev on ev.id = x.event_id where not x.hidden`;
  const liveEvents = `select ev.id as event_id, ev.rig_id, ev.project_id, ev.event_date::text as event_date,
    array_agg(distinct x.owner_id order by x.owner_id) as owners ${latest} group by ev.id`;
  expect(await rows('select event_id, rig_id, project_id, event_date::text as event_date, owners from project_events order by 1')).toEqual(
    await rows(`${liveEvents} order by 1`),
  );
  expect(await rows('select rig_id, project_id, owners, n from project_event_sets where n <> 0 order by 1, 2, 3')).toEqual(
    await rows(`select rig_id, project_id, owners, count(*)::int as n from (${liveEvents}) p group by 1, 2, 3 order by 1, 2, 3`),
  );
  expect(await rows('select rig_id, project_id, owner_id, meaning, n from project_items where n <> 0 order by 1, 2, 3, 4')).toEqual(
    await rows(
      `select ev.rig_id, ev.project_id, x.owner_id, x.meaning, count(*)::int as n ${latest} group by 1, 2, 3, 4 order by 1, 2, 3, 4`,
    ),
  );
  expect(
    await rows(`select owner_id, type_id, sub_type_id, dimension_id, meaning, n, active, active_chipped, connected, noticed, inspected, chips
      from report_totals where (n, active, active_chipped, connected, noticed, inspected, chips) <> (0, 0, 0, 0, 0, 0, 0) order by 1, 2, 3, 4, 5`),
  ).toEqual(
    await rows(`select owner_id, type_id, sub_type_id, dimension_id, meaning, count(*)::int as n, count(*) filter (where not hidden)::int as active,
      count(*) filter (where not hidden and chipped)::int as active_chipped, count(*) filter (where connected)::int as connected,
      count(*) filter (where noticed)::int as noticed, count(*) filter (where meaning <> '')::int as inspected, sum(chips)::int as chips
      from (${LIVE_ITEMS}) x group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`),
  );
  expect(await rows('select event_id, owner_id, status_id, n from event_item_colors where n <> 0 order by 1, 2, 3')).toEqual(
    await rows(`select i.event_id, x.owner_id, coalesce(i.status_id, 0) as status_id, count(*)::int as n
      from event_items i join (${LIVE_ITEMS}) x on x.equipment_id = i.equipment_id group by 1, 2, 3 order by 1, 2, 3`),
  );
  expect(await rows('select owner_id, files from certificate_counts where files <> 0 order by 1')).toEqual(
    await rows('select owner_id, count(*)::int as files from certificates where file_id is not null group by 1 order by 1'),
  );
  return items;
}

describe('equipment report counts', () => {
  it('follow equipment, events and event items, chips, notifications, certificates, and deletes of each', async () => {
    const type = await createFolder(db, 'eventType');
    const red = await createFolder(db, 'status', { parentId: type.id, color: 'danger', meaning: 'condemned' });
    const yellow = await createFolder(db, 'status', { parentId: type.id, color: 'warning', meaning: 'monitor' });
    const plain = await createFolder(db, 'status', { parentId: type.id, color: 'success' });
    const a = await createCertificate(db, { items: ['RC-A1', 'RC-A2', 'RC-A3'] });
    const b = await createCertificate(db, { items: ['RC-B1'] });
    const loose = await createEquipment(db);
    expect((await expectInStep()).length).toBeGreaterThan(0);

    // An event of several items in one statement, its statuses, a later event, an edit of its date.
    const first = await createEvent(db, { typeId: type.id, eventDate: '2026-01-10' });
    const ids = [...a.equipment, ...b.equipment, loose].map((item) => item.id);
    await db
      .insert(eventItems)
      .values(ids.map((equipmentId, i) => ({ eventId: first.id, equipmentId, sequence: i + 1, statusId: red.id })));
    await expectInStep();
    const second = await createEvent(db, { typeId: type.id, eventDate: '2026-02-10' });
    await db.insert(eventItems).values([
      { eventId: second.id, equipmentId: a.equipment[0].id, sequence: 1, statusId: yellow.id },
      { eventId: second.id, equipmentId: a.equipment[1].id, sequence: 2, statusId: plain.id },
    ]);
    await expectInStep();
    await db.update(eventItems).set({ statusId: red.id }).where(eq(eventItems.eventId, second.id));
    await db.update(events).set({ eventDate: '2025-12-01' }).where(eq(events.id, second.id));
    await expectInStep();
    // An event moved to another rig and project, then back to the first rig (the project stays).
    const rig = await createFolder(db, 'rig');
    const project = await createFolder(db, 'project', { parentId: rig.id });
    await db.update(events).set({ rigId: rig.id, projectId: project.id }).where(eq(events.id, first.id));
    await expectInStep();
    await db.update(events).set({ rigId: second.rigId }).where(eq(events.id, first.id));
    await expectInStep();

    // Equipment: hidden, moved to another certificate, unlinked, linked, added, deleted.
    await db.update(equipment).set({ hidden: true }).where(eq(equipment.id, a.equipment[2].id));
    await db.update(equipment).set({ certificateId: b.certificate.id }).where(eq(equipment.id, a.equipment[1].id));
    await db.update(equipment).set({ certificateId: null }).where(eq(equipment.id, b.equipment[0].id));
    await db.update(equipment).set({ certificateId: a.certificate.id }).where(eq(equipment.id, loose.id));
    const child = await createEquipment(db, { certificateId: b.certificate.id, hidden: true, parentId: a.equipment[0].id });
    await expectInStep();
    // The stamped id and length ride along (item report pages, chain reports' total length).
    await db.update(equipment).set({ stampedId: 'RC-A1-RENAMED', length: 12.5 }).where(eq(equipment.id, a.equipment[0].id));
    await db.update(equipment).set({ length: 3.25 }).where(eq(equipment.id, child.id));
    await expectInStep();

    // Chips put on, moved and taken off; a notification raised and closed; a parent let go.
    await handle.pool.query(
      `insert into chips (chip_id, equipment_id) values ('RC-CHIP-1', ${a.equipment[0].id}), ('RC-CHIP-2', ${loose.id}),
        ('RC-CHIP-3', ${a.equipment[0].id})`,
    );
    await handle.pool.query(`update chips set equipment_id = ${a.equipment[1].id} where chip_id = 'RC-CHIP-2'`);
    await db.update(eventItems).set({ notification: true }).where(eq(eventItems.equipmentId, a.equipment[1].id));
    await expectInStep();
    await db.update(eventItems).set({ notification: false }).where(eq(eventItems.equipmentId, a.equipment[1].id));
    await handle.pool.query(`delete from chips where chip_id = 'RC-CHIP-2'`);
    await db.update(equipment).set({ parentId: null }).where(eq(equipment.id, child.id));
    await db.update(equipment).set({ parentId: a.equipment[0].id }).where(eq(equipment.id, loose.id));
    await expectInStep();

    // Event items and events deleted: items fall back to an earlier status or to never inspected.
    await db.delete(events).where(eq(events.id, second.id));
    await db.delete(eventItems).where(eq(eventItems.equipmentId, a.equipment[2].id));
    await expectInStep();

    // Certificates: a file attached, moved to another owner, edited, deleted (its items are unlinked by the cascade).
    await handle.pool.query(
      `insert into files (file_name, content_type, size, sha256, data) values ('c.pdf', 'application/pdf', 1, 'x', 'x')`,
    );
    await handle.pool.query(`update certificates set file_id = (select max(id) from files) where id = ${b.certificate.id}`);
    await expectInStep();
    const owner = await createOwner(db);
    await db.update(certificates).set({ ownerId: owner.id }).where(eq(certificates.id, b.certificate.id));
    await db
      .update(certificates)
      .set({ quality: 'R5' })
      .where(inArray(certificates.id, [a.certificate.id, b.certificate.id]));
    await expectInStep();
    await db.delete(eventItems).where(eq(eventItems.equipmentId, a.equipment[0].id));
    await db.delete(equipment).where(eq(equipment.id, a.equipment[0].id)); // its chips go by the cascade
    await db.delete(certificates).where(eq(certificates.id, b.certificate.id));
    await expectInStep();
  });
});
