/** A digest of every table's rows, to show that a refused or invalid call wrote nothing. */
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../src/db/client.ts';

/** Every table's content except sessions (their last-seen time moves on every signed-in call). */
export async function fingerprint(handle: DatabaseHandle): Promise<Record<string, string>> {
  const { rows } = await handle.pool.query<{ name: string }>(
    `select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'sessions' order by 1`,
  );
  const result: Record<string, string> = {};
  for (const { name } of rows) {
    const digest = sql.raw(`select md5(coalesce(string_agg(md5(r::text), '' order by md5(r::text)), '')) as md5 from "${name}" r`);
    const [row] = (await handle.db.execute<{ md5: string }>(digest)).rows;
    result[name] = row.md5;
  }
  return result;
}
