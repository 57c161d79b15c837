import type { EquipmentTagQuery, TagLine } from '@portal/contract';
import { asc, ilike, inArray, or, sql } from 'drizzle-orm';
import type { createdBy } from '../../db/audit.ts';
import type { Executor } from '../../db/client.ts';
import { selectPage } from '../../db/paging.ts';
import { equipmentTags } from '../../db/schema.ts';

/** Rows per INSERT: 7 parameters each stays far below PostgreSQL's 65,535. */
const CHUNK = 1000;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One page of tags by stamped id, then tag (unique together, so the order is total). */
export function selectTagPage(db: Executor, query: EquipmentTagQuery) {
  const pattern = query.search ? `%${escapeLike(query.search)}%` : undefined;
  return selectPage(db, {
    from: equipmentTags,
    id: equipmentTags.id,
    where: pattern ? or(ilike(equipmentTags.stampedId, pattern), ilike(equipmentTags.tag, pattern)) : undefined,
    orderBy: [asc(equipmentTags.stampedId), asc(equipmentTags.tag)],
    page: query.page,
    pageSize: query.pageSize,
    rows: (ids: number[]) => db.select().from(equipmentTags).where(inArray(equipmentTags.id, ids)),
    idOf: (row) => row.id,
  });
}

/**
 * Inserts new (stampedId, tag) pairs and sets the colour of existing ones; a pair whose colour is
 * already right is left alone (its audit columns keep their values). Answers the counts.
 */
export async function upsertTags(tx: Executor, options: { lines: TagLine[]; audit: ReturnType<typeof createdBy> }) {
  let created = 0;
  let updated = 0;
  for (let start = 0; start < options.lines.length; start += CHUNK) {
    const values = options.lines.slice(start, start + CHUNK).map((line) => ({ ...line, ...options.audit }));
    const rows = await tx
      .insert(equipmentTags)
      .values(values)
      .onConflictDoUpdate({
        target: [equipmentTags.stampedId, equipmentTags.tag],
        set: { color: sql`excluded.color`, updatedBy: options.audit.updatedBy, updatedAt: options.audit.updatedAt },
        setWhere: sql`${equipmentTags.color} is distinct from excluded.color`,
      })
      // xmax is 0 for a row this statement inserted, and set for one it updated.
      .returning({ inserted: sql<boolean>`(xmax = 0)` });
    for (const row of rows) {
      if (row.inserted) created++;
      else updated++;
    }
  }
  return { created, updated };
}
