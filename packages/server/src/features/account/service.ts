import { type CurrentUser, type LoginResponse, messages } from '@portal/contract';
import { verifyPassword } from '../../auth/passwords.ts';
import { createSession } from '../../auth/sessions.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { clearFailedLogins, findCurrentUser, findUserByLogin, recordFailedLogin } from './queries.ts';

/** After this many wrong passwords in a row the account is locked for LOCK_MS. */
export const MAX_FAILED_LOGINS = 5;
export const LOCK_MS = 5 * 60 * 1000;

/** Signs in by email or alias. A wrong pair gets one generic answer that does not say which part was wrong. */
export async function login(db: Database, options: { username: string; password: string; ip: string }): Promise<LoginResponse> {
  const user = await findUserByLogin(db, options.username);
  const valid = await verifyPassword(options.password, user?.passwordHash ?? null);
  if (!user) throw new AppError(401, messages.loginFailed);
  if (user.lockedUntil && user.lockedUntil.getTime() > Date.now()) throw new AppError(429, messages.loginLocked);
  if (!valid) {
    await recordFailedLogin(db, { userId: user.id, maxAttempts: MAX_FAILED_LOGINS, lockMs: LOCK_MS });
    throw new AppError(401, messages.loginFailed);
  }
  if (user.failedLogins > 0 || user.lockedUntil) await clearFailedLogins(db, user.id);
  const token = await createSession(db, { userId: user.id, ip: options.ip });
  return { token, userName: user.email };
}

export async function getCurrentUser(db: Database, userId: number): Promise<CurrentUser> {
  const user = await findCurrentUser(db, userId);
  if (!user) throw new AppError(401, messages.notSignedIn);
  return user;
}
