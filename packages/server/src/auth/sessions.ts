/**
 * Bearer sessions: the token is 256 random bits, handed out once; only its SHA-256 is stored.
 * A session ends after IDLE_MS without use or ABSOLUTE_MS after sign-in, or when revoked.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';
import { forgetUser, type SessionCache, TOUCH_EVERY_MS } from './session-cache.ts';
import { type AuthUser, authUserColumns } from './users.ts';

export const IDLE_MS = 12 * 60 * 60 * 1000;
export const ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** `maxLevel` caps the session's level (a chip sign-in: decision 036). */
export async function createSession(db: Executor, options: { userId: number; ip: string; maxLevel?: number }): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    userId: options.userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + ABSOLUTE_MS),
    ip: options.ip,
    maxLevel: options.maxLevel ?? null,
  });
  return token;
}

/** A session is live while not revoked, before its absolute expiry and within the idle time. */
export const liveSession = (alias: string) =>
  sql.raw(
    `${alias}.revoked_at is null and ${alias}.expires_at > now() and ${alias}.last_seen_at > now() - interval '${IDLE_MS / 1000} seconds'`,
  );

/**
 * The user of a live session: from the cache while the session's touch is not due (no round trip),
 * else in one round trip, plus the touch at most once a minute.
 */
export async function findSessionUser(db: Executor, token: string, cache?: SessionCache): Promise<AuthUser | null> {
  const now = Date.now();
  const tokenHash = hashToken(token);
  const cached = cache?.get(tokenHash, now);
  if (cached) return cached;
  const epoch = cache?.epoch ?? 0;
  const [row] = await db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      ...authUserColumns,
      // A chip session never has more than its cap (decision 036).
      userLevel: sql<number>`least(${users.userLevel}, coalesce(${sessions.maxLevel}, ${users.userLevel}))`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), liveSession('"sessions"')));
  if (!row) return null;
  let lastSeenAt = row.lastSeenAt.getTime();
  if (now - lastSeenAt >= TOUCH_EVERY_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.id, row.sessionId));
    lastSeenAt = now;
  }
  const { lastSeenAt: _, expiresAt, ...user } = row;
  cache?.put(tokenHash, { user, lastSeenAt, expiresAt: expiresAt.getTime() }, epoch);
  return user;
}

export async function revokeSession(db: Executor, sessionId: number): Promise<void> {
  const [row] = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(eq(sessions.id, sessionId))
    .returning({ userId: sessions.userId });
  if (row) forgetUser(row.userId);
}

/** Ends every session of a user: after a level or owner change, a password change, or deletion. */
export async function revokeUserSessions(db: Executor, userId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  forgetUser(userId);
}
