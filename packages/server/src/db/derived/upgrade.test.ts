/**
 * A database migrated by a release before decision 067, whose migrations defined the trigger
 * functions themselves (test/fixtures/migrations-before-067.json.gz holds those migrations as
 * released), upgrades: the old functions and triggers go before the migrations run, the derived files
 * apply, every derived table is rebuilt from live rows and then kept by the new triggers. So does one
 * of the release before decision 088 (test/fixtures/release-before-088.json.gz: its migrations, with
 * the seal rules, and its derived files, with report_event_counts): it ends with the same function
 * bodies as a new database.
 */

import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/database.ts';
import { functionBodies, release } from '../../../test/releases.ts';
import { runMigrations } from '../migrate.ts';
import { derivedFiles } from './files.ts';
import { derivedDifferences } from './rebuild.ts';

const released = release('migrations-before-067.json.gz');
const before088 = release('release-before-088.json.gz');
afterAll(() => {
  released.remove();
  before088.remove();
});
const releasedMigrations = (count: number) => released.folder(count);

const ownFunctions = async (handle: Awaited<ReturnType<typeof createTestDatabase>>) =>
  (
    await handle.pool.query<{ name: string }>(
      `select p.proname as name from pg_proc p where p.pronamespace = 'public'::regnamespace
       and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')`,
    )
  ).rows
    .map((row) => row.name)
    .sort();
