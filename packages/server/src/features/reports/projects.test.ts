/**
 * The projects report (docs/reports.md; roll-ups of decision 057) against its rule computed from the
 * live tables, for every kind of owner scope, after each kind of write: an event added with items of
 * two owners, moved to another project and rig, event items deleted, an item's owner changed, an item
 * hidden. On PostgreSQL, two transactions writing one event at once both count.
 */
import type { ReportTable } from '@portal/contract';
import { eq, inArray } from 'drizzle-orm';
import type pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { createEvent, createFolder, createOwner } from '../../../test/factories.ts';
import { createCertificate } from '../../../test/factories-certificates.ts';
import { createReportDataset, daysAgo } from '../../../test/factories-reports.ts';
import { certificates, equipment, events, folders } from '../../db/schema.ts';

const t = await setupTestApp();
const data = await createReportDataset(t.db);
const third = await createOwner(t.db, { name: 'Third report owner' });
const scopes: Record<string, 'all' | number[]> = {
  all: 'all',
  mine: [data.mine.id],
  other: [data.other.id],
  both: [data.mine.id, data.other.id],
  third: [third.id],
};
const callers = Object.fromEntries(
  await Promise.all(
    Object.entries(scopes).map(async ([name, owners]) => [
      name,
      await t.loginAs(owners === 'all' ? { level: 'Admin' } : { type: 'Report', level: 'None', owners }),
    ]),
  ),
);
const editor = callers.all;
const statuses = await t.db.select().from(folders).where(eq(folders.parentId, data.event.typeId));
const status = (name: string) => statuses.find((s) => s.name === name)?.id as number;

/** The report's rule over the live items: active linked items by the rig and project of their latest event. */
async function expected(owners: 'all' | number[]) {
  const { rows } = await t.handle.pool.query(
    `select rg.name as rig, pj.name as project, count(distinct ev.id)::int as events, count(*)::int as items,
      count(*) filter (where ls.inspection_meaning = 'condemned')::int as red,
      count(*) filter (where ls.inspection_meaning = 'monitor')::int as yellow,
      min(ev.event_date) as "firstEvent", max(ev.event_date) as "lastEvent"
    from equipment e join certificates c on c.id = e.certificate_id
    join equipment_latest_status ls on ls.equipment_id = e.id
    join events ev on ev.id = ls.event_id
    join folders rg on rg.id = ev.rig_id join folders pj on pj.id = ev.project_id
    where not e.hidden and ($1::int[] is null or c.owner_id = any($1))
    group by rg.name, pj.name order by max(ev.event_date) desc, rg.name, pj.name`,
    [owners === 'all' ? null : owners],
  );
  return rows;
}

