/**
 * The read helper (db/read.ts, decision 090): rows mapped by declared name, kinds checked, nested lists;
 * and the rule that holds it in place: nothing under src/ reads a row by position, and nothing but
 * db/read.ts runs raw SQL on an executor (`.execute(` on a statement, whatever the executor is called):
 * the rest reads through the helper, writes through the builder, and uses db/read.ts's `run` (a statement
 * whose rows are not read) or `sheetRows` (rows a statement names itself: a sheet, a cursor, a seal).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.ts';
import type { DatabaseHandle } from './client.ts';
import { bool, date, defineRead, int, isoUtc, list, num, readRow, readRows, renderRead, text, textArray } from './read.ts';

const src = path.resolve(import.meta.dirname, '..');

/** A row read by position: `row[3]`, `rows[0][16]`, or an indexed value cast (`rows[0] as T`). */
const POSITIONAL = /\brow\[\d+\]|\brows\[\d+\]\[|\[\d+\] as /;
/**
 * Raw SQL on an executor, whatever it is called (`db.execute(sql`, `tx.execute<Row>(`, `handle.db.execute(query)`,
 * `executor.execute(`). An executor's `execute` takes a statement (a `sql` template, or a variable or call
 * holding one), often with a row type `<...>`; a prepared builder query's `execute` (db/prepared.ts) takes
 * its placeholders' values: nothing, or an object literal (`.execute()`, `.execute({ id })`). So a call
 * with a type argument, or with an argument that does not open an object, is raw SQL. A call that breaks
 * its line after `execute(` counts as raw too: write a prepared query's values on the same line.
 */
const EXECUTE = /\.execute\s*(?:<|\(\s*(?![\s{)]))/;

/** Every .ts file under src/ but tests (whose `row[0]` are spreadsheet cells of an export). */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

const lines = (file: string) => readFileSync(file, 'utf8').split('\n');

describe('one way to read rows (issue 22 part 2)', () => {
  it('reads no row by position anywhere under src/', () => {
    const offenders = sources(src).flatMap((file) =>
      lines(file).flatMap((line, i) => (POSITIONAL.test(line) ? [`${path.relative(src, file)}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(offenders).toEqual([]);
  });

  it('runs raw SQL on an executor only in db/read.ts', () => {
    const offenders = sources(src).flatMap((file) => {
      const name = path.relative(src, file);
      if (name === 'db/read.ts') return [];
      return lines(file).flatMap((line, i) => (EXECUTE.test(line) ? [`${name}:${i + 1}: ${line.trim()}`] : []));
    });
    expect(offenders).toEqual([]);
  });

  it('tells raw SQL on an executor from a prepared builder query', () => {
    const raw = [
      'await db.execute(sql`select 1`);',
      'tx.execute<{ n: number }>(query)',
      'handle.db.execute(',
      'await executor.execute(statement)',
      'database.execute<Row>(sql`x`)',
    ];
    const prepared = [
      'prepared(db, key, build).execute({ id })',
      'await query.execute();',
      ').execute({ ...values })',
      "type Row = ReturnType<typeof q>['execute']",
    ];
    expect(raw.filter((line) => !EXECUTE.test(line))).toEqual([]);
    expect(prepared.filter((line) => EXECUTE.test(line))).toEqual([]);
  });
});

describe('readRows', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('maps each declared column to its name, with its kind cast in SQL, nested lists alike', async () => {
    const read = defineRead('read.test.kinds', () => ({
      columns: {
        id: int(sql`v.id`),
        name: text(sql`v.name`),
        length: num.orNull(sql`v.length`),
        on: bool(sql`v.flag`),
        day: date(sql`v.day`),
        at: isoUtc(sql`v.at`),
        tags: textArray(sql`array['a', 'b']`),
        items: list(
          { n: int(sql`g`), label: text(sql`'#' || g`), day: date(sql`v.day + g`) },
          sql`from generate_series(1, v.id) g`,
          sql`g desc`,
        ),
      },
      from: sql`from (values (2, 'two', 12.50, true, date '2026-11-28', timestamptz '2026-11-28 10:11:12.345678+00'),
        (1, 'one', null, false, date '2026-01-01', timestamptz '2026-01-01 00:00:00+00')) v(id, name, length, flag, day, at)
        where v.id <= ${sql.placeholder('max')} order by v.id desc`,
    }));
    expect(await readRows(handle.db, read, { max: 2 })).toEqual([
      {
        id: 2,
        name: 'two',
        length: 12.5,
        on: true,
        day: '2026-11-28',
        at: '2026-11-28T10:11:12.345Z',
        tags: ['a', 'b'],
        items: [
          { n: 2, label: '#2', day: '2026-11-30' },
          { n: 1, label: '#1', day: '2026-11-29' },
        ],
      },
      {
        id: 1,
        name: 'one',
        length: null,
        on: false,
        day: '2026-01-01',
        at: '2026-01-01T00:00:00.000Z',
        tags: ['a', 'b'],
        items: [{ n: 1, label: '#1', day: '2026-01-02' }],
      },
    ]);
    // Rendered once: the same name gives the same read, whatever the builder would make now.
    expect(defineRead('read.test.kinds', () => ({ columns: {}, from: sql`` }))).toBe(read);
    expect(await readRow(handle.db, read, { max: 0 })).toBeUndefined();
  });

  it('casts to the declared kind, so the driver hands back what the type says', async () => {
    const row = await readRow(
      handle.db,
      renderRead('read.test.casts', { columns: { n: int(sql`count(*)`), t: text(sql`42`) }, from: sql`from generate_series(1, 3)` }),
    );
    expect(row).toEqual({ n: 3, t: '42' });
  });

  it('fails under test on a null in a column not declared orNull', async () => {
    const read = renderRead('read.test.null', { columns: { name: text(sql`null`) }, from: sql`` });
    await expect(readRows(handle.db, read)).rejects.toThrow('read read.test.null: column name (text) is null');
    const nested = renderRead('read.test.nestedNull', {
      columns: { xs: list({ x: int(sql`null`) }, sql`from generate_series(1, 1)`) },
      from: sql``,
    });
    await expect(readRows(handle.db, nested)).rejects.toThrow('column x (int) is null');
  });

  it("refuses a read rendered once whose values are not placeholders (they would be the first call's forever)", () => {
    expect(() => defineRead('read.test.literal', () => ({ columns: { n: int(sql`${5}`) }, from: sql`` }))).toThrow(
      'read read.test.literal: its values must be sql.placeholder',
    );
  });
});
