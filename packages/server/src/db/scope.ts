/** The only way a query limits rows to the caller's owners. */
import { inArray, SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { OwnerScope } from '../auth/scope.ts';

/** A WHERE condition keeping rows whose owner column is in scope (nothing to add for all owners). */
export function inOwnerScope(ownerColumn: PgColumn | SQL, scope: OwnerScope): SQL | undefined {
  if (scope === 'all') return undefined;
  if (scope.length === 0) return sql`false`;
  return ownerColumn instanceof SQL ? sql`${ownerColumn} = any(${sql.param([...scope])}::int[])` : inArray(ownerColumn, [...scope]);
}
