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
import { LOOKUP_COUNT_LIMIT } from '@portal/contract';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { OwnerScope } from '../../auth/scope.ts';
import type { Executor } from '../../db/client.ts';
import { itemInScope } from '../../db/equipment-scope.ts';
import { prepared, UNNAMED } from '../../db/prepared.ts';
import { certificateSubTypes, certificates, certificateTypes, dimensions, equipment, owners } from '../../db/schema.ts';
import { preparedScope } from '../../db/scope.ts';
import { sameStampedId } from '../../db/stamped-ids.ts';

export interface EquipmentSearch {
  term: string;
  scope: OwnerScope;
  limit: number;
  /** A certificate type's name, any case. */
  typeName?: string;
}

const CAP = LOOKUP_COUNT_LIMIT + 1;
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The next string after every string that begins with `prefix` (byte order of its last character + 1). */
export function prefixEnd(prefix: string): string {
  const last = prefix.codePointAt(prefix.length - 1) ?? 0;
  return prefix.slice(0, -1) + String.fromCodePoint(last + 1);
}

/** The placeholders' values for a search. */
function valuesOf(search: EquipmentSearch) {
  const upper = search.term.toUpperCase();
  return {
    term: search.term,
    prefix: upper,
    prefixEnd: prefixEnd(upper),
    pattern: `%${escapeLike(search.term)}%`,
    owners: preparedScope(certificates.ownerId, search.scope).owners,
    typeName: search.typeName ?? '',
    limit: search.limit,
    cap: CAP,
  };
}
type Values = ReturnType<typeof valuesOf>;

const p = (name: keyof Values) => sql.placeholder(name);
const stampedId = equipment.stampedId;
/**
 * A value as a sub-select. PostgreSQL plans a statement with a plain `$1` anew for each value when it
 * expects the value to change the plan (a custom plan), and these joins cost more to plan than to
 * run. A value it cannot see into gets the same plan (the btree range, the trigram bitmap) once per
 * connection.
 */
const value = (name: keyof Values) => sql`(select ${p(name)}::text)`;
/** Begins with the upper-cased term (stamped ids are written in capitals): a range of the unique btree, read in order. */
const beginsWith = sql`(${stampedId} >= ${value('prefix')} and ${stampedId} < ${value('prefixEnd')} and starts_with(${stampedId}, ${p('prefix')}))`;
const containsElsewhere = and(sql`${stampedId} ilike ${value('pattern')}`, sql`not ${beginsWith}`);
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

/** The certificate's owner and catalogue node, as both look-ups show them. */
export const catalogueNames = {
  ownerId: owners.id,
  ownerName: owners.name,
  ownerShortCode: owners.shortCode,
  ownerLabel: owners.label,
  type: certificateTypes.name,
  subType: certificateSubTypes.name,
  dimension: dimensions.name,
};

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
 * The "contains elsewhere" rows of the page and how many there are, up to `cap`. The matches are read
 * from the trigram bitmap and the read stops at `cap`; the page is the first of those by stamped id.
 * Up to LOOKUP_COUNT_LIMIT matches that is the whole set, so the page and count are exact; past it
 * (`n` = cap, shown as '1000+') the page is the first by id among the first `cap` found, so the cost
 * stays that of `cap` rows however many items match (issue 27: sorting every match of '0042' grew
 * with the register). The page's ids are chosen first and the names joined for those rows only.
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
  const page = db
    .select({ id: sql<number>`${found.id}`.as('page_id'), n: sql<number>`(count(*) over ())::int`.as('n') })
    .from(found)
    .orderBy(sql`${found.stampedId} collate "C"`)
    .limit(p('limit'))
    .as('page');
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
  const values = valuesOf(search);
  const run = <R>(name: string, build: () => { execute: (v: Values) => Promise<R> }) =>
    prepared(db, `${key}.${name}`, build).execute({ ...values });
  const [exact, prefixed, prefixCount] = await Promise.all([
    run('exact', () => partQuery(db, search, exactly)),
    run('prefixed', () => partQuery(db, search, beginsWith)),
    count ? run('prefixCount', () => countQuery(db, search, beginsWith)).then(([row]) => row.n) : 0,
  ]);
  const first = firstRows(exact, prefixed, search.limit);
  if (search.term.length < 3) return { rows: first, total: prefixCount };
  const pageFull = first.length === search.limit;
  if (pageFull && (!count || prefixCount >= CAP)) return { rows: first, total: prefixCount };
  if (pageFull) {
    const [rest] = await run('containsCount', () => countQuery(db, search, containsElsewhere));
    return { rows: first, total: prefixCount + rest.n };
  }
  const inside = await run('contains', () => containsQuery(db, search));
  return { rows: firstRows(first, inside, search.limit), total: prefixCount + (inside[0]?.matches ?? 0) };
}

/** The exact matches, then the others, without repeats, at most `limit`. */
export function firstRows<T extends { id: number }>(exact: T[], rest: T[], limit: number): T[] {
  const seen = new Set(exact.map((row) => row.id));
  return [...exact, ...rest.filter((row) => !seen.has(row.id))].slice(0, limit);
}
