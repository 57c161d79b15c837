import { setTimeout } from 'node:timers/promises';
import { CHIP_LOGIN_PASSWORD, type CurrentUser, type LoginResponse, messages, UserLevel } from '@portal/contract';
import { verifyPassword } from '../../auth/passwords.ts';
import { createSession } from '../../auth/sessions.ts';
import type { AuthUser } from '../../auth/users.ts';
import type { AnswerCaches } from '../../db/answer-cache.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { findCurrentUser, findUserByChip, findUserByLogin } from './queries.ts';
import type { LoginThrottle } from './throttle.ts';

/** Chip sign-ins per address and minute (on top of the login limit): a chip code cannot be guessed in bulk. */
export const CHIP_LOGINS_PER_MINUTE = 10;
/** A chip session's level is capped here, whatever the user's level (decision 036). */
export const CHIP_SESSION_MAX_LEVEL = UserLevel.Events;
const chipAttempts = new Map<string, number[]>();

/** Counts a chip sign-in from the address; answers false past the limit (a sliding minute, per instance). */
function allowChipAttempt(ip: string, now = Date.now()): boolean {
  const recent = (chipAttempts.get(ip) ?? []).filter((at) => at > now - 60_000);
  recent.push(now);
  chipAttempts.set(ip, recent);
  if (chipAttempts.size > 10_000)
    for (const [key, times] of chipAttempts) if (times.every((at) => at <= now - 60_000)) chipAttempts.delete(key);
  return recent.length <= CHIP_LOGINS_PER_MINUTE;
}

/**
 * A chip scan (spec section 7): the scanned code as username and the fixed password. The chip is the
 * credential: only a chip registered to a user signs in, and its session gets at most Events level.
 */
async function chipLogin(db: Database, options: { chipId: string; ip: string }): Promise<LoginResponse> {
  if (!allowChipAttempt(options.ip)) throw new AppError(429, messages.loginLocked);
  const user = await findUserByChip(db, options.chipId);
  if (!user) throw new AppError(401, messages.loginFailed);
  const token = await createSession(db, { userId: user.id, ip: options.ip, maxLevel: CHIP_SESSION_MAX_LEVEL });
  return { token, userName: user.email };
}

/**
 * The name the sign-in throttle counts failures under: an account's email and alias share one budget
 * (its id, with a NUL no typed name can hold); an unknown name has its own, as typed.
 */
const throttleName = (user: { id: number } | undefined, typed: string) => (user ? `account\u0000${user.id}` : typed);

/**
 * Signs in by email or alias. A wrong pair gets one generic answer that does not say which part was
 * wrong; an unknown name is throttled exactly like a real one (throttle.ts).
 */
export async function login(
  db: Database,
  throttle: LoginThrottle,
  options: { username: string; password: string; ip: string },
): Promise<LoginResponse> {
  // The fixed chip password is never checked as a password: it only ever means "this is a chip scan".
  if (options.password === CHIP_LOGIN_PASSWORD) return chipLogin(db, { chipId: options.username, ip: options.ip });
  const user = await findUserByLogin(db, options.username);
  const attempt = { ip: options.ip, username: throttleName(user, options.username) };
  const verdict = throttle.check(attempt);
  if (verdict.locked) throw new AppError(429, messages.loginLocked);
  if (verdict.delayMs > 0) await setTimeout(verdict.delayMs);
  const valid = await verifyPassword(options.password, user?.passwordHash ?? null);
  if (!user || !valid) {
    throttle.failed(attempt);
    throw new AppError(401, messages.loginFailed);
  }
  throttle.succeeded(attempt);
  const token = await createSession(db, { userId: user.id, ip: options.ip });
  return { token, userName: user.email };
}

/**
 * The signed-in user; the level is the session's (a chip session's is capped), as every check sees it.
 * The rest is kept per user until the user's columns, chips or owners change (decision 054).
 */
export async function getCurrentUser(db: Database, signedIn: AuthUser, answers: AnswerCaches): Promise<CurrentUser> {
  const user = await answers.currentUsers.get(signedIn.id, () => findCurrentUser(db, signedIn.id));
  if (!user) throw new AppError(401, messages.notSignedIn);
  return { ...user, userLevel: signedIn.userLevel };
}
