/**
 * The only way a query or a check limits rows to the caller's owners (docs/security.md rule 4). Only
 * this file looks inside an OwnerScope ('all' or a list); `scope.test.ts` fails on `=== 'all'`
 * anywhere else under src/. Each primitive is the fast form of its case: a plain condition, a
 * placeholder for a read built once (db/prepared.ts), an array overlap for owner sets.
 */
import { inArray, SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { OwnerScope } from '../auth/scope.ts';
import { inIntArray } from './prepared.ts';

/** Every owner: nothing to filter and nothing to check (a query may skip its owner joins). */
export const coversEveryOwner = (scope: OwnerScope): scope is 'all' => scope === 'all';

/** Whether a row already read, of this owner, is in scope (an unowned row is not). */
export const coversOwner = (scope: OwnerScope, ownerId: number | null | undefined): boolean =>
  scope === 'all' || (ownerId != null && scope.includes(ownerId));

/** A WHERE condition keeping rows whose owner column is in scope (nothing to add for all owners). */
export function inOwnerScope(ownerColumn: PgColumn | SQL, scope: OwnerScope): SQL | undefined {
  if (scope === 'all') return undefined;
  if (scope.length === 0) return sql`false`;
  return ownerColumn instanceof SQL ? sql`${ownerColumn} = any(${sql.param([...scope])}::int[])` : inArray(ownerColumn, [...scope]);
}

/** inOwnerScope as SQL text always (`true` for all owners), for statements written as text. */
export const ownerScoped = (ownerColumn: PgColumn | SQL, scope: OwnerScope): SQL => inOwnerScope(ownerColumn, scope) ?? sql`true`;

/** An owner set (project_events, project_event_sets) is in scope when any of its owners is. */
export const anyOwnerInScope = (owners: SQL, scope: OwnerScope): SQL =>
  scope === 'all' ? sql`true` : sql`${owners} && ${sql.param([...scope])}::int[]`;

/**
 * The owner scope of a read built once (db/prepared.ts): its variant key, its condition on the
 * `owners` placeholder (undefined for all owners) and that placeholder's value.
 */
export function preparedScope(column: PgColumn | SQL, scope: OwnerScope) {
  return scope === 'all'
    ? { key: 'all', where: undefined, owners: [] as number[] }
    : { key: 'owners', where: inIntArray(column, 'owners'), owners: [...scope] };
}
