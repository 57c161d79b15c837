/**
 * The look-ups' SQL. A term of 3+ characters is a case-insensitive substring (`ILIKE '%term%'`),
 * which the pg_trgm GIN indexes serve (equipment_stamped_id_trgm, certificates_number_trgm); a term
 * of 2 characters has no trigram, so it matches ids that begin with it (upper-cased, as stamped ids
 * are written), read in order from the unique btree index. The exact match is asked apart (the
 * btree), so it comes first even when it would not sort into the first rows. Counts stop at
 * LOOKUP_COUNT_LIMIT. Unlinked items (no certificate, so no owner) are visible to every caller.
 *
 * EXPLAIN ANALYZE figures on the scale set (200,000 equipment, 50,000 certificates): docs/lookups.md.
 */
import { LOOKUP_COUNT_LIMIT } from '@portal/contract';
import { and, asc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { OwnerScope } from '../../auth/scope.ts';
import type { Executor } from '../../db/client.ts';
import { prepared, UNNAMED } from '../../db/prepared.ts';
import { certificateSubTypes, certificates, certificateTypes, dimensions, equipment, owners } from '../../db/schema.ts';
import { inOwnerScope } from '../../db/scope.ts';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The next string after every string that begins with `prefix` (byte order of its last character + 1). */
function prefixEnd(prefix: string): string {
  const last = prefix.codePointAt(prefix.length - 1) ?? 0;
  return prefix.slice(0, -1) + String.fromCodePoint(last + 1);
}

/** Where `column` begins with the term, upper-cased: a range of a btree index, read in order. */
function beginsWith(column: PgColumn, term: string): SQL {
  const prefix = term.toUpperCase();
  return sql`(${column} >= ${prefix} and ${column} < ${prefixEnd(prefix)} and starts_with(${column}, ${prefix}))`;
}

/** Where `column` contains `term` (3+ characters, trigram index) or begins with it (2 characters). */
function matches(column: PgColumn, term: string): SQL {
  return term.length >= 3 ? sql`${column} ilike ${`%${escapeLike(term)}%`}` : beginsWith(column, term);
}

/** The exact id, as typed or upper-cased. */
const exactly = (column: PgColumn, term: string) =>
  term === term.toUpperCase() ? eq(column, term) : or(eq(column, term), eq(column, term.toUpperCase()));

/** Equipment of the caller's owners, and unlinked equipment (it has no owner). */
const equipmentInScope = (scope: OwnerScope) =>
  scope === 'all' ? undefined : or(isNull(equipment.certificateId), inOwnerScope(certificates.ownerId, scope));

/** The certificate's owner and catalogue node, as both look-ups show them. */
const catalogueNames = {
  ownerId: owners.id,
  ownerName: owners.name,
  ownerShortCode: owners.shortCode,
  ownerLabel: owners.label,
  type: certificateTypes.name,
  subType: certificateSubTypes.name,
  dimension: dimensions.name,
};

const equipmentColumns = {
  id: equipment.id,
  stampedId: equipment.stampedId,
  hidden: equipment.hidden,
  length: equipment.length,
  comment: equipment.comment,
  certificateId: certificates.id,
  certificateNumber: certificates.certificateNumber,
  ...catalogueNames,
};
function fromEquipment(db: Executor) {
  return db
    .select(equipmentColumns)
    .from(equipment)
    .leftJoin(certificates, eq(certificates.id, equipment.certificateId))
    .leftJoin(owners, eq(owners.id, certificates.ownerId))
    .leftJoin(certificateTypes, eq(certificateTypes.id, certificates.typeId))
    .leftJoin(certificateSubTypes, eq(certificateSubTypes.id, certificates.subTypeId))
    .leftJoin(dimensions, eq(dimensions.id, certificates.dimensionId));
}

export interface EquipmentSearch {
  term: string;
  scope: OwnerScope;
  limit: number;
  /** A certificate type's name, any case. */
  typeName?: string;
}

function equipmentFilter({ scope, typeName }: EquipmentSearch): SQL | undefined {
  return and(equipmentInScope(scope), typeName ? sql`lower(${certificateTypes.name}) = lower(${typeName})` : undefined);
}

/**
 * The first `limit` items: the exact stamped id, then the ids that begin with the term (a range of
 * the unique index, read in order), then, when those do not fill the rows, the ids that contain it
 * elsewhere (the trigram index). Asking "begins with" apart matters: PostgreSQL estimates a substring
 * well but assumes its matches spread evenly over the index order, and for '%SC-0012%' on the scale
 * set it walked 120,000 index entries (40-75 ms) to find 20 matches that all sit at the end of the
 * order; as a range they take 0.2 ms.
 */
export async function selectEquipmentMatches(db: Executor, search: EquipmentSearch) {
  const filter = equipmentFilter(search);
  const [exact, prefixed] = await Promise.all([
    fromEquipment(db)
      .where(and(exactly(equipment.stampedId, search.term), filter))
      .orderBy(asc(equipment.stampedId)),
    fromEquipment(db)
      .where(and(beginsWith(equipment.stampedId, search.term), filter))
      .orderBy(asc(equipment.stampedId))
      .limit(search.limit),
  ]);
  const first = firstRows(exact, prefixed, search.limit);
  if (first.length === search.limit || search.term.length < 3) return first;
  // Ordered in byte order ("C"), which no index serves: PostgreSQL then reads the trigram index's matches
  // and sorts them (bounded by the matches) instead of walking the unique index until `limit` rows pass
  // the filter, which for '%SC-0012%' (every match also a prefix match, so none left) read all 200,000
  // entries: 378 ms before, 29 ms after; '%7777%' 82 ms before, 10 ms after (busy machine).
  // The page's ids are chosen first, and the names joined for those rows only: with the joins around
  // the sort PostgreSQL started a parallel worker for it (Gather Merge), whose start-up was 19 of the
  // query's 20 ms for '%0042%' on the scale set; ids first, no worker: 2 ms.
  const byteOrder = sql`${equipment.stampedId} collate "C"`;
  const insideIds = db
    .select({ id: equipment.id })
    .from(equipment)
    .leftJoin(certificates, eq(certificates.id, equipment.certificateId))
    .leftJoin(certificateTypes, eq(certificateTypes.id, certificates.typeId))
    .where(and(matches(equipment.stampedId, search.term), sql`not ${beginsWith(equipment.stampedId, search.term)}`, filter))
    .orderBy(byteOrder)
    .limit(search.limit);
  const inside = await fromEquipment(db).where(inArray(equipment.id, insideIds)).orderBy(byteOrder).limit(search.limit);
  return firstRows(first, inside, search.limit);
}

/** How many items match, counted up to LOOKUP_COUNT_LIMIT + 1 (past the limit the count is not exact). */
export async function countEquipmentMatches(db: Executor, search: EquipmentSearch): Promise<number> {
  const inner = db
    .select({ one: equipment.id })
    .from(equipment)
    .leftJoin(certificates, eq(certificates.id, equipment.certificateId))
    .leftJoin(certificateTypes, eq(certificateTypes.id, certificates.typeId))
    .where(and(matches(equipment.stampedId, search.term), equipmentFilter(search)))
    .limit(LOOKUP_COUNT_LIMIT + 1)
    .as('matches');
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(inner);
  return total;
}

/** Whether any item has exactly this stamped id (the unique index). */
export async function stampedIdTaken(db: Executor, stampedId: string): Promise<boolean> {
  // Prepared once (db/prepared.ts): the editors ask on every stamped id typed.
  const query = prepared(db, 'lookups.stampedIdTaken', () =>
    db
      .select({ id: equipment.id })
      .from(equipment)
      .where(eq(equipment.stampedId, sql.placeholder('stampedId')))
      .limit(1)
      .prepare(UNNAMED),
  );
  return (await query.execute({ stampedId })).length > 0;
}

// ---------------------------------------------------------------- certificates
const certificateColumns = {
  id: certificates.id,
  certificateNumber: certificates.certificateNumber,
  dateSigned: certificates.dateSigned,
  ...catalogueNames,
  // Qualified by hand: the subquery's own columns must not capture the outer certificate's id.
  itemCount: sql<number>`(select count(*) from ${equipment} where ${equipment.certificateId} = "certificates"."id")::int`.as('item_count'),
};

function fromCertificates(db: Executor) {
  return db
    .select(certificateColumns)
    .from(certificates)
    .innerJoin(owners, eq(owners.id, certificates.ownerId))
    .innerJoin(certificateTypes, eq(certificateTypes.id, certificates.typeId))
    .innerJoin(certificateSubTypes, eq(certificateSubTypes.id, certificates.subTypeId))
    .innerJoin(dimensions, eq(dimensions.id, certificates.dimensionId));
}

export interface CertificateSearch {
  term: string;
  scope: OwnerScope;
  limit: number;
}

/** The first `limit` certificates whose number matches, the exact number first, then by number. */
export async function selectCertificateMatches(db: Executor, search: CertificateSearch) {
  const scoped = inOwnerScope(certificates.ownerId, search.scope);
  const [exact, rest] = await Promise.all([
    fromCertificates(db)
      .where(and(exactly(certificates.certificateNumber, search.term), scoped))
      .orderBy(asc(certificates.certificateNumber), asc(certificates.id))
      .limit(search.limit),
    fromCertificates(db)
      .where(and(matches(certificates.certificateNumber, search.term), scoped))
      .orderBy(asc(certificates.certificateNumber), asc(certificates.id))
      .limit(search.limit),
  ]);
  return firstRows(exact, rest, search.limit);
}

export async function countCertificateMatches(db: Executor, search: CertificateSearch): Promise<number> {
  const inner = db
    .select({ one: certificates.id })
    .from(certificates)
    .where(and(matches(certificates.certificateNumber, search.term), inOwnerScope(certificates.ownerId, search.scope)))
    .limit(LOOKUP_COUNT_LIMIT + 1)
    .as('matches');
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(inner);
  return total;
}

/** The exact matches, then the others, without repeats, at most `limit`. */
function firstRows<T extends { id: number }>(exact: T[], rest: T[], limit: number): T[] {
  const seen = new Set(exact.map((row) => row.id));
  return [...exact, ...rest.filter((row) => !seen.has(row.id))].slice(0, limit);
}
