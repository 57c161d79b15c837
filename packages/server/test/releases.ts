/**
 * An older release of the portal as committed fixtures hold it: its migrations (journal and SQL) and,
 * for releases after decision 067, its derived files. `folder(count)` writes its first `count`
 * migrations in drizzle's folder layout.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type pg from 'pg';
import { type DerivedFile, orderDerived, parseDerived } from '../src/db/derived/files.ts';

export interface Release {
  journal: { entries: { tag: string }[] };
  files: Record<string, string>;
  derived?: Record<string, string>;
}

export function release(fixture: string) {
  const data = JSON.parse(gunzipSync(readFileSync(path.join(import.meta.dirname, 'fixtures', fixture))).toString('utf8')) as Release;
  const root = mkdtempSync(path.join(os.tmpdir(), 'portal-release-'));
  return {
    ...data,
    /** Its derived files, in order (none before decision 067). */
    derivedFiles: (): DerivedFile[] => orderDerived(Object.entries(data.derived ?? {}).map(([name, sql]) => parseDerived(name, sql))),
    folder(count = data.journal.entries.length): string {
      const folder = path.join(root, String(count));
      mkdirSync(path.join(folder, 'meta'), { recursive: true });
      const entries = data.journal.entries.slice(0, count);
      writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...data.journal, entries }));
      for (const { tag } of entries) writeFileSync(path.join(folder, `${tag}.sql`), data.files[tag]);
      return folder;
    },
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** Every own function of a database (none an extension brought): its signature and body, by signature. */
export const functionBodies = async (pool: pg.Pool) =>
  (
    await pool.query<{ name: string; body: string }>(
      `select p.oid::regprocedure::text as name, p.prosrc as body from pg_proc p where p.pronamespace = 'public'::regnamespace
       and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
       order by 1`,
    )
  ).rows;
