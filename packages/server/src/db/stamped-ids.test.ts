/**
 * The upgrade that compares stamped ids without case (migration 0030): on a database that already
 * holds ids differing only in case (one item linked to a certificate, one in a past event), it marks
 * them instead of failing, the start-up lists them, and the portal starts and serves them.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type CaseDuplicateList, caseDuplicateMessages } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.ts';
import { createUser } from '../../test/factories.ts';
import { buildApp } from '../app.ts';
import { startSessionCache } from '../auth/session-cache.ts';
import { createSession } from '../auth/sessions.ts';
import { prepareDatabase } from '../bootstrap.ts';
import { readConfig } from '../config.ts';
import { startAnswerCaches } from './answer-cache.ts';
import { isUniqueViolation } from './errors.ts';
import { migrationsFolder, runMigrations } from './migrate.ts';

const handle = await createTestDatabase({ empty: true });
const older = mkdtempSync(path.join(os.tmpdir(), 'portal-migrations-'));
afterAll(async () => {
  await handle.close();
  rmSync(older, { recursive: true, force: true });
});

/** The committed migrations before 0030_stamped_id_case, as the release before it had them. */
function migrationsBeforeCaseRule() {
  cpSync(migrationsFolder, older, { recursive: true });
  const journalFile = path.join(older, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8'));
  journal.entries = journal.entries.filter((entry: { tag: string }) => entry.tag < '0030_stamped_id_case');
  writeFileSync(journalFile, JSON.stringify(journal));
  return older;
}

/** An item as the older release wrote it (its equipment table has no case_duplicate column yet). */
async function oldItem(stampedId: string, certificateId: number | null = null) {
  const { rows } = await handle.pool.query<{ id: number }>(
    'insert into equipment (stamped_id, certificate_id, created_by, updated_by) values ($1, $2, $3, $3) returning id',
    [stampedId, certificateId, 'old-release@test.example'],
  );
  return rows[0].id;
}

/** A certificate and its catalogue as the older release wrote them (drizzle's insert would name columns added since). */
async function oldCertificate() {
  const one = async (text: string, values: unknown[]) => (await handle.pool.query<{ id: number }>(text, values)).rows[0].id;
  const owner = await one(`insert into owners (name, short_code) values ('Old owner', 'OLD') returning id`, []);
  const type = await one(`insert into certificate_types (owner_id, name) values ($1, 'Chain') returning id`, [owner]);
  const subType = await one(`insert into certificate_sub_types (certificate_type_id, name) values ($1, 'Studless R4') returning id`, [
    type,
  ]);
  const dimension = await one(`insert into dimensions (sub_type_id, name) values ($1, '76 mm') returning id`, [subType]);
  return one(
    `insert into certificates (owner_id, type_id, sub_type_id, dimension_id, certificate_number) values ($1, $2, $3, $4, 'OLD-1') returning id`,
    [owner, type, subType, dimension],
  );
}

/** An event as the older release wrote it (drizzle's insert would name columns added since). */
async function oldEvent(eventDate: string) {
  const folder = async (kind: string, parentId: number | null) =>
    (
      await handle.pool.query<{ id: number }>(
        `insert into folders (kind, parent_id, name, created_by, updated_by) values ($1, $2, $1 || ' old', 'x', 'x') returning id`,
        [kind, parentId],
      )
    ).rows[0].id;
  const [typeId, rigId] = [await folder('eventType', null), await folder('rig', null)];
  const projectId = await folder('project', rigId);
  const { rows } = await handle.pool.query<{ id: number }>(
    `insert into events (type_id, rig_id, project_id, event_date, event_location, created_by, updated_by)
     values ($1, $2, $3, $4, 'Bergen', 'x', 'x') returning id`,
    [typeId, rigId, projectId, eventDate],
  );
  return rows[0];
}

const marks = async () =>
  (await handle.pool.query<{ stamped_id: string; case_duplicate: boolean }>('select stamped_id, case_duplicate from equipment order by id'))
    .rows;

describe('upgrading a register that holds stamped ids differing only in case', () => {
  it('marks the pairs instead of failing, logs them, and the portal starts and resolves a pair by a rename', async () => {
    await runMigrations(handle.db, migrationsBeforeCaseRule());
    const linked = await oldItem('NSD-R4-076-0053', await oldCertificate());
    const typedLower = await oldItem('nsd-r4-076-0053');
    const pastEvent = await oldEvent('2019-06-01');
    // In SQL: the schema's insert would name columns added by later migrations (event_items' measurements, 0041).
    await handle.db.execute(sql`insert into event_items (event_id, equipment_id, sequence, created_by, updated_by)
      values (${pastEvent.id}, ${typedLower}, 1, 'x', 'x')`);
    const loadOld = await oldItem('Load-7');
    await oldItem('LOAD-7');
    await oldItem('ALONE-1');

    expect(await runMigrations(handle.db)).toEqual({ upgraded: true });
    // One item of each pair stays in the unique index: the linked one, else the oldest.
    expect(await marks()).toEqual([
      { stamped_id: 'NSD-R4-076-0053', case_duplicate: false },
      { stamped_id: 'nsd-r4-076-0053', case_duplicate: true },
      { stamped_id: 'Load-7', case_duplicate: false },
      { stamped_id: 'LOAD-7', case_duplicate: true },
      { stamped_id: 'ALONE-1', case_duplicate: false },
    ]);
    // From now on the index refuses a third spelling.
    const third = await handle.pool.query("insert into equipment (stamped_id) values ('Nsd-R4-076-0053')").catch((error) => error);
    expect(isUniqueViolation(third)).toBe(true);

    const warnings: unknown[][] = [];
    const log = { info: () => {}, error: () => {}, warn: (...args: unknown[]) => warnings.push(args) } as never;
    await prepareDatabase(
      handle,
      readConfig({ DEMO_DATA: '0', PORTAL_ADMIN_EMAIL: 'admin@test.example', PORTAL_ADMIN_PASSWORD: 'Start-password-9' }),
      log,
    );
    expect(warnings).toEqual([
      [{ stampedIds: ['LOAD-7', 'nsd-r4-076-0053'], count: 2 }, expect.stringContaining('Admin > Case duplicates')],
    ]);

    const app = await buildApp({
      db: handle.db,
      databaseReady: handle.ready,
      config: readConfig({}),
      sessions: await startSessionCache(handle),
      answers: await startAnswerCaches(handle),
    });
    try {
      await app.ready();
      const user = await createUser(handle.db, { level: 'Certificates' });
      const headers = { authorization: `Bearer ${await createSession(handle.db, { userId: user.id, ip: '127.0.0.1' })}` };
      const list = await app.inject({ method: 'GET', url: '/api/CaseDuplicates', headers });
      expect(list.statusCode).toBe(200);
      const groups = list.json<CaseDuplicateList>().groups.map((group) => group.items.map((item) => [item.stampedId, item.marked]));
      expect(groups).toEqual([
        [
          ['Load-7', false],
          ['LOAD-7', true],
        ],
        [
          ['NSD-R4-076-0053', false],
          ['nsd-r4-076-0053', true],
        ],
      ]);
      // Each spelling opens its own item; any other spelling the one in the unique index.
      const open = async (id: string) =>
        (await app.inject({ method: 'GET', url: `/api/Equipment/Item/${id}`, headers })).json<{ rowId: number }>().rowId;
      expect(await open('nsd-r4-076-0053')).toBe(typedLower);
      expect(await open('NSD-R4-076-0053')).toBe(linked);
      expect(await open('Nsd-R4-076-0053')).toBe(linked);

      // Renaming the unmarked one of a pair puts the other back in the unique index.
      const renamed = await app.inject({
        method: 'PUT',
        url: `/api/CaseDuplicates/${loadOld}`,
        headers,
        payload: { stampedId: 'LOAD-7B' },
      });
      expect(renamed.json()).toEqual({ id: loadOld, stampedId: 'LOAD-7B' });
      const after = await app.inject({ method: 'GET', url: '/api/CaseDuplicates', headers });
      expect(after.json<CaseDuplicateList>().groups.flatMap((group) => group.items.map((item) => item.stampedId))).toEqual([
        'NSD-R4-076-0053',
        'nsd-r4-076-0053',
      ]);
      expect((await marks()).filter((row) => row.case_duplicate).map((row) => row.stamped_id)).toEqual(['nsd-r4-076-0053']);
      const { rows: history } = await handle.pool.query(
        'select stamped_id, changed_by from equipment_history where equipment_id = $1 order by id',
        [loadOld],
      );
      expect(history).toEqual([{ stamped_id: 'LOAD-7B', changed_by: user.email }]);
      // A rename to an id that is taken in another case is refused.
      const taken = await app.inject({
        method: 'PUT',
        url: `/api/CaseDuplicates/${typedLower}`,
        headers,
        payload: { stampedId: 'alone-1' },
      });
      expect(taken.statusCode).toBe(400);
      expect(taken.json().errors).toEqual({ stampedId: [caseDuplicateMessages.taken('alone-1')] });
      expect((await handle.db.execute(sql`select count(*)::int as n from equipment`)).rows[0].n).toBe(5);
    } finally {
      await app.close();
    }
  });
});
