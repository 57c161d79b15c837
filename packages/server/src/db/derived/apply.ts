/**
 * Applies the derived-data files (files.ts, decision 067) after the schema migrations: each file whose
 * hash differs from the one recorded in derived_definitions has its recorded functions and triggers
 * dropped and is run again; then each such file's table is rebuilt from live rows (rebuild.ts), in
 * the files' order, and the file is recorded with the objects it created. A file no longer in the code
 * has its objects dropped. All in one transaction: concurrent writers wait for it (creating a trigger
 * locks its table), and the rebuild sees every write committed before.
 */
import { type DerivedFile, derivedFiles, orderDerived, parseDerived } from './files.ts';
import { type RebuildResult, rebuildTable } from './rebuild.ts';

/** What runs the statements: a pg client, or an adapter over PGlite (a text of several statements runs as a script). */
export interface SqlRunner {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

/** A definition as recorded, and as a full backup carries it. */
export interface DerivedDefinition {
  name: string;
  hash: string;
  sql: string;
}

export interface AppliedFile {
  name: string;
  table?: string;
  rebuild?: RebuildResult;
}

/** The functions and triggers of the public schema, as `function <signature>` and `trigger <name> on <table>`. */
async function catalogObjects(db: SqlRunner): Promise<string[]> {
  const { rows } = await db.query<{ object: string }>(`
    select 'function ' || p.oid::regprocedure::text as object from pg_proc p
    where p.pronamespace = 'public'::regnamespace
      and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
    union all
    select 'trigger ' || quote_ident(t.tgname) || ' on ' || t.tgrelid::regclass::text from pg_trigger t
    where not t.tgisinternal`);
  return rows.map((row) => row.object);
}

/** The triggers among recorded objects, as [name, table]. */
const triggersOf = (objects: string[]) =>
  objects.flatMap((object) => {
    const match = /^trigger (.+) on (.+)$/.exec(object);
    return match ? [[match[1], match[2]] as const] : [];
  });

/** Drops triggers before the functions they run. */
async function dropObjects(db: SqlRunner, objects: string[]) {
  for (const [name, table] of triggersOf(objects)) await db.query(`DROP TRIGGER IF EXISTS ${name} ON ${table}`);
  for (const object of objects.filter((o) => o.startsWith('function '))) {
    await db.query(`DROP FUNCTION IF EXISTS ${object.slice('function '.length)}`);
  }
}

/**
 * The functions a file creates (`CREATE FUNCTION name(`) that exist already, made by no file: a rule
 * a migration made before its definition moved here (the seal rules, decision 088). With the triggers
 * that run them, as `function <signature>` and `trigger <name> on <table>`.
 */
async function adoptedObjects(db: SqlRunner, file: DerivedFile, recordedObjects: Set<string>): Promise<string[]> {
  const names = [...file.definitions.matchAll(/^CREATE FUNCTION (\w+)\(/gm)].map((match) => match[1]);
  if (names.length === 0) return [];
  const { rows } = await db.query<{ object: string }>(
    `with adopted as (select p.oid from pg_proc p where p.pronamespace = 'public'::regnamespace and p.proname = any($1))
     select 'trigger ' || quote_ident(t.tgname) || ' on ' || t.tgrelid::regclass::text as object
       from pg_trigger t where not t.tgisinternal and t.tgfoid in (select oid from adopted)
     union all
     select 'function ' || oid::regprocedure::text from adopted`,
    [names],
  );
  return rows.map((row) => row.object).filter((object) => !recordedObjects.has(object));
}

export async function hasDerivedTable(db: SqlRunner): Promise<boolean> {
  const { rows } = await db.query<{ t: string | null }>(`select to_regclass('derived_definitions')::text as t`);
  return rows[0].t !== null;
}

async function recorded(db: SqlRunner): Promise<Map<string, { hash: string; objects: string[] }> | null> {
  if (!(await hasDerivedTable(db))) return null;
  const { rows } = await db.query<{ name: string; hash: string; objects: string[] }>('select name, hash, objects from derived_definitions');
  return new Map(rows.map((row) => [row.name, row]));
}

/**
 * Before the schema migrations. A database migrated before derived_definitions existed has every
 * trigger function from the old migrations: in the run whose migrations create derived_definitions
 * they go (with their triggers), so older migrations run on plain tables and the files bring the
 * current definitions afterwards. Otherwise, when migrations
 * are pending, the objects of changed or removed files go, so no outdated trigger fires while the
 * schema changes under it.
 */
export async function beforeMigrations(
  db: SqlRunner,
  options: { pending: boolean; creatingDerived: boolean; files?: DerivedFile[] },
): Promise<void> {
  const applied = await recorded(db);
  if (applied ? !options.pending : !options.creatingDerived) return;
  const files = options.files ?? derivedFiles();
  await db.query('begin');
  try {
    if (!applied) {
      await dropObjects(db, await catalogObjects(db));
    } else {
      const current = new Map(files.map((file) => [file.name, file.hash]));
      for (const [name, { hash, objects }] of applied) {
        if (current.get(name) !== hash) await dropObjects(db, objects);
      }
    }
    await db.query('commit');
  } catch (error) {
    await db.query('rollback');
    throw error;
  }
}

/**
 * After the schema migrations: applies and rebuilds what changed. Does nothing on a schema older
 * than derived_definitions (a test's older migrations). `force` rebuilds those tables even if unchanged.
 */
export async function applyDerived(
  db: SqlRunner,
  options: { files?: DerivedFile[]; force?: readonly string[]; onRebuilt?: (file: AppliedFile) => void } = {},
): Promise<AppliedFile[]> {
  const files = options.files ?? derivedFiles();
  const applied = await recorded(db);
  if (!applied) return [];
  const changed = files.filter((file) => applied.get(file.name)?.hash !== file.hash || options.force?.includes(file.name));
  const removed = [...applied.keys()].filter((name) => !files.some((file) => file.name === name));
  if (changed.length === 0 && removed.length === 0) return [];
  await db.query('begin');
  try {
    for (const name of removed) {
      await dropObjects(db, applied.get(name)?.objects ?? []);
      await db.query('delete from derived_definitions where name = $1', [name]);
    }
    const objects = new Map<string, string[]>();
    const recordedObjects = new Set([...applied.values()].flatMap((row) => row.objects));
    for (const file of changed) {
      const previous = applied.get(file.name);
      if (previous?.hash !== file.hash) {
        // A file applied for the first time replaces what a migration made of the same names, in this transaction.
        await dropObjects(db, previous ? previous.objects : await adoptedObjects(db, file, recordedObjects));
        const before = new Set(await catalogObjects(db));
        await db.query(file.definitions);
        objects.set(file.name, (await catalogObjects(db)).filter((object) => !before.has(object)).sort());
      }
    }
    const results: AppliedFile[] = [];
    for (const file of changed) {
      const result: AppliedFile = { name: file.name, table: file.table };
      if (file.table) result.rebuild = await rebuildTable(db, file);
      options.onRebuilt?.(result);
      results.push(result);
    }
    for (const [name, created] of objects) {
      const file = files.find((f) => f.name === name) as DerivedFile;
      await db.query(
        `insert into derived_definitions (name, hash, sql, objects) values ($1, $2, $3, $4)
         on conflict (name) do update set hash = excluded.hash, sql = excluded.sql, objects = excluded.objects, applied_at = now()`,
        [file.name, file.hash, file.sql, created],
      );
    }
    await db.query('commit');
    return results;
  } catch (error) {
    await db.query('rollback');
    throw error;
  }
}

/** The definitions recorded in the database (what a full backup carries). */
export async function recordedDefinitions(db: SqlRunner): Promise<DerivedDefinition[]> {
  if (!(await recorded(db))) return [];
  const { rows } = await db.query<DerivedDefinition>('select name, hash, sql from derived_definitions order by name');
  return rows;
}

/** Files from recorded definitions (a backup's), in order. */
export function definitionFiles(definitions: DerivedDefinition[]): DerivedFile[] {
  return orderDerived(definitions.map((definition) => parseDerived(definition.name, definition.sql)));
}

/**
 * Runs `load` with the triggers of the named derived files switched off, then rebuilds their tables
 * (whose own triggers then carry the result on): a bulk load, such as the scale seed's 2M event items
 * in ten statements, computes each such table once instead of once per statement. For a seed on its
 * own connection only: switching a trigger off locks its table, and other writers would go uncounted.
 */
export async function withDerivedDeferred<T>(db: SqlRunner, names: readonly string[], load: () => Promise<T>): Promise<T> {
  const { rows } = await db.query<{ objects: string[] }>('select objects from derived_definitions where name = any($1)', [names]);
  const triggers = triggersOf(rows.flatMap((row) => row.objects));
  for (const [name, table] of triggers) await db.query(`ALTER TABLE ${table} DISABLE TRIGGER ${name}`);
  let result: T;
  try {
    result = await load();
  } finally {
    for (const [name, table] of triggers) await db.query(`ALTER TABLE ${table} ENABLE TRIGGER ${name}`);
  }
  for (const file of derivedFiles().filter((f) => names.includes(f.name) && f.table)) {
    await db.query('begin');
    try {
      await rebuildTable(db, file);
      await db.query('commit');
    } catch (error) {
      await db.query('rollback');
      throw error;
    }
  }
  return result;
}
