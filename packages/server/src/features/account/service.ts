import { setTimeout } from 'node:timers/promises';
import { type CurrentUser, type LoginResponse, messages } from '@portal/contract';
import { verifyPassword } from '../../auth/passwords.ts';
import { createSession } from '../../auth/sessions.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { findCurrentUser, findUserByLogin } from './queries.ts';
import type { LoginThrottle } from './throttle.ts';

/**
 * Signs in by email or alias. A wrong pair gets one generic answer that does not say which part was
 * wrong; an unknown name is throttled exactly like a real one (throttle.ts).
 */
export async function login(
  db: Database,
  throttle: LoginThrottle,
  options: { username: string; password: string; ip: string },
): Promise<LoginResponse> {
  const attempt = { ip: options.ip, username: options.username };
  const verdict = throttle.check(attempt);
  if (verdict.locked) throw new AppError(429, messages.loginLocked);
  if (verdict.delayMs > 0) await setTimeout(verdict.delayMs);
  const user = await findUserByLogin(db, options.username);
  const valid = await verifyPassword(options.password, user?.passwordHash ?? null);
  if (!user || !valid) {
    throttle.failed(attempt);
    throw new AppError(401, messages.loginFailed);
  }
  throttle.succeeded(attempt);
  const token = await createSession(db, { userId: user.id, ip: options.ip });
  return { token, userName: user.email };
}

export async function getCurrentUser(db: Database, userId: number): Promise<CurrentUser> {
  const user = await findCurrentUser(db, userId);
  if (!user) throw new AppError(401, messages.notSignedIn);
  return user;
}
