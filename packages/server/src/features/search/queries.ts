/**
 * The certificate look-ups' SQL and the availability check (the equipment search: equipment-search.ts,
 * by the same rules). A term of 3+ characters is a case-insensitive substring (`ILIKE '%term%'`),
 * which the pg_trgm GIN indexes serve (equipment_stamped_id_trgm, certificates_number_trgm); a term
 * of 2 characters has no trigram, so it matches ids that begin with it (upper-cased, as stamped ids
 * are written), read in order from the unique btree index. The exact match is asked apart (the
 * btree), so it comes first even when it would not sort into the first rows. Counts stop at
 * LOOKUP_COUNT_LIMIT. Unlinked items (no certificate, so no owner) are visible to every caller.
 *
 * EXPLAIN ANALYZE figures on the scale set (200,000 equipment, 50,000 certificates): docs/search.md.
 */
import { LOOKUP_COUNT_LIMIT } from '@portal/contract';
import { and, asc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { OwnerScope } from '../../auth/scope.ts';
import type { Executor } from '../../db/client.ts';
import { prepared, UNNAMED } from '../../db/prepared.ts';
import { certificateSubTypes, certificates, certificateTypes, dimensions, equipment, owners } from '../../db/schema.ts';
import { inOwnerScope } from '../../db/scope.ts';
import { sameStampedId } from '../../db/stamped-ids.ts';
import { catalogueNames, escapeLike, firstRows, prefixEnd } from './search-sql.ts';

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

/**
 * The first `limit` certificates whose number matches, the exact number first, then by number; past
 * 1,000 matches ('1000+'), the first by number among the first 1,001 found.
 */
export async function selectCertificateMatches(db: Executor, search: CertificateSearch) {
  const scoped = inOwnerScope(certificates.ownerId, search.scope);
  // The matches are read up to the count's cap and the page sorted from those, so the cost stays that
  // of 1,001 rows however many match (as the equipment search's "contains" part, equipment-search.ts);
  // the names are joined for the page's rows only.
  const found = db
    .select({
      id: sql<number>`${certificates.id}`.as('found_id'),
      number: sql<string>`${certificates.certificateNumber}`.as('found_number'),
    })
    .from(certificates)
    .where(and(matches(certificates.certificateNumber, search.term), scoped))
    .limit(LOOKUP_COUNT_LIMIT + 1)
    .as('found');
  const page = db
    .select({ id: sql<number>`${found.id}`.as('page_id') })
    .from(found)
    .orderBy(asc(found.number), asc(found.id))
    .limit(search.limit)
    .as('page');
  const [exact, rest] = await Promise.all([
    fromCertificates(db)
      .where(and(exactly(certificates.certificateNumber, search.term), scoped))
      .orderBy(asc(certificates.certificateNumber), asc(certificates.id))
      .limit(search.limit),
    fromCertificates(db)
      .innerJoin(page, eq(page.id, certificates.id))
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
