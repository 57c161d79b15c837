/**
 * The certificate search's SQL (GET /Certificates/search, /Certificates/type), by the equipment
 * search's rules (equipment-search.ts, search-sql.ts): the exact number, asked apart so it comes first
 * even when it would not sort into the page, and one statement for the page and how many match (to
 * LOOKUP_COUNT_LIMIT + 1). Both are prepared once per variant (scope kind; for the page, a term that
 * contains or begins), their values as placeholders. Before, each request built three statements
 * (exact, page, count) and the page and the count each read the same up to 1,001 matches.
 * EXPLAIN figures: docs/search.md.
 */
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { OwnerScope } from '../../auth/scope.ts';
import type { Executor } from '../../db/client.ts';
import { UNNAMED } from '../../db/prepared.ts';
import { certificateSubTypes, certificates, certificateTypes, dimensions, equipment, owners } from '../../db/schema.ts';
import { preparedScope } from '../../db/scope.ts';
import { beginsWith, cappedPage, catalogueNames, containsTerm, firstRows, p, preparedRunner, termKind, termValues } from './search-sql.ts';

export interface CertificateSearch {
  term: string;
  scope: OwnerScope;
  limit: number;
}

const number = certificates.certificateNumber;
/** The number as typed or upper-cased (certificates_number_idx). */
const exactly = sql`${number} in (${p('term')}, ${p('upper')})`;
const byNumber = [asc(number), asc(certificates.id)];

const columns = {
  id: certificates.id,
  certificateNumber: number,
  dateSigned: certificates.dateSigned,
  ...catalogueNames,
  // Qualified by hand: the subquery's own columns must not capture the outer certificate's id.
  itemCount: sql<number>`(select count(*) from ${equipment} where ${equipment.certificateId} = "certificates"."id")::int`.as('item_count'),
};

/** The rows with their owner, catalogue names and item count; `matches` is the page's count. */
function fromCertificates(db: Executor, matches: SQL<number> = sql<number>`0`) {
  return db
    .select({ ...columns, matches })
    .from(certificates)
    .innerJoin(owners, eq(owners.id, certificates.ownerId))
    .innerJoin(certificateTypes, eq(certificateTypes.id, certificates.typeId))
    .innerJoin(certificateSubTypes, eq(certificateSubTypes.id, certificates.subTypeId))
    .innerJoin(dimensions, eq(dimensions.id, certificates.dimensionId));
}

const exactQuery = (db: Executor, scope: OwnerScope) =>
  fromCertificates(db)
    .where(and(exactly, preparedScope(certificates.ownerId, scope).where))
    .orderBy(...byNumber)
    .limit(p('limit'))
    .prepare(UNNAMED);

/**
 * The page and how many match, up to `cap` (cappedPage): the matches are read from the trigram
 * bitmap, or the btree range for a 2-character term, up to `cap` and the page sorted from those by
 * number; the names and item counts are joined for the page's rows only.
 */
function pageQuery(db: Executor, scope: OwnerScope, kind: ReturnType<typeof termKind>) {
  const found = db
    .select({ id: sql<number>`${certificates.id}`.as('found_id'), number: sql<string>`${number}`.as('found_number') })
    .from(certificates)
    .where(and(kind === 'contains' ? containsTerm(number) : beginsWith(number), preparedScope(certificates.ownerId, scope).where))
    .limit(p('cap'))
    .as('found');
  const page = cappedPage(db, found, found.id, [asc(found.number), asc(found.id)]);
  return fromCertificates(db, sql<number>`${page.n}`)
    .innerJoin(page, eq(page.id, certificates.id))
    .orderBy(...byNumber)
    .prepare(UNNAMED);
}

type Row = Awaited<ReturnType<ReturnType<typeof exactQuery>['execute']>>[number];

/**
 * The first `limit` certificates whose number matches, the exact number first, then by number, and
 * how many match up to LOOKUP_COUNT_LIMIT + 1; past LOOKUP_COUNT_LIMIT, the page is the first by
 * number among the first 1,001 found. The autocomplete leaves the count, which costs next to nothing
 * over the page's read.
 */
export async function searchCertificateRows(db: Executor, search: CertificateSearch): Promise<{ rows: Row[]; total: number }> {
  const scopeKey = preparedScope(certificates.ownerId, search.scope).key;
  const kind = termKind(search.term);
  const run = preparedRunner(db, `lookups.certificates.${scopeKey}`, termValues(search.term, search.scope, search.limit));
  const [exact, page] = await Promise.all([
    run('exact', () => exactQuery(db, search.scope)),
    run(`page.${kind}`, () => pageQuery(db, search.scope, kind)),
  ]);
  return { rows: firstRows(exact, page, search.limit), total: page[0]?.matches ?? 0 };
}
