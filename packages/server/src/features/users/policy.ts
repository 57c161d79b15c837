/**
 * Who may change whom. The routes already require SystemAdministrator; these rules still hold on
 * their own, so that a lower required level later cannot open a way to raise privileges.
 */
import { userMessages } from '@portal/contract';
import type { AuthUser } from '../../auth/users.ts';
import { AppError, badRequest } from '../../http/errors.ts';

type Actor = Pick<AuthUser, 'id' | 'userLevel'>;
type Target = { id: number; userLevel: number; userType: number };

/** Nobody changes a user above their own level (so only a SystemAdministrator changes one). */
export function checkMayManage(actor: Actor, target: Target): void {
  if (target.userLevel > actor.userLevel) throw new AppError(403, userMessages.higherLevelUser);
}

/** Editing level and type: never above your own level, and never your own level or type. */
export function checkUserEdit(actor: Actor, target: Target, next: { userLevel: number; userType: number }): void {
  checkMayManage(actor, target);
  if (next.userLevel > actor.userLevel) throw badRequest('userLevel', userMessages.levelAboveOwn);
  if (actor.id === target.id && next.userLevel !== target.userLevel) throw badRequest('userLevel', userMessages.ownLevel);
  // Turning yourself into an external user would lock you out of administration just the same.
  if (actor.id === target.id && next.userType !== target.userType) throw badRequest('userType', userMessages.ownType);
}

export function checkUserDelete(actor: Actor, target: Target): void {
  if (actor.id === target.id) throw new AppError(400, userMessages.deleteSelf);
  checkMayManage(actor, target);
}
