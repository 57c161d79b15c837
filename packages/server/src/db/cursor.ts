/**
 * Reads a large result in batches through a server-side cursor, so an export of 100,000 rows never
 * holds more than one batch in memory (the caller writes each batch out before the next is fetched).
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from './client.ts';

export async function forEachBatch<Row = Record<string, unknown>>(
  db: Executor,
  query: SQL,
  onBatch: (rows: Row[]) => Promise<void> | void,
  batchSize = 5000,
): Promise<void> {
  await db.transaction(async (tx) => {
    // Every row is read: plan for the whole result, not for the first tenth (PostgreSQL's cursor default).
    await tx.execute(sql`set local cursor_tuple_fraction = 1.0`);
    await tx.execute(sql`declare export_cursor no scroll cursor for ${query}`);
    for (;;) {
      const { rows } = await tx.execute(sql.raw(`fetch ${batchSize} from export_cursor`));
      if (rows.length > 0) await onBatch(rows as Row[]);
      if (rows.length < batchSize) break;
    }
    await tx.execute(sql`close export_cursor`);
  });
}
