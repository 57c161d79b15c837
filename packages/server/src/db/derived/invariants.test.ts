/**
 * Every derived table (db/derived/, decision 067) equals its rebuild statement, computed from live
 * rows, after each kind of write to each of its sources: inserts, updates of the watched columns and
 * of others, deletes and cascades. derived.test.ts checks that every table a trigger writes has a file;
 * this one runs each file's comparison (tableDifferences) after every step.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/database.ts';
import { createEvent, createFolder, createOwner } from '../../../test/factories.ts';
import { createCertificate } from '../../../test/factories-certificates.ts';
import { createEquipment } from '../../../test/factories-items.ts';
import { derivedFiles } from './files.ts';
import { derivedDifferences, rebuildTable, tableDifferences } from './rebuild.ts';

const handle = await createTestDatabase();
afterAll(() => handle.close());
const db = handle.db;
const files = derivedFiles().filter((file) => file.table);
const run = (text: string, params?: unknown[]) => handle.pool.query(text, params);

/** Each derived table's rows that differ from its rebuild statement's: none. */
const expectAllInStep = async () => expect(await derivedDifferences(handle.pool)).toEqual({});

/** A chain template trending the smaller grip, condemned at `limit` % loss (docs/measurements.md). */
const wearDefinition = (limit: number) => ({
  fields: [
    { key: 'gripDiameter1', label: 'Grip diameter 1', kind: 'number', unit: 'mm', required: true },
    { key: 'gripDiameter2', label: 'Grip diameter 2', kind: 'number', unit: 'mm', required: true },
  ],
  derived: [{ key: 'diameterLoss', label: 'Diameter loss', kind: 'lossPercentOfNominal', of: ['gripDiameter1', 'gripDiameter2'] }],
  criteria: [{ subject: 'diameterLoss', op: '>=', limit, meaning: 'condemned' }],
});