const definedFunctions = derivedFiles()
  .flatMap((file) => [...file.sql.matchAll(/^CREATE FUNCTION (\w+)\(/gm)].map((match) => match[1]))
  .sort();

/**
 * Data as an older release wrote it, in plain SQL (its tables lack later columns): a catalogue node, a
 * certificate with three items, an event of two of them with a red status, a chip. Its app kept the
 * latest status: of the first item only here (the upgrade's rebuild adds the second's).
 */
async function oldReleaseData(handle: Awaited<ReturnType<typeof createTestDatabase>>) {
  const one = async (text: string, params: unknown[] = []) => (await handle.pool.query<{ id: number }>(text, params)).rows[0].id;
  const owner = await one(`insert into owners (name, short_code) values ('Old owner', 'OLD') returning id`);
  const type = await one(`insert into certificate_types (owner_id, name) values ($1, 'Chain') returning id`, [owner]);
  const subType = await one(`insert into certificate_sub_types (certificate_type_id, name) values ($1, 'Studless') returning id`, [type]);
  const dimension = await one(`insert into dimensions (sub_type_id, name) values ($1, '84 mm') returning id`, [subType]);
  const certificate = await one(
    `insert into certificates (owner_id, type_id, sub_type_id, dimension_id, certificate_number, date_signed)
     values ($1, $2, $3, $4, 'OLD-CERT', '2022-02-02') returning id`,
    [owner, type, subType, dimension],
  );
  const items: number[] = [];
  for (const stampedId of ['OLD-1', 'OLD-2', 'OLD-3'])
    items.push(await one('insert into equipment (stamped_id, certificate_id) values ($1, $2) returning id', [stampedId, certificate]));
  const eventType = await one(`insert into folders (kind, name) values ('eventType', 'Inspection') returning id`);
  const red = await one(`insert into folders (kind, name, parent_id, color) values ('status', 'Replace', $1, 'danger') returning id`, [
    eventType,
  ]);
  const rig = await one(`insert into folders (kind, name) values ('rig', 'Rig') returning id`);
  const project = await one(`insert into folders (kind, name, parent_id) values ('project', 'Project', $1) returning id`, [rig]);
  const event = await one(`insert into events (type_id, rig_id, project_id, event_date) values ($1, $2, $3, '2025-04-04') returning id`, [
    eventType,
    rig,
    project,
  ]);
  const first = await one('insert into event_items (event_id, equipment_id, sequence, status_id) values ($1, $2, 1, $3) returning id', [
    event,
    items[0],
    red,
  ]);
  await one('insert into event_items (event_id, equipment_id, sequence, status_id) values ($1, $2, 2, $3) returning id', [
    event,
    items[1],
    red,
  ]);
  await handle.pool.query(
    `insert into equipment_latest_status (equipment_id, event_item_id, event_id, event_date, status_id, color)
     values ($1, $2, $3, '2025-04-04', $4, 'danger')`,
    [items[0], first, event, red],
  );
  await handle.pool.query(`insert into chips (chip_id, equipment_id) values ('OLD-CHIP', $1)`, [items[1]]);
  return { type, items, event, red };
}

// Each case migrates an empty database twice: about 20 s on a busy machine, past the default 30 s under load.
describe('a database migrated before db/derived/', { timeout: 120_000 }, () => {
  it('upgrades from the last such release: old functions gone, the files applied, every table in step, kept after', async () => {
    const handle = await createTestDatabase({ empty: true });
    try {
      await runMigrations(handle.db, releasedMigrations(released.journal.entries.length));
      expect(await ownFunctions(handle)).toContain('report_aggregates_from_items');
      const { type, items, event, red } = await oldReleaseData(handle);
      await handle.pool.query('insert into due_regimes (certificate_type_id, inspection_months) values ($1, 12)', [type]);

      expect(await runMigrations(handle.db)).toEqual({ upgraded: true });
      expect(await ownFunctions(handle)).toEqual(definedFunctions);
      expect(await derivedDifferences(handle.pool)).toEqual({});
      const latest = await handle.pool.query('select equipment_id from equipment_latest_status order by 1');
      expect(latest.rows.map((row) => row.equipment_id)).toEqual([items[0], items[1]]);
      // Written after the upgrade: kept by the new triggers.
      await handle.pool.query('insert into event_items (event_id, equipment_id, sequence, status_id) values ($1, $2, 3, $3)', [
        event,
        items[2],
        red,
      ]);
      await handle.pool.query('update events set event_date = $1 where id = $2', ['2025-05-05', event]);
      expect(await derivedDifferences(handle.pool)).toEqual({});
      expect(await runMigrations(handle.db)).toEqual({ upgraded: false });
    } finally {
      await handle.close();
    }
  });

  it('upgrades from an older release too (before the report tables had their stamped ids)', async () => {
    const handle = await createTestDatabase({ empty: true });
    try {
      const before = released.journal.entries.findIndex((entry) => entry.tag === '0017_report_item_pages');
      await runMigrations(handle.db, releasedMigrations(before));
      await oldReleaseData(handle);
      expect(await runMigrations(handle.db)).toEqual({ upgraded: true });
      expect(await ownFunctions(handle)).toEqual(definedFunctions);
      expect(await derivedDifferences(handle.pool)).toEqual({});
    } finally {
      await handle.close();
    }
  });
});

/** An event of one item, signed off (a seal row as the sign-off writes it, without its hash chain's meaning). */
async function sealedEvent(handle: Awaited<ReturnType<typeof createTestDatabase>>) {
  const one = async (text: string, params: unknown[] = []) => (await handle.pool.query<{ id: number }>(text, params)).rows[0].id;
  const owner = await one(`insert into owners (name, short_code) values ('Sealed owner', 'SEA') returning id`);
  const type = await one(`insert into certificate_types (owner_id, name) values ($1, 'Chain') returning id`, [owner]);
  const subType = await one(`insert into certificate_sub_types (certificate_type_id, name) values ($1, 'Studless') returning id`, [type]);
  const dimension = await one(`insert into dimensions (sub_type_id, name) values ($1, '84 mm') returning id`, [subType]);
  const certificate = await one(
    `insert into certificates (owner_id, type_id, sub_type_id, dimension_id, certificate_number, date_signed)
     values ($1, $2, $3, $4, 'SEA-1', '2026-01-01') returning id`,
    [owner, type, subType, dimension],
  );
  const item = await one(`insert into equipment (stamped_id, certificate_id) values ('SEA-1', $1) returning id`, [certificate]);
  const eventType = await one(`insert into folders (kind, name) values ('eventType', 'Inspection') returning id`);
  const rig = await one(`insert into folders (kind, name) values ('rig', 'Sealed rig') returning id`);
  const project = await one(`insert into folders (kind, name, parent_id) values ('project', 'Sealed project', $1) returning id`, [rig]);
  const event = await one(`insert into events (type_id, rig_id, project_id, event_date) values ($1, $2, $3, '2026-01-01') returning id`, [
    eventType,
    rig,
    project,
  ]);
  const eventItem = await one('insert into event_items (event_id, equipment_id, sequence) values ($1, $2, 1) returning id', [event, item]);
  await handle.pool.query(
    `insert into event_seals (event_id, kind, user_email, inspector, qualification, company, form_version, snapshot, hash)
     values ($1, 'signOff', 'inspector@example.com', 'I. Inspector', 'Level 2', 'Inspections Ltd', 1, '{}', 'test')`,
    [event],
  );
  return { event, eventItem };
}

/** What the seal rules refuse and allow on a sealed event's item. */
async function expectSealed(
  handle: Awaited<ReturnType<typeof createTestDatabase>>,
  { event, eventItem }: { event: number; eventItem: number },
) {
  await expect(handle.pool.query(`update event_items set comment = 'changed' where id = $1`, [eventItem])).rejects.toThrow(/signed off/);
  await expect(handle.pool.query('delete from events where id = $1', [event])).rejects.toThrow(/signed off/);
  await expect(handle.pool.query('delete from event_seals where event_id = $1', [event])).rejects.toThrow(/never changed/);
  await handle.pool.query(`update event_items set notification = not notification, updated_by = 'flag@example.com' where id = $1`, [
    eventItem,
  ]);
  const log = await handle.pool.query('select changed_by from event_item_flag_changes where event_item_id = $1', [eventItem]);
  expect(log.rows.map((row) => row.changed_by)).toContain('flag@example.com');
}

describe('a database of the release before decision 088 (seal rules in migrations, report_event_counts kept)', { timeout: 120_000 }, () => {
  it('upgrades: the rules come from db/derived/ with the bodies of a new database, report_event_counts goes', async () => {
    const handle = await createTestDatabase({ empty: true });
    const fresh = await createTestDatabase();
    try {
      await runMigrations(handle.db, before088.folder(), { files: before088.derivedFiles() });
      expect(await ownFunctions(handle)).toEqual(expect.arrayContaining(['report_event_counts_apply', 'seal_event_items']));
      const sealed = await sealedEvent(handle);
      await expectSealed(handle, sealed);

      expect(await runMigrations(handle.db)).toEqual({ upgraded: true });
      expect(await functionBodies(handle.pool)).toEqual(await functionBodies(fresh.pool));
      expect(await ownFunctions(handle)).toEqual(definedFunctions);
      const gone = await handle.pool.query(`select to_regclass('report_event_counts')::text as t`);
      expect(gone.rows[0].t).toBeNull();
      const recorded = await handle.pool.query<{ name: string }>('select name from derived_definitions order by name');
      expect(recorded.rows.map((row) => row.name)).toEqual(
        derivedFiles()
          .map((file) => file.name)
          .sort(),
      );
      expect(await derivedDifferences(handle.pool)).toEqual({});
      await expectSealed(handle, sealed);
      expect(await runMigrations(handle.db)).toEqual({ upgraded: false });
    } finally {
      await handle.close();
      await fresh.close();
    }
  });
});
