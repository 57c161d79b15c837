/**
 * Writes stay linear in the rows they touch (decision 054).
 *
 * Trigger statements that join the two transition tables are planned on every firing (EXECUTE, db/derived/,
 * decision 054): a PL/pgSQL statement keeps the plan of its first run on a connection, and a join of
 * new_rows and old_rows first planned on an empty firing keeps a nested loop, quadratic in the rows of
 * every later statement.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.ts';

const handle = await createTestDatabase();
afterAll(() => handle.close());

/** A join between new_rows and old_rows (either order) in a statement's text. */
const TRANSITION_JOIN = /\b(new|old)_rows\s+\w+\s+join\s+(new|old)_rows\b/i;

describe('trigger functions', () => {
  it('join new_rows with old_rows only inside EXECUTE', async () => {
    const { rows } = await handle.pool.query<{ name: string; source: string }>(
      `select p.proname as name, p.prosrc as source from pg_proc p join pg_language l on l.oid = p.prolang
       where l.lanname = 'plpgsql' and p.prorettype = 'trigger'::regtype and p.pronamespace = 'public'::regnamespace`,
    );
    expect(rows.length).toBeGreaterThan(10);
    const planInOnce = rows.filter(({ source }) => TRANSITION_JOIN.test(source.replace(/EXECUTE \$q\$[\s\S]*?\$q\$/g, '')));
    expect(planInOnce.map(({ name }) => name)).toEqual([]);
  });

  it('the check sees a static join', () => {
    expect(TRANSITION_JOIN.test('PERFORM f(array(SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id))')).toBe(true);
    expect(TRANSITION_JOIN.test('SELECT id FROM new_rows UNION SELECT id FROM old_rows')).toBe(false);
  });
});

describe('foreign keys', () => {
  it('that cascade or set null on delete have an index led by their column', async () => {
    // Without one, each deleted parent row reads the whole child table: deleting 180 event items took
    // 6.8 s on the scale set (equipment_latest_status.event_item_id), 2,000 items 129 s.
    const { rows } = await handle.pool.query<{ key: string }>(
      `select c.conrelid::regclass || '.' || a.attname as key
       from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
       where c.contype = 'f' and c.confdeltype in ('c', 'n') and c.connamespace = 'public'::regnamespace
         and not exists (select 1 from pg_index i where i.indrelid = c.conrelid and i.indkey[0] = c.conkey[1])`,
    );
    expect(rows.map(({ key }) => key)).toEqual([]);
  });
});
