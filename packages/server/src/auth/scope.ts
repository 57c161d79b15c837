/**
 * Owner scope: which owners' data a caller may see. Internal users with all owners see everything;
 * everyone else sees the owners on their list. Owner-scoped routes receive it from the guard and pass
 * it to their queries, which apply it with `inOwnerScope` (db/scope.ts), never by filtering results.
 */
import type { AuthUser } from './users.ts';

export type OwnerScope = 'all' | readonly number[];

export const scopeOf = (user: Pick<AuthUser, 'allOwners' | 'ownerIds'>): OwnerScope => (user.allOwners ? 'all' : user.ownerIds);
