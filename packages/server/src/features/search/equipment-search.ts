/**
 * The equipment search's SQL (GET /Equipment, /Equipment/Search, /Equipment/autocomplete): the exact
 * stamped id, then the ids that begin with the term, then the ids that contain it further in, and how
 * many match (to LOOKUP_COUNT_LIMIT + 1). Every statement is prepared once per variant (scope kind,
 * type filter; db/prepared.ts), its values as placeholders.
 *
 * The count is split the same way as the rows, so each part comes from the index that serves it:
 * "begins with" is a range of the unique btree (an index-only count that stops at the cap), and only
 * when that stays under the cap are the other matches counted with the trigram index; when the rows
 * need the "contains" part anyway, its count comes with it (a window count over the matches the sort
 * reads). Before, one `ILIKE '%term%'` count covered both, and for 'SC-0012' (10,000 matches, all
 * prefixes) PostgreSQL chose a sequential scan that stops at 1,001 matches, which start 117,000 rows in.
 * EXPLAIN figures: docs/search.md and docs/performance.md, 'Figures behind the code'.
 */
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { OwnerScope } from '../../auth/scope.ts';
import type { Executor } from '../../db/client.ts';
import { itemInScope } from '../../db/equipment-scope.ts';
import { UNNAMED } from '../../db/prepared.ts';
import { certificateSubTypes, certificates, certificateTypes, dimensions, equipment, owners } from '../../db/schema.ts';
import { preparedScope } from '../../db/scope.ts';
import { sameStampedId } from '../../db/stamped-ids.ts';
import {
  beginsWith,
  CAP,
  cappedPage,
  catalogueNames,
  containsTerm,
  firstRows,
  p,
  preparedRunner,
  termKind,
  termValues,
} from './search-sql.ts';

export interface EquipmentSearch {
  term: string;
  scope: OwnerScope;
  limit: number;
  /** A certificate type's name, any case. */
  typeName?: string;
}

/** The placeholders' values for a search. */
const valuesOf = (search: EquipmentSearch) => ({
  ...termValues(search.term, search.scope, search.limit),
  typeName: search.typeName ?? '',
});
type Values = ReturnType<typeof valuesOf>;

const stampedId = equipment.stampedId;
const startsWithTerm = beginsWith(stampedId);
const containsElsewhere = and(containsTerm(stampedId), sql`not ${startsWithTerm}`);
/** The id in any case (equipment_stamped_id_lower_idx). */
const exactly = sameStampedId(stampedId, p('term'));
/** Byte order ("C"), which no index serves: the trigram matches are read and sorted, not the unique index walked. */
const byteOrder = sql`${stampedId} collate "C"`;

/** Equipment of the caller's owners and unlinked equipment (no owner), of a type when one is named. */
function filterOf(search: EquipmentSearch): SQL | undefined {
  return and(
    itemInScope(search.scope, equipment.certificateId, certificates.ownerId, preparedScope(certificates.ownerId, search.scope).where),
    search.typeName ? sql`lower(${certificateTypes.name}) = lower(${p('typeName')})` : undefined,
  );
}
const variantOf = (search: EquipmentSearch) =>
  `${preparedScope(certificates.ownerId, search.scope).key}.${search.typeName ? 'type' : 'any'}`;

const columns = {
  id: equipment.id,
  stampedId,
  hidden: equipment.hidden,
  length: equipment.length,
  comment: equipment.comment,
  certificateId: certificates.id,
  certificateNumber: certificates.certificateNumber,
  ...catalogueNames,
};

/** The rows with their certificate, owner and catalogue names; `matches` is the "contains" page's count. */
function fromEquipment(db: Executor, matches: SQL<number> = sql<number>`0`) {
  return db
    .select({ ...columns, matches })
    .from(equipment)
    .leftJoin(certificates, eq(certificates.id, equipment.certificateId))
    .leftJoin(certificateTypes, eq(certificateTypes.id, certificates.typeId))
    .leftJoin(owners, eq(owners.id, certificates.ownerId))
    .leftJoin(certificateSubTypes, eq(certificateSubTypes.id, certificates.subTypeId))
    .leftJoin(dimensions, eq(dimensions.id, certificates.dimensionId));
}

