import type { EquipmentTagQuery, TagLine } from '@portal/contract';
import { and, asc, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { OwnerScope } from '../../auth/scope.ts';
import type { createdBy } from '../../db/audit.ts';
import type { Executor } from '../../db/client.ts';
import { itemInScope } from '../../db/equipment-scope.ts';
import { escapeLike } from '../../db/like.ts';
import { selectPage } from '../../db/paging.ts';
import { readRows, renderRead, text } from '../../db/read.ts';
import { equipmentTags } from '../../db/schema.ts';
import { coversEveryOwner } from '../../db/scope.ts';

/** Rows per INSERT: 7 parameters each stays far below PostgreSQL's 65,535. */
const CHUNK = 1000;

/**
 * Tags follow their item's owner (docs/security.md rule 28): a tag is the caller's unless its stamped
 * id is an item on a certificate of an owner outside the scope. Unlinked items and stamped ids no item
 * has yet have no owner.
 */
function tagInScope(stampedId: SQL | typeof equipmentTags.stampedId, scope: OwnerScope): SQL | undefined {
  if (coversEveryOwner(scope)) return undefined;
  return sql`not exists (select 1 from equipment q join certificates c on c.id = q.certificate_id
    where q.stamped_id = ${stampedId} and not ${itemInScope(scope)})`;
}

/** One page of tags by stamped id, then tag (unique together, so the order is total). */
export function selectTagPage(db: Executor, query: EquipmentTagQuery, scope: OwnerScope) {
  const pattern = query.search ? `%${escapeLike(query.search)}%` : undefined;
  return selectPage(db, {
    from: equipmentTags,
    id: equipmentTags.id,
    where: and(
      pattern ? or(ilike(equipmentTags.stampedId, pattern), ilike(equipmentTags.tag, pattern)) : undefined,
      tagInScope(equipmentTags.stampedId, scope),
    ),
    orderBy: [asc(equipmentTags.stampedId), asc(equipmentTags.tag)],
    page: query.page,
    pageSize: query.pageSize,
    rows: (ids: number[]) => db.select().from(equipmentTags).where(inArray(equipmentTags.id, ids)),
    idOf: (row) => row.id,
  });
}

/** Of these stamped ids, those the caller may not tag: items of owners outside the scope. */
export async function selectUnavailable(db: Executor, stampedIds: string[], scope: OwnerScope): Promise<Set<string>> {
  if (coversEveryOwner(scope)) return new Set();
  const read = renderRead('equipmentTags.unavailable', {
    columns: { stampedId: text(sql`v.stamped_id`) },
    from: sql`from unnest(${sql.param(stampedIds)}::text[]) as v(stamped_id) where not (${tagInScope(sql`v.stamped_id`, scope)})`,
  });
  return new Set((await readRows(db, read)).map((row) => row.stampedId));
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
