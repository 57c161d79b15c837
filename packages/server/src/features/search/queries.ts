/**
 * The stamped id availability check (the searches: equipment-search.ts, certificate-search.ts).
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { prepared, UNNAMED } from '../../db/prepared.ts';
import { equipment } from '../../db/schema.ts';
import { sameStampedId } from '../../db/stamped-ids.ts';

/** Whether any item has this stamped id, in any case (db/stamped-ids.ts). */
export async function stampedIdTaken(db: Executor, stampedId: string): Promise<boolean> {
  // Prepared once (db/prepared.ts): the editors ask on every stamped id typed.
  const query = prepared(db, 'lookups.stampedIdTaken', () =>
    db
      .select({ id: equipment.id })
      .from(equipment)
      .where(sameStampedId(equipment.stampedId, sql.placeholder('stampedId')))
      .limit(1)
      .prepare(UNNAMED),
  );
  return (await query.execute({ stampedId })).length > 0;
}
