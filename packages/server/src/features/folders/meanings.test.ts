/** Status meanings (issue 23 part 2): chosen by the upgrade from colours, set on the status dialog, confirmed by an Admin. */
import { meaningMessages } from '@portal/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { createTestDatabase } from '../../../test/database.ts';
import { createFolder } from '../../../test/factories.ts';
import { createEventTypeWithStatuses } from '../../../test/factories-folders.ts';
import { migrateSchemaOnly, olderMigrations } from '../../../test/migrations.ts';
import { runMigrations } from '../../db/migrate.ts';
import { statusMeaningReviews } from '../../db/schema.ts';

const t = await setupTestApp();
const admin = await t.loginAs({ level: 'Admin' });
const restrictedAdmin = await t.loginAs({ level: 'Admin', owners: [] });
const eventsUser = await t.loginAs({ level: 'Events' });
const external = await t.loginAs({ level: 'Admin', type: 'Report' });
const call = (method: 'GET' | 'POST' | 'PUT', url: string, authorization: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, payload, headers: { authorization } });

const handle = await createTestDatabase({ empty: true });
const older = olderMigrations();
afterAll(async () => {
  await handle.close();
  older.remove();
});
const { type, statuses } = await createEventTypeWithStatuses(t.db, [
  { name: 'Passed', color: 'success', isDefault: true },
  { name: 'Failed', color: 'danger', meaning: 'condemned' },
]);

describe('the upgrade', () => {
  it("gives each status a meaning from its colour and the report settings' red and yellow colours, and lists it for review", async () => {
    await migrateSchemaOnly(handle.db, older.upTo(older.indexOf('0032_status_meanings')));
    const { rows } = await handle.pool.query(
      `insert into folders (kind, name, created_by, updated_by) values ('eventType', 'Inspection', 'x', 'x') returning id`,
    );
    const colours = ['success', 'info', 'primary', 'warning', 'danger', 'default', 'none'];
    for (const [i, color] of colours.entries())
      await handle.pool.query(
        `insert into folders (kind, parent_id, name, color, created_by, updated_by) values ('status', $1, $2, $3, 'x', 'x')`,
        [rows[0].id, `S${i} ${color}`, color],
      );
    // This portal counted info as yellow and warning as red.
    await handle.pool.query(`insert into report_settings (key, value, updated_by) values ('redColors', '["danger","warning"]', 'x'),
      ('yellowColors', '["info"]', 'x')`);
    await runMigrations(handle.db);
    const meanings = await handle.pool.query(
      `select f.color, f.meaning, r.reason from folders f join status_meaning_reviews r on r.status_id = f.id order by f.name`,
    );
    expect(meanings.rows.map((r) => [r.color, r.meaning])).toEqual([
      ['success', 'fit'],
      ['info', 'monitor'],
      ['primary', 'fit'],
      ['warning', 'condemned'],
      ['danger', 'condemned'],
      ['default', 'notInspected'],
      ['none', 'notInspected'],
    ]);
    expect(meanings.rows[1].reason).toBe('Colour info is a yellow colour of the reports');
    const kinds = await handle.pool.query(`select count(*)::int as n from folders where kind <> 'status' and meaning is not null`);
    expect(kinds.rows[0].n).toBe(0);
  });
});

describe('status meanings on the API', () => {
  it('a new status means what the Admin chose, or notInspected; the other kinds have none', async () => {
    const chosen = await call('POST', '/Folders', admin.authorization, {
      name: 'Watch',
      parentId: type.id,
      color: 'warning',
      meaning: 'monitor',
    });
    expect(chosen.statusCode).toBe(201);
    expect(chosen.json()).toMatchObject({ kind: 'status', meaning: 'monitor' });
    const unchosen = (await call('POST', '/Folders', admin.authorization, { name: 'Skipped', parentId: type.id })).json();
    expect(unchosen.meaning).toBe('notInspected');
    const rig = (await call('POST', '/Rigs', eventsUser.authorization, { name: 'Meaningless rig' })).json();
    expect(rig.meaning).toBeNull();
  });

  it('is changed on the status dialog and kept when the dialog leaves it out', async () => {
    const url = `/Folders/${statuses[1].id}`;
    const changed = await call('PUT', url, admin.authorization, { name: 'Failed', default: false, color: 'danger', meaning: 'monitor' });
    expect(changed.json().meaning).toBe('monitor');
    const kept = await call('PUT', url, admin.authorization, { name: 'Failed badly', default: false, color: 'danger' });
    expect(kept.json()).toMatchObject({ name: 'Failed badly', meaning: 'monitor' });
    expect((await call('GET', `/Events/getAvailableStatuses/${type.id}`, eventsUser.authorization)).json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: statuses[1].id, meaning: 'monitor' })]),
    );
  });

  it('refuses a meaning that is not one, a meaning on a rig or event type, and a status meaning from Events level', async () => {
    const bad = await call('POST', '/Folders', admin.authorization, { name: 'Odd', parentId: type.id, meaning: 'okay' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.meaning).toEqual(['Meaning must be one of fit, monitor, condemned, notInspected']);
    const onRig = await call('POST', '/Rigs', eventsUser.authorization, { name: 'Fit rig', meaning: 'fit' });
    expect(onRig.statusCode).toBe(400);
    expect(onRig.json().errors.meaning).toEqual([meaningMessages.onlyStatuses]);
    const rig = await createFolder(t.db, 'rig');
    const onRename = await call('PUT', `/Folders/${rig.id}`, eventsUser.authorization, {
      name: 'R',
      default: false,
      color: 'info',
      meaning: 'fit',
    });
    expect(onRename.json().errors.meaning).toEqual([meaningMessages.onlyStatuses]);
    const byEvents = await call('PUT', `/Folders/${statuses[0].id}`, eventsUser.authorization, {
      name: 'Passed',
      default: true,
      color: 'success',
      meaning: 'condemned',
    });
    expect(byEvents.statusCode).toBe(403);
  });

  it('lists the upgrade’s choices to Admins until one confirms them, and to nobody else', async () => {
    await t.db.insert(statusMeaningReviews).values([
      { statusId: statuses[0].id, reason: 'Colour success is a colour of a good result' },
      { statusId: statuses[1].id, reason: 'Colour danger is a red colour of the reports' },
    ]);
    const review = await call('GET', '/Folders/MeaningReview', restrictedAdmin.authorization);
    expect(review.statusCode).toBe(200);
    expect(review.json().pending).toEqual([
      {
        statusId: statuses[0].id,
        eventTypeId: type.id,
        eventType: type.name,
        status: 'Passed',
        color: 'success',
        meaning: 'fit',
        reason: 'Colour success is a colour of a good result',
      },
      expect.objectContaining({ statusId: statuses[1].id, meaning: 'monitor' }),
    ]);
    for (const user of [eventsUser, external]) {
      expect((await call('GET', '/Folders/MeaningReview', user.authorization)).statusCode).toBe(403);
      expect((await call('POST', '/Folders/MeaningReview/Confirm', user.authorization)).statusCode).toBe(403);
    }
    expect((await call('GET', '/Folders/MeaningReview', '')).statusCode).toBe(401);
    const confirmed = await call('POST', '/Folders/MeaningReview/Confirm', admin.authorization);
    expect(confirmed.json()).toEqual({ pending: [] });
    const rows = await t.db.select().from(statusMeaningReviews);
    expect(rows.every((row) => row.confirmedBy === admin.email && row.confirmedAt !== null)).toBe(true);
  });
});