async function report(who: { authorization: string }) {
  const response = await t.app.inject({ url: '/api/Report/projects?pageSize=500', headers: { authorization: who.authorization } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ReportTable;
}

/** Every caller's report equals the rule for its owners. */
async function expectFollows() {
  for (const [name, owners] of Object.entries(scopes)) {
    const table = await report(callers[name]);
    expect(table.rows, name).toEqual(await expected(owners));
    expect(table.total, name).toBe(table.rows.length);
  }
}

const api = (method: 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: { authorization: editor.authorization }, payload });

describe('the projects report follows the writes, for every owner scope', () => {
  it('starts as the hand-built dataset says', async () => {
    expect((await report(callers.mine)).rows).toEqual([
      { rig: 'RP Rig', project: 'RP Project', events: 2, items: 5, red: 1, yellow: 1, firstEvent: daysAgo(200), lastEvent: daysAgo(10) },
    ]);
    expect((await report(callers.third)).rows).toEqual([]);
    await expectFollows();
  });

  it('an event with items of two owners is added, moved to another project and rig, and loses items', async () => {
    const rig = await createFolder(t.db, 'rig', { name: 'RP Second rig' });
    const project = await createFolder(t.db, 'project', { name: 'RP Second project', parentId: rig.id });
    const event = await createEvent(t.db, { typeId: data.event.typeId, rigId: rig.id, projectId: project.id, eventDate: daysAgo(5) });
    const added: number[] = [];
    for (const [stampedId, statusName] of [
      ['RP-CH84-YEL', 'Replace'],
      ['RP-KL-NEW', 'Monitor'],
      ['RP-OTHER-RED', 'OK'],
    ]) {
      const response = await api('POST', `/EventComponents/${event.id}/component`, { stampedId, statusId: status(statusName) });
      expect(response.statusCode, response.body).toBe(201);
      added.push(response.json().item.id);
    }
    const { rows } = await t.handle.pool.query('select owners from project_events where event_id = $1', [event.id]);
    expect(rows).toEqual([{ owners: [data.mine.id, data.other.id].sort((a, b) => a - b) }]);
    await expectFollows();

    // Moved to another project of the same rig, then to the first rig and its project (one transaction each).
    const otherProject = await createFolder(t.db, 'project', { name: 'RP Third project', parentId: rig.id });
    await t.db.transaction((tx) => tx.update(events).set({ projectId: otherProject.id }).where(eq(events.id, event.id)));
    await expectFollows();
    await t.db.transaction((tx) =>
      tx.update(events).set({ rigId: data.event.rigId, projectId: data.event.projectId }).where(eq(events.id, event.id)),
    );
    expect((await report(callers.mine)).rows).toEqual([
      expect.objectContaining({ rig: 'RP Rig', events: 3, items: 6, red: 2, yellow: 1, lastEvent: daysAgo(5) }),
    ]);
    await expectFollows();

    // Its items deleted one by one: the items fall back to their earlier events, the event leaves the report.
    for (const id of added) {
      expect((await api('DELETE', `/EventComponents/${event.id}/component/${id}`)).statusCode).toBe(204);
      await expectFollows();
    }
    expect((await t.handle.pool.query('select 1 from project_events where event_id = $1', [event.id])).rows).toEqual([]);
  });

  it("an item's certificate moves to another owner, an item is hidden, an event's date changes", async () => {
    const foreignCertificate = (await t.db.select().from(equipment).where(eq(equipment.id, data.items.foreign.id)))[0].certificateId;
    await t.db
      .update(certificates)
      .set({ ownerId: third.id })
      .where(eq(certificates.id, foreignCertificate as number));
    expect((await report(callers.third)).rows).toEqual([expect.objectContaining({ events: 1, items: 1, red: 1 })]);
    expect((await report(callers.other)).rows).toEqual([]);
    await expectFollows();
    await t.db
      .update(equipment)
      .set({ hidden: true })
      .where(inArray(equipment.id, [data.items.red.id, data.items.fibre.id]));
    await expectFollows();
    await t.db
      .update(events)
      .set({ eventDate: daysAgo(300) })
      .where(eq(events.id, data.mpiEvent.id));
    expect((await report(callers.mine)).rows).toEqual([expect.objectContaining({ firstEvent: daysAgo(300) })]);
    await expectFollows();
  });
});

const database = inject('testDatabase');

describe.runIf(database.kind === 'postgres')('two transactions writing one event at once', () => {
  /** Runs `first` in a transaction, then `second` in another, which must wait for the first's commit. */
  async function concurrently(first: (c: pg.PoolClient) => Promise<unknown>, second: (c: pg.PoolClient) => Promise<unknown>) {
    const [a, b] = [await t.handle.pool.connect(), await t.handle.pool.connect()];
    try {
      await a.query('begin');
      await first(a);
      await b.query('begin');
      const pid = (await b.query('select pg_backend_pid() as pid')).rows[0].pid;
      const waiting = second(b);
      await expect
        .poll(async () => (await a.query('select wait_event_type from pg_stat_activity where pid = $1', [pid])).rows[0].wait_event_type)
        .toBe('Lock');
      await a.query('commit');
      await waiting;
      await b.query('commit');
    } finally {
      a.release();
      b.release();
    }
  }
  /** What the app's event item writes do: the row (its triggers keep the item's latest status). */
  const addItem = async (c: pg.PoolClient, eventId: number, equipmentId: number) => {
    await c.query('insert into event_items (event_id, equipment_id, sequence, status_id) values ($1, $2, 1, $3)', [
      eventId,
      equipmentId,
      status('Replace'),
    ]);
  };
  const ownersOf = async (eventId: number) =>
    (await t.handle.pool.query('select rig_id, owners from project_events where event_id = $1', [eventId])).rows;

  it("one adds an item of one owner while another moves the event's other item to a new owner: both count", async () => {
    const p = await createCertificate(t.db, { items: ['RP-P1'] });
    const q = await createCertificate(t.db, { items: ['RP-Q1'] });
    const r = await createOwner(t.db);
    const event = await createEvent(t.db, { typeId: data.event.typeId, eventDate: daysAgo(1) });
    const setup = await t.handle.pool.connect();
    await addItem(setup, event.id, p.equipment[0].id).finally(() => setup.release());
    await concurrently(
      (a) => addItem(a, event.id, q.equipment[0].id),
      (b) => b.query('update certificates set owner_id = $1 where id = $2', [r.id, p.certificate.id]),
    );
    expect(await ownersOf(event.id)).toEqual([{ rig_id: event.rigId, owners: [q.certificate.ownerId, r.id].sort((x, y) => x - y) }]);
    await expectFollows();
  });

  it('one moves the event to another rig while another adds an item to it: the item counts at the new rig', async () => {
    const p = await createCertificate(t.db, { items: ['RP-P2'] });
    const event = await createEvent(t.db, { typeId: data.event.typeId, eventDate: daysAgo(1) });
    const rig = await createFolder(t.db, 'rig');
    const project = await createFolder(t.db, 'project', { parentId: rig.id });
    await concurrently(
      (a) => a.query('update events set rig_id = $1, project_id = $2 where id = $3', [rig.id, project.id, event.id]),
      (b) => addItem(b, event.id, p.equipment[0].id),
    );
    expect(await ownersOf(event.id)).toEqual([{ rig_id: rig.id, owners: [p.certificate.ownerId] }]);
    await expectFollows();
  });
});
