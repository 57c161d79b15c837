/** Level checks written one way: the same rule as a route's declared access, for rules that depend on the record. */
import { type GuardedAccess, meetsAccess, messages } from '@portal/contract';
import { AppError } from '../http/errors.ts';
import type { AuthUser } from './users.ts';

/** Throws 403 (with `message`, or the general one) unless the user meets the access. */
export function requireAccess(
  user: Pick<AuthUser, 'userLevel' | 'userType' | 'allOwners'>,
  access: GuardedAccess,
  message: string = messages.forbidden,
) {
  if (!meetsAccess(user, access)) throw new AppError(403, message);
}
