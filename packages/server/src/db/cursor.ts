/**
 * Reads a large result in batches through a server-side cursor, so an export of 100,000 rows never
 * holds more than two batches in memory. The next batch is fetched while the caller writes the current
 * one out (the database works while Node builds the file), and the caller's promise is awaited before
 * the batch after that is asked for, so a slow client still holds the reading back.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from './client.ts';
import { run, sheetRows } from './read.ts';

export async function forEachBatch<Row = Record<string, unknown>>(
  db: Executor,
  query: SQL,
  onBatch: (rows: Row[]) => Promise<void> | void,
  batchSize = 5000,
): Promise<void> {
  await db.transaction(async (tx) => {
    // Every row is read: plan for the whole result, not for the first tenth (PostgreSQL's cursor default).
    await run(tx, sql`set local cursor_tuple_fraction = 1.0`);
    await run(tx, sql`declare export_cursor no scroll cursor for ${query}`);
    const fetchBatch = async () => (await sheetRows(tx, sql.raw(`fetch ${batchSize} from export_cursor`))) as Row[];
    let next = fetchBatch();
    for (;;) {
      const rows = await next;
      const more = rows.length === batchSize;
      if (more) next = fetchBatch();
      if (rows.length > 0) await onBatch(rows);
      if (!more) break;
    }
    await run(tx, sql`close export_cursor`);
  });
}
