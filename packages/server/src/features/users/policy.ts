/**
 * What a user manager may change. Whom they manage is one SQL condition (`managedBy` in queries.ts):
 * a user outside it reads as missing before these rules run. The routes already require
 * SystemAdministrator; these rules still hold on their own, so that a lower required level later
 * cannot open a way to raise privileges.
 */
import { userMessages } from '@portal/contract';
import type { AuthUser } from '../../auth/users.ts';
import { AppError, badRequest } from '../../http/errors.ts';

type Actor = Pick<AuthUser, 'id' | 'userLevel' | 'allOwners' | 'ownerIds'>;
type Target = { id: number; userLevel: number; userType: number; allOwners: boolean; ownerIds: number[] };
type Next = { userLevel: number; userType: number; allOwners: boolean; owners: number[] };

/** Whether two id lists hold the same ids. */
export const sameSet = (a: readonly number[], b: readonly number[]) => {
  const set = new Set(a);
  return set.size === new Set(b).size && b.every((id) => set.has(id));
};

/**
 * Editing level, type and owners: never above your own level, never an owner you do not have (nor
 * all owners, unless you have them), and never your own level, type or owners.
 */
export function checkUserEdit(actor: Actor, target: Target, next: Next): void {
  if (next.userLevel > actor.userLevel) throw badRequest('userLevel', userMessages.levelAboveOwn);
  if (!actor.allOwners && next.allOwners) throw badRequest('allOwners', userMessages.ownersBeyondOwn);
  if (!actor.allOwners && !next.owners.every((id) => actor.ownerIds.includes(id))) throw badRequest('owners', userMessages.ownersBeyondOwn);
  if (actor.id !== target.id) return;
  if (next.userLevel !== target.userLevel) throw badRequest('userLevel', userMessages.ownLevel);
  // Turning yourself into an external user would lock you out of administration just the same.
  if (next.userType !== target.userType) throw badRequest('userType', userMessages.ownType);
  const ownersChanged = next.allOwners !== target.allOwners || (!next.allOwners && !sameSet(next.owners, target.ownerIds));
  if (ownersChanged) throw badRequest(next.allOwners !== target.allOwners ? 'allOwners' : 'owners', userMessages.ownOwners);
}

export function checkUserDelete(actor: Pick<Actor, 'id'>, target: Pick<Target, 'id'>): void {
  if (actor.id === target.id) throw new AppError(400, userMessages.deleteSelf);
}
