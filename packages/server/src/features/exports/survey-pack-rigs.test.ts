/**
 * GET /Export/SurveyPack/Rigs reads the counts per owner and rig (report_rig_counts, decision 085): after
 * each write that moves items between rigs or owners, it answers what a count of the live rows gives.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { createEvent, createFolder } from '../../../test/factories.ts';
import { createCertificate, createEquipment, createEventItem } from '../../../test/factories-items.ts';

const t = await setupTestApp();
const mine = await createCertificate(t.db, { certificateNumber: 'RIGS-MINE-1' });
const second = await createCertificate(t.db, { certificateNumber: 'RIGS-SECOND-1' });
const outside = await createCertificate(t.db, { certificateNumber: 'RIGS-OUTSIDE-1' });
const caller = await t.loginAs({ type: 'Report', level: 'Read', owners: [mine.owner.id, second.owner.id] });
const rigA = await createFolder(t.db, 'rig', { name: 'Rigs test A' });
const rigB = await createFolder(t.db, 'rig', { name: 'Rigs test B' });
const [a1, a2, a3] = await Promise.all(
  ['RIGS-1', 'RIGS-2', 'RIGS-3'].map((stampedId) => createEquipment(t.db, { certificateId: mine.certificate.id, stampedId })),
);
const foreign = await createEquipment(t.db, { certificateId: outside.certificate.id, stampedId: 'RIGS-OUT-1' });

async function event(rigId: number, eventDate: string, items: { id: number }[]) {
  const created = await createEvent(t.db, { rigId, eventDate });
  for (const [i, item] of items.entries()) await createEventItem(t.db, { eventId: created.id, equipmentId: item.id, sequence: i + 1 });
  return created;
}

type Rig = { ownerId: number; rigId: number; items: number };
const key = (row: Rig) => `${row.ownerId}/${row.rigId}`;

/** The endpoint's answer for this test's rigs, as owner/rig -> items. */
async function listed() {
  const response = await t.app.inject({ url: '/api/Export/SurveyPack/Rigs', headers: { authorization: caller.authorization } });
  expect(response.statusCode, response.body).toBe(200);
  const rows = (response.json() as Rig[]).filter((row) => row.rigId === rigA.id || row.rigId === rigB.id);
  return Object.fromEntries(rows.map((row) => [key(row), row.items]));
}

/** The same from live rows: active linked items of the caller's owners by the rig of their latest event. */
async function recounted() {
  const { rows } = await t.db.execute<Rig>(sql`
    select c.owner_id as "ownerId", v.rig_id as "rigId", count(*)::int as items
    from equipment_latest_status ls
    join equipment e on e.id = ls.equipment_id
    join certificates c on c.id = e.certificate_id
    join events v on v.id = ls.event_id
    where not e.hidden and c.owner_id in (${mine.owner.id}, ${second.owner.id}) and v.rig_id in (${rigA.id}, ${rigB.id})
    group by 1, 2`);
  return Object.fromEntries(rows.map((row) => [key(row), row.items]));
}

async function expectListed(expected: Record<string, number>) {
  const answer = await listed();
  expect(answer).toEqual(expected);
  expect(answer).toEqual(await recounted());
}

const at = (owner: { id: number }, rig: { id: number }) => `${owner.id}/${rig.id}`;

describe('the survey pack rigs follow every write that moves an item', () => {
  it('counts each item on the rig of its latest event, and follows a later event, a moved event, a hidden item, a new owner and a deleted event', async () => {
    const first = await event(rigA.id, '2026-01-10', [a1, a2, a3, foreign]);
    await expectListed({ [at(mine.owner, rigA)]: 3 });

    // A later event on another rig takes one item there.
    const later = await event(rigB.id, '2026-02-10', [a1]);
    await expectListed({ [at(mine.owner, rigA)]: 2, [at(mine.owner, rigB)]: 1 });

    // The first event moved to rig B: all its counted items move with it.
    await t.db.execute(sql`update events set rig_id = ${rigB.id} where id = ${first.id}`);
    await expectListed({ [at(mine.owner, rigB)]: 3 });

    // An item hidden leaves the count; shown again, it is back.
    await t.db.execute(sql`update equipment set hidden = true where id = ${a2.id}`);
    await expectListed({ [at(mine.owner, rigB)]: 2 });
    await t.db.execute(sql`update equipment set hidden = false where id = ${a2.id}`);
    await expectListed({ [at(mine.owner, rigB)]: 3 });

    // An item moved to another owner's certificate, then the certificate itself to the other owner.
    await t.db.execute(sql`update equipment set certificate_id = ${second.certificate.id} where id = ${a3.id}`);
    await expectListed({ [at(mine.owner, rigB)]: 2, [at(second.owner, rigB)]: 1 });
    await t.db.execute(sql`update certificates set owner_id = ${second.owner.id} where id = ${mine.certificate.id}`);
    await expectListed({ [at(second.owner, rigB)]: 3 });
    await t.db.execute(sql`update certificates set owner_id = ${mine.owner.id} where id = ${mine.certificate.id}`);

    // The later event moved back to rig A, then deleted: its item falls back to the first event's rig.
    await t.db.execute(sql`update events set rig_id = ${rigA.id} where id = ${later.id}`);
    await expectListed({ [at(mine.owner, rigA)]: 1, [at(mine.owner, rigB)]: 1, [at(second.owner, rigB)]: 1 });
    await t.db.execute(sql`delete from events where id = ${later.id}`);
    await expectListed({ [at(mine.owner, rigB)]: 2, [at(second.owner, rigB)]: 1 });

    // The first event deleted: its items have no latest event and count nowhere.
    await t.db.execute(sql`delete from events where id = ${first.id}`);
    await expectListed({});
  });
});