/** The first rows of one part (exact or begins with), in stamped id order. */
const partQuery = (db: Executor, search: EquipmentSearch, part: SQL) =>
  fromEquipment(db)
    .where(and(part, filterOf(search)))
    .orderBy(asc(stampedId))
    .limit(p('limit'))
    .prepare(UNNAMED);

/** How many items of a part match, up to `cap` (the count's subquery reads the filter's joins only). */
function countQuery(db: Executor, search: EquipmentSearch, part: SQL | undefined) {
  const matches = db
    .select({ one: equipment.id })
    .from(equipment)
    .leftJoin(certificates, eq(certificates.id, equipment.certificateId))
    .leftJoin(certificateTypes, eq(certificateTypes.id, certificates.typeId))
    .where(and(part, filterOf(search)))
    .limit(p('cap'))
    .as('matches');
  return db.select({ n: sql<number>`count(*)::int` }).from(matches).prepare(UNNAMED);
}

/**
 * The "contains elsewhere" rows of the page and how many there are, up to `cap` (cappedPage): the
 * matches are read from the trigram bitmap up to `cap` and the page sorted from those, by stamped id
 * (issue 27: sorting every match of '0042' grew with the register). The names are joined for the
 * page's rows only.
 */
function containsQuery(db: Executor, search: EquipmentSearch) {
  const found = db
    .select({ id: sql<number>`${equipment.id}`.as('found_id'), stampedId: sql<string>`${stampedId}`.as('found_stamped_id') })
    .from(equipment)
    .leftJoin(certificates, eq(certificates.id, equipment.certificateId))
    .leftJoin(certificateTypes, eq(certificateTypes.id, certificates.typeId))
    .where(and(containsElsewhere, filterOf(search)))
    .limit(p('cap'))
    .as('found');
  const page = cappedPage(db, found, found.id, [sql`${found.stampedId} collate "C"`]);
  return fromEquipment(db, sql<number>`${page.n}`).innerJoin(page, eq(page.id, equipment.id)).orderBy(byteOrder).prepare(UNNAMED);
}

type Row = Awaited<ReturnType<ReturnType<typeof partQuery>['execute']>>[number];

/**
 * The first `limit` items and, with `count`, how many match up to LOOKUP_COUNT_LIMIT + 1. A term of 2
 * characters has no trigram: it matches ids that begin with it only.
 */
export async function searchEquipmentRows(
  db: Executor,
  search: EquipmentSearch,
  { count }: { count: boolean },
): Promise<{ rows: Row[]; total: number }> {
  const key = `lookups.equipment.${variantOf(search)}`;
  const run = preparedRunner<Values>(db, key, valuesOf(search));
  const [exact, prefixed, prefixCount] = await Promise.all([
    run('exact', () => partQuery(db, search, exactly)),
    run('prefixed', () => partQuery(db, search, startsWithTerm)),
    count ? run('prefixCount', () => countQuery(db, search, startsWithTerm)).then(([row]) => row.n) : 0,
  ]);
  const first = firstRows(exact, prefixed, search.limit);
  if (termKind(search.term) === 'begins') return { rows: first, total: prefixCount };
  const pageFull = first.length === search.limit;
  if (pageFull && (!count || prefixCount >= CAP)) return { rows: first, total: prefixCount };
  if (pageFull) {
    const [rest] = await run('containsCount', () => countQuery(db, search, containsElsewhere));
    return { rows: first, total: prefixCount + rest.n };
  }
  const inside = await run('contains', () => containsQuery(db, search));
  return { rows: firstRows(first, inside, search.limit), total: prefixCount + (inside[0]?.matches ?? 0) };
}
