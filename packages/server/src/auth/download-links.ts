/**
 * Download links: a link (a file, an export, a backup) cannot carry the session token, so the client
 * first asks for a download token: random, stored hashed, valid DOWNLOAD_TOKEN_TTL_MS, good for one
 * request, and bound to the user and to the session that asked for it (a logout ends it).
 */
import { randomBytes } from 'node:crypto';
import { DOWNLOAD_TOKEN_TTL_MS, type DownloadToken } from '@portal/contract';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { downloadTokens, sessions } from '../db/schema.ts';
import { hashToken, liveSession } from './sessions.ts';
import { type AuthUser, selectAuthUserById } from './users.ts';

/** Used tokens and expired ones are kept a day (for the log's sake), then removed on the next issue. */
const KEEP_MS = 24 * 60 * 60 * 1000;

export async function issueDownloadToken(db: Executor, user: Pick<AuthUser, 'id' | 'sessionId'>): Promise<DownloadToken> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + DOWNLOAD_TOKEN_TTL_MS);
  await db.delete(downloadTokens).where(lt(downloadTokens.expiresAt, new Date(Date.now() - KEEP_MS)));
  await db.insert(downloadTokens).values({ tokenHash: hashToken(token), userId: user.id, sessionId: user.sessionId, expiresAt });
  return { token, expiresAt: expiresAt.toISOString() };
}

/**
 * Spends the token and answers its user as the session guard would see them, or null. Marking it
 * used is one statement that also checks its session is live, so two requests cannot share a token.
 */
export async function redeemDownloadToken(db: Executor, token: string): Promise<AuthUser | null> {
  const [spent] = await db
    .update(downloadTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(downloadTokens.tokenHash, hashToken(token)),
        isNull(downloadTokens.usedAt),
        gt(downloadTokens.expiresAt, new Date()),
        sql`exists (select 1 from sessions s where s.id = ${downloadTokens.sessionId} and ${liveSession('s')})`,
      ),
    )
    .returning({ userId: downloadTokens.userId, sessionId: downloadTokens.sessionId });
  if (!spent) return null;
  const user = await selectAuthUserById(db, spent.userId);
  if (!user) return null;
  // The link has its session's level: a chip session's cap (decision 036) holds for its links too.
  const [session] = await db.select({ maxLevel: sessions.maxLevel }).from(sessions).where(eq(sessions.id, spent.sessionId));
  const userLevel = session?.maxLevel == null ? user.userLevel : Math.min(user.userLevel, session.maxLevel);
  return { ...user, userLevel, sessionId: spent.sessionId };
}
