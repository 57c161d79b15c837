/**
 * The derived-data module (decision 067) is the only place trigger functions are written: every
 * function and trigger of the migrated database comes from exactly one file of db/derived/ (the seal
 * rules too since decision 088), and every table those functions write is a derived table with a
 * file, whose rebuild statement is its invariant check (invariants.test.ts runs each after every kind
 * of write), or a log its file's header names (`-- Writes:`).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/database.ts';
import { derivedFiles, orderDerived, parseDerived } from './files.ts';

const handle = await createTestDatabase();
afterAll(() => handle.close());
const files = derivedFiles();
const query = async <T>(text: string) => (await handle.pool.query(text)).rows as T[];

/** The functions of the public schema that no extension brought. */
const OWN_FUNCTIONS = `from pg_proc p where p.pronamespace = 'public'::regnamespace
  and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')`;

describe('db/derived', () => {
  it('defines every function of the migrated database, each in exactly one file', async () => {
    const defined = files.flatMap((file) => [...file.sql.matchAll(/^CREATE FUNCTION (\w+)\(/gm)].map((match) => match[1]));
    expect(defined.filter((name, i) => defined.indexOf(name) !== i)).toEqual([]);
    const inDatabase = await query<{ name: string }>(`select p.proname as name ${OWN_FUNCTIONS}`);
    expect(inDatabase.map((row) => row.name).sort()).toEqual([...defined].sort());
    const triggerFunctions = await query<{ name: string }>(
      `select p.proname as name ${OWN_FUNCTIONS} and p.prorettype = 'trigger'::regtype`,
    );
    expect(triggerFunctions.length).toBeGreaterThan(30);
  });

  it('runs, in every trigger, a function whose current body is the one of exactly one file', async () => {
    const bodies = files.flatMap((file) =>
      [...file.definitions.matchAll(/^CREATE FUNCTION (\w+)\([^)]*\)[^$]*? AS \$\$([\s\S]*?)\$\$/gm)].map((match) => ({
        file: file.name,
        name: match[1],
        body: match[2],
      })),
    );
    const triggerFunctions = await query<{ name: string; body: string }>(
      `select distinct p.proname as name, p.prosrc as body from pg_proc p join pg_trigger t on t.tgfoid = p.oid where not t.tgisinternal`,
    );
    expect(triggerFunctions.length).toBeGreaterThan(40);
    const definedIn = (row: { name: string; body: string }) =>
      bodies.filter((body) => body.name === row.name && body.body === row.body).map((body) => body.file);
    expect(triggerFunctions.filter((row) => definedIn(row).length !== 1).map((row) => [row.name, definedIn(row)])).toEqual([]);
    expect(triggerFunctions.map((row) => row.name)).toEqual(
      expect.arrayContaining(['seal_event_items', 'measurement_template_versions_frozen']),
    );
  });

  it('made every trigger, as recorded with the file that made it, and recorded the files as they are', async () => {
    const triggers = await query<{ object: string }>(
      `select 'trigger ' || quote_ident(t.tgname) || ' on ' || t.tgrelid::regclass::text as object from pg_trigger t where not t.tgisinternal`,
    );
    const recorded = await query<{ name: string; hash: string; objects: string[] }>('select name, hash, objects from derived_definitions');
    const recordedTriggers = recorded.flatMap((row) => row.objects.filter((object) => object.startsWith('trigger ')));
    expect(triggers.length).toBeGreaterThan(70);
    expect([...recordedTriggers].sort()).toEqual(triggers.map((row) => row.object).sort());
    expect(Object.fromEntries(recorded.map((row) => [row.name, row.hash]))).toEqual(
      Object.fromEntries(files.map((file) => [file.name, file.hash])),
    );
  });

  it('has a file with a rebuild statement, its invariant check, for every table a trigger function writes', async () => {
    const sources = await query<{ source: string }>(`select p.prosrc as source ${OWN_FUNCTIONS}`);
    const tables = new Set(
      (
        await query<{ name: string }>(`select relname as name from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r'`)
      ).map((row) => row.name),
    );
    const writes = /\b(?:INSERT INTO|UPDATE|DELETE FROM)\s+(\w+)|\bderived_(?:refresh|count)\('(\w+)'/gi;
    const written = new Set(
      sources.flatMap(({ source }) => [...source.matchAll(writes)].map((match) => match[1] ?? match[2])).filter((name) => tables.has(name)),
    );
    expect(written.size).toBeGreaterThanOrEqual(15);
    const kept = files.filter((file) => file.table && file.rebuild);
    // Logs, not derived data: the flag's history (seals.sql).
    const logs = files.flatMap((file) => [...(/^-- Writes: (\w+)/m.exec(file.sql)?.slice(1) ?? [])]);
    expect(logs).toEqual(['event_item_flag_changes']);
    expect([...written].sort()).toEqual([...kept.map((file) => file.table), ...logs].sort());
  });

  it('orders a table after the derived tables it reads, and refuses a table without a rebuild', () => {
    const names = files.map((file) => file.name);
    for (const file of files) {
      for (const source of file.sources) {
        const before = files.find((other) => other.table === source);
        if (before) expect(names.indexOf(before.name)).toBeLessThan(names.indexOf(file.name));
      }
    }
    const a = parseDerived('a', '-- Derived table: a\n-- Sources: b\nSELECT 1;\n-- Rebuild:\nSELECT 1');
    const b = parseDerived('b', '-- Derived table: b\n-- Sources: c,\n--   d\nSELECT 1;\n-- Rebuild:\nSELECT 2;');
    expect(b).toMatchObject({ sources: ['c', 'd'], rebuild: 'SELECT 2' });
    expect(orderDerived([a, b]).map((file) => file.name)).toEqual(['b', 'a']);
    expect(() => parseDerived('c', '-- Derived table: c\nSELECT 1;')).toThrow(/no "-- Rebuild:"/);
  });
});