describe('derived tables', () => {
  it('equal their rebuild statements after every kind of write to their sources', async () => {
    const type = await createFolder(db, 'eventType');
    const renewal = await createFolder(db, 'eventType');
    const red = await createFolder(db, 'status', { parentId: type.id, color: 'danger', meaning: 'condemned' });
    const green = await createFolder(db, 'status', { parentId: type.id, color: 'success' });
    const skipped = await createFolder(db, 'status', { parentId: renewal.id, color: 'default', meaning: 'notInspected' });
    const a = await createCertificate(db, { items: ['INV-A1', 'INV-A2', 'INV-A3'] });
    const b = await createCertificate(db, { items: ['INV-B1'], dateSigned: '2023-05-01' });
    const loose = await createEquipment(db);
    const [a1, a2, a3] = a.equipment;
    await expectAllInStep();

    // Due regimes and what event types count as (every item of the type is recomputed).
    await run('insert into due_regimes (certificate_type_id, inspection_months, renewal_months) values ($1, 12, 60), ($2, 6, null)', [
      a.certificate.typeId,
      b.certificate.typeId,
    ]);
    await run(`insert into event_type_due_kinds (event_type_id, kind) values ($1, 'inspection'), ($2, 'renewal')`, [type.id, renewal.id]);
    await expectAllInStep();

    // Events with items in one statement, a later one, statuses, notifications, a move between events.
    const first = await createEvent(db, { typeId: type.id, eventDate: '2025-01-10' });
    const second = await createEvent(db, { typeId: renewal.id, eventDate: '2025-03-10', isRenewal: true });
    await run(
      `insert into event_items (event_id, equipment_id, sequence, status_id)
       select $1, id, row_number() over (order by id), $2 from equipment where id = any($3)`,
      [first.id, red.id, [a1.id, a2.id, a3.id, b.equipment[0].id, loose.id]],
    );
    await run('insert into event_items (event_id, equipment_id, sequence, status_id, notification) values ($1, $2, 1, $3, true)', [
      second.id,
      a1.id,
      green.id,
    ]);
    await expectAllInStep();
    await run('update event_items set status_id = $1 where event_id = $2', [green.id, first.id]);
    await run('update event_items set notification = true where equipment_id = $1 and event_id = $2', [a2.id, first.id]);
    await run('update event_items set sequence = sequence + 10 where event_id = $1', [first.id]);
    await run('update event_items set event_id = $1 where equipment_id = $2 and event_id = $3', [second.id, a3.id, first.id]);
    await run('update event_items set equipment_id = $1 where equipment_id = $2 and event_id = $3', [a3.id, a2.id, first.id]);
    await expectAllInStep();

    // Events: date, type, rig and project, renewal and reset age; a status's colour.
    const rig = await createFolder(db, 'rig');
    const project = await createFolder(db, 'project', { parentId: rig.id });
    await run('update events set event_date = $1 where id = $2', ['2025-06-01', first.id]);
    await run('update events set rig_id = $1, project_id = $2 where id = $3', [rig.id, project.id, second.id]);
    await run('update events set type_id = $1 where id = $2', [renewal.id, first.id]);
    await run('update events set is_renewal = false, reset_age = true, age_at_reset = 2.5 where id = $1', [second.id]);
    await run('update events set comment = $1', ['touched, nothing derived changes']);
    await run(`update folders set color = 'warning' where id = $1`, [green.id]);
    await expectAllInStep();
    // The latest event of most items moved: they count on its new rig (report_rig_counts).
    await run('update events set rig_id = $1 where id = $2', [rig.id, first.id]);
    await expectAllInStep();
    expect((await run('select sum(n)::int as n from report_rig_counts where rig_id = $1', [rig.id])).rows[0].n).toBeGreaterThan(0);

    // Statuses that are no inspection, an item's status changed, a status's meaning changed.
    const third = await createEvent(db, { typeId: renewal.id, eventDate: '2025-09-01', isRenewal: true });
    await run(
      `insert into event_items (event_id, equipment_id, sequence, status_id)
       select $1, id, row_number() over (order by id), $2 from equipment where id = any($3)`,
      [third.id, skipped.id, [a1.id, b.equipment[0].id]],
    );
    await run('insert into event_items (event_id, equipment_id, sequence, status_id) values ($1, $2, 3, null)', [third.id, a2.id]);
    await expectAllInStep();
    await run('update event_items set status_id = $1 where event_id = $2 and equipment_id = $3', [green.id, third.id, a1.id]);
    await run(`update folders set meaning = 'monitor' where id = $1`, [skipped.id]);
    await expectAllInStep();
    await run(`update folders set meaning = 'condemned' where id = $1`, [green.id]);
    await run(`update folders set meaning = 'notInspected' where id = $1`, [red.id]);
    await expectAllInStep();

    // Equipment: hidden, moved, unlinked, linked, a parent, renamed, a new one, one deleted.
    await run('update equipment set hidden = true where id = $1', [a3.id]);
    await run('update equipment set certificate_id = $1 where id = $2', [b.certificate.id, a2.id]);
    await run('update equipment set certificate_id = null where id = $1', [b.equipment[0].id]);
    await run('update equipment set certificate_id = $1, parent_id = $2 where id = $3', [a.certificate.id, a1.id, loose.id]);
    await run(`update equipment set stamped_id = 'INV-A1-R', length = 9.5 where id = $1`, [a1.id]);
    const spare = await createEquipment(db, { certificateId: a.certificate.id });
    await expectAllInStep();
    await run('delete from equipment_history where equipment_id = $1', [spare.id]);
    await run('delete from equipment where id = $1', [spare.id]);

    // Chips on, moved, off.
    await run(`insert into chips (chip_id, equipment_id) values ('INV-C1', $1), ('INV-C2', $1), ('INV-C3', $2)`, [a1.id, loose.id]);
    await run(`update chips set equipment_id = $1 where chip_id = 'INV-C2'`, [a2.id]);
    await run(`delete from chips where chip_id = 'INV-C3'`);
    await expectAllInStep();

    // Certificates: a file, another owner, another date and sub-type; regimes changed and removed.
    await run(`insert into files (file_name, content_type, size, sha256, data) values ('c.pdf', 'application/pdf', 1, 'x', 'x')`);
    await run('update certificates set file_id = (select max(id) from files), date_signed = $1 where id = $2', [
      '2024-02-02',
      a.certificate.id,
    ]);
    const owner = await createOwner(db);
    await run('update certificates set owner_id = $1 where id = $2', [owner.id, a.certificate.id]);
    await run('update due_regimes set inspection_months = 3 where certificate_type_id = $1', [a.certificate.typeId]);
    await run(`update event_type_due_kinds set kind = 'renewal' where event_type_id = $1`, [type.id]);
    await expectAllInStep();
    await run('delete from event_type_due_kinds where event_type_id = $1', [renewal.id]);
    await run('delete from due_regimes where certificate_type_id = $1', [b.certificate.typeId]);
    await expectAllInStep();

    // Wear trends: a template on A's type, measured event items (grips falling with the event's date),
    // a correction, a new date, a nominal size, a new template version, an item unlinked, cleared items.
    const template = await run('insert into measurement_templates (certificate_type_id) values ($1) returning id', [a.certificate.typeId]);
    const version = async (limit: number, n: number) =>
      (
        await run('insert into measurement_template_versions (template_id, version, definition) values ($1, $2, $3) returning id', [
          template.rows[0].id,
          n,
          JSON.stringify(wearDefinition(limit)),
        ])
      ).rows[0].id as number;
    const v1 = await version(12, 1);
    await run('update measurement_templates set current_version_id = $1 where id = $2', [v1, template.rows[0].id]);
    await run(
      `update event_items ei set measurement_version_id = $1, measurements = jsonb_build_array(
         jsonb_build_object('key', 'gripDiameter1', 'value', 84 - (e.event_date - date '2020-01-01') / 300.0),
         jsonb_build_object('key', 'gripDiameter2', 'value', 84))
       from events e where e.id = ei.event_id and ei.equipment_id = any($2)`,
      [v1, [a1.id, a3.id, loose.id]],
    );
    expect((await run('select equipment_id from equipment_wear order by 1')).rows.map((row) => row.equipment_id)).toEqual([a1.id, a3.id]);
    await expectAllInStep();
    await run(
      `update event_items set measurements = '[{"key": "gripDiameter1", "value": 70}, {"key": "gripDiameter2", "value": 71}]'
      where equipment_id = $1 and event_id = $2`,
      [a1.id, third.id],
    );
    await run('update events set event_date = $1 where id = $2', ['2026-01-01', third.id]);
    await run('update dimensions set nominal_size = 90 where id = (select dimension_id from certificates where id = $1)', [
      a.certificate.id,
    ]);
    await expectAllInStep();
    await run('update measurement_templates set current_version_id = $1 where id = $2', [await version(8, 2), template.rows[0].id]);
    await run('update equipment set hidden = not hidden where id = any($1)', [[a1.id, a3.id]]);
    await run('update certificates set owner_id = $1 where id = $2', [(await createOwner(db)).id, a.certificate.id]);
    await run('update equipment set certificate_id = null where id = $1', [loose.id]);
    await run(`update event_items set measurements = '[]', measurement_version_id = null where equipment_id = $1`, [a3.id]);
    await expectAllInStep();

    // Deletes: an event item, an event (its items by the cascade), a certificate (its items unlinked).
    await run('delete from event_items where equipment_id = $1 and event_id = $2', [a1.id, second.id]);
    await expectAllInStep();
    await run('delete from events where id = $1', [first.id]);
    await run('delete from certificates where id = $1', [b.certificate.id]);
    await expectAllInStep();
  });

  it('a rebuild brings a table that drifted back, and the tables derived from it follow', async () => {
    const reportItems = files.find((file) => file.table === 'report_items');
    const latest = files.find((file) => file.table === 'equipment_latest_status');
    if (!reportItems || !latest) throw new Error('report_items and equipment_latest_status have files');
    const a = await createCertificate(db, { items: ['DRIFT-1', 'DRIFT-2'] });
    const event = await createEvent(db, { eventDate: '2025-02-02' });
    await run('insert into event_items (event_id, equipment_id, sequence) values ($1, $2, 1), ($1, $3, 2)', [
      event.id,
      a.equipment[0].id,
      a.equipment[1].id,
    ]);
    // Written around the triggers, as a bug or a hand edit would.
    const client = await handle.pool.connect();
    try {
      await client.query('begin');
      await client.query('set local session_replication_role = replica');
      await client.query('delete from equipment_latest_status where equipment_id = $1', [a.equipment[0].id]);
      await client.query(`update report_items set stamped_id = 'WRONG' where equipment_id = $1`, [a.equipment[1].id]);
      await client.query('commit');
      expect(await tableDifferences(client, latest)).toHaveLength(1);
      await client.query('begin');
      expect(await rebuildTable(client, latest)).toMatchObject({ deleted: 0, inserted: 1 });
      // The item's row followed its latest status by the trigger; the other is still wrong.
      expect(await tableDifferences(client, reportItems)).toHaveLength(2);
      expect(await rebuildTable(client, reportItems)).toMatchObject({ deleted: 1, inserted: 1 });
      await client.query('commit');
    } finally {
      client.release();
    }
    await expectAllInStep();
  });
});
