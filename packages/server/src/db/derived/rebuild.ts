/**
 * A derived table against its file's rebuild statement (files.ts): the rows it should hold, computed
 * from live rows. Rebuilding writes only the difference (rows the statement no longer gives are
 * deleted by key, missing or changed ones inserted), so the triggers of the tables derived from this
 * one follow exactly what changed and stay in step. The same comparison, read only, is the table's
 * invariant check (tableDifferences).
 */
import type { SqlRunner } from './apply.ts';
import { type DerivedFile, derivedFiles } from './files.ts';

export interface RebuildResult {
  ms: number;
  deleted: number;
  inserted: number;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The table's stored columns and its primary key, in column order. */
async function tableShape(db: SqlRunner, table: string): Promise<{ columns: string[]; key: string[] }> {
  const { rows } = await db.query<{ columns: string[]; key: string[] }>(
    `select array_agg(a.attname::text order by a.attnum) as columns,
       (select array_agg(k.attname::text order by k.attnum) from pg_index i
        join pg_attribute k on k.attrelid = i.indrelid and k.attnum = any(i.indkey)
        where i.indrelid = c.oid and i.indisprimary) as key
     from pg_class c join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
     where c.oid = $1::regclass group by c.oid`,
    [table],
  );
  if (!rows[0]?.key) throw new Error(`Derived table ${table} has no primary key`);
  return rows[0];
}

function fileTable(file: DerivedFile): { table: string; rebuild: string } {
  if (!file.table || !file.rebuild) throw new Error(`Derived file ${file.name} keeps no table`);
  return { table: file.table, rebuild: file.rebuild };
}

/** Makes the table equal to its rebuild statement's rows; run inside the caller's transaction. */
export async function rebuildTable(db: SqlRunner, file: DerivedFile): Promise<RebuildResult> {
  const started = performance.now();
  const { table, rebuild } = fileTable(file);
  const { columns, key } = await tableShape(db, table);
  const list = columns.map(quote).join(', ');
  const target = quote(table);
  await db.query(`create temp table derived_fresh as ${rebuild}`);
  try {
    const gone = await db.query<{ n: number }>(
      `with gone as (
         delete from ${target} t using (select ${list} from ${target} except select ${list} from derived_fresh) g
         where ${key.map((k) => `t.${quote(k)} = g.${quote(k)}`).join(' and ')} returning 1)
       select count(*)::int as n from gone`,
    );
    const added = await db.query<{ n: number }>(
      `with added as (
         insert into ${target} (${list})
         select ${list} from (select ${list} from derived_fresh except select ${list} from ${target}) f order by ${key.map(quote).join(', ')}
         returning 1)
       select count(*)::int as n from added`,
    );
    return { ms: Math.round(performance.now() - started), deleted: gone.rows[0].n, inserted: added.rows[0].n };
  } finally {
    await db.query('drop table if exists derived_fresh');
  }
}

/**
 * The rows where the table and its rebuild statement differ: `stored` rows the statement does not
 * give (rows matching the file's "Empty rows" condition may stay), `rebuilt` rows the table lacks.
 */
export async function tableDifferences(db: SqlRunner, file: DerivedFile): Promise<Record<string, unknown>[]> {
  const { table, rebuild } = fileTable(file);
  const { columns } = await tableShape(db, table);
  const list = columns.map(quote).join(', ');
  const target = quote(table);
  const kept = file.empty ? ` where not (${file.empty})` : '';
  const { rows } = await db.query(
    `with fresh as (${rebuild})
     select 'stored' as side, s.* from (select ${list} from ${target}${kept} except select ${list} from fresh) s
     union all
     select 'rebuilt', r.* from (select ${list} from fresh except select ${list} from ${target}) r
     limit 20`,
  );
  return rows;
}

/** Every derived table's differences from its rebuild statement, by table; empty when all are in step. */
export async function derivedDifferences(db: SqlRunner, files = derivedFiles()): Promise<Record<string, unknown[]>> {
  const differences: Record<string, unknown[]> = {};
  for (const file of files.filter((f) => f.table)) {
    const rows = await tableDifferences(db, file);
    if (rows.length) differences[file.table as string] = rows;
  }
  return differences;
}
