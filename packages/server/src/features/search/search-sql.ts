/**
 * What the equipment and certificate searches share (equipment-search.ts, certificate-search.ts): the
 * term's placeholder values, its match conditions, the capped page with its count, and the way each
 * statement is prepared once per variant (db/prepared.ts, decisions 038 and 052).
 */
import { LOOKUP_COUNT_LIMIT } from '@portal/contract';
import { type SQL, type Subquery, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { OwnerScope } from '../../auth/scope.ts';
import type { Executor } from '../../db/client.ts';
import { escapeLike } from '../../db/like.ts';
import { prepared } from '../../db/prepared.ts';
import { certificateSubTypes, certificates, certificateTypes, dimensions, owners } from '../../db/schema.ts';
import { preparedScope } from '../../db/scope.ts';

/** Matches are read up to here: LOOKUP_COUNT_LIMIT and one more, which shows '1000+'. */
export const CAP = LOOKUP_COUNT_LIMIT + 1;

/** The next string after every string that begins with `prefix` (byte order of its last character + 1). */
export function prefixEnd(prefix: string): string {
  const last = prefix.codePointAt(prefix.length - 1) ?? 0;
  return prefix.slice(0, -1) + String.fromCodePoint(last + 1);
}

/** A look-up's term, scope and page size as placeholder values. */
export function termValues(term: string, scope: OwnerScope, limit: number) {
  const upper = term.toUpperCase();
  return {
    term,
    upper,
    prefixEnd: prefixEnd(upper),
    pattern: `%${escapeLike(term)}%`,
    owners: preparedScope(certificates.ownerId, scope).owners,
    limit,
    cap: CAP,
  };
}
type ValueName = keyof ReturnType<typeof termValues> | 'typeName';

export const p = (name: ValueName) => sql.placeholder(name);
/**
 * A value as a sub-select. PostgreSQL plans a statement with a plain `$1` anew for each value when it
 * expects the value to change the plan (a custom plan), and these joins cost more to plan than to
 * run. A value it cannot see into gets the same plan (the btree range, the trigram bitmap) once per
 * connection (decision 052).
 */
const value = (name: ValueName) => sql`(select ${p(name)}::text)`;

/** Begins with the upper-cased term (ids are written in capitals): a range of a btree index, read in order. */
export const beginsWith = (column: PgColumn): SQL =>
  sql`(${column} >= ${value('upper')} and ${column} < ${value('prefixEnd')} and starts_with(${column}, ${p('upper')}))`;
/** Contains the term, any case: the pg_trgm GIN index (3+ characters). */
export const containsTerm = (column: PgColumn): SQL => sql`${column} ilike ${value('pattern')}`;

/** A 2-character term has no trigram: it matches ids that begin with it only. */
export const termKind = (term: string) => (term.length >= 3 ? 'contains' : 'begins');

/**
 * The page's ids and how many matches were found (`n`): `found` is the matches read up to `cap`, the
 * page the first `limit` of them in `order`. One read serves both, as a window count over what the
 * sort reads anyway; up to LOOKUP_COUNT_LIMIT matches that is every match, past it (`n` = cap) the
 * page is the first among the first `cap` found (issue 27: a cost that does not grow with the data).
 */
export function cappedPage(db: Executor, found: Subquery, id: SQL.Aliased, order: SQL[]) {
  return db
    .select({ id: sql<number>`${id}`.as('page_id'), n: sql<number>`(count(*) over ())::int`.as('n') })
    .from(found)
    .orderBy(...order)
    .limit(p('limit'))
    .as('page');
}

/** Runs the statement `build` prepares, prepared once per handle under `${key}.${name}`, with `values`. */
export function preparedRunner<V extends object>(db: Executor, key: string, values: V) {
  return <R>(name: string, build: () => { execute: (v: V) => Promise<R> }) => prepared(db, `${key}.${name}`, build).execute({ ...values });
}

/** The exact matches, then the others, without repeats, at most `limit`. */
export function firstRows<T extends { id: number }>(exact: T[], rest: T[], limit: number): T[] {
  const seen = new Set(exact.map((row) => row.id));
  return [...exact, ...rest.filter((row) => !seen.has(row.id))].slice(0, limit);
}

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
