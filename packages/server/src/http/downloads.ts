/**
 * Downloads: files go out as attachments with their stored type and `nosniff`. A link (a help file,
 * an export) cannot carry the session token, so the client first asks for a download token: random,
 * stored hashed, valid DOWNLOAD_TOKEN_TTL_MS and only once. A download route accepts either the
 * bearer header or `?access_token=`.
 */
import { randomBytes } from 'node:crypto';
import { DOWNLOAD_TOKEN_TTL_MS, type DownloadToken, messages, type RouteAccess } from '@portal/contract';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database, Executor } from '../db/client.ts';
import { downloadTokens, users } from '../db/schema.ts';
import { findSessionUser, hashToken } from '../features/account/sessions.ts';
import { type AuthUser, authorise, bearerToken } from './access.ts';
import { AppError } from './errors.ts';

/** Used tokens and expired ones are kept a day (for the log's sake), then removed on the next issue. */
const KEEP_MS = 24 * 60 * 60 * 1000;

export async function issueDownloadToken(db: Executor, userId: number): Promise<DownloadToken> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + DOWNLOAD_TOKEN_TTL_MS);
  await db.delete(downloadTokens).where(lt(downloadTokens.expiresAt, new Date(Date.now() - KEEP_MS)));
  await db.insert(downloadTokens).values({ tokenHash: hashToken(token), userId, expiresAt });
  return { token, expiresAt: expiresAt.toISOString() };
}

/** Marks the token used and answers its user, in one statement so that two requests cannot share it. */
export async function redeemDownloadToken(db: Executor, token: string): Promise<number | null> {
  const [row] = await db
    .update(downloadTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(downloadTokens.tokenHash, hashToken(token)), isNull(downloadTokens.usedAt), gt(downloadTokens.expiresAt, new Date())))
    .returning({ userId: downloadTokens.userId });
  return row?.userId ?? null;
}

/** The user as the session guard sees them, read fresh so that level and owner changes apply at once. */
async function findTokenUser(db: Executor, userId: number): Promise<AuthUser | null> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      userType: users.userType,
      userLevel: users.userLevel,
      allOwners: users.allOwners,
      ownerIds: sql<number[]>`coalesce((select array_agg(uo.owner_id) from user_owners uo where uo.user_id = "users"."id"), '{}')`,
    })
    .from(users)
    .where(eq(users.id, userId));
  // Signed in by a download token, not by a session: there is no session to end.
  return row ? { ...row, sessionId: 0 } : null;
}

/**
 * preHandler for a download route declared `{ public: true }`: authenticates by the bearer header
 * or by a download token in `access_token`, then applies `access` like the ordinary guard.
 */
export function downloadGuard(db: Database, access: Exclude<RouteAccess, { public: true }>) {
  return async (request: FastifyRequest) => {
    const bearer = bearerToken(request);
    const linkToken = (request.query as { access_token?: unknown } | undefined)?.access_token;
    let user: AuthUser | null = null;
    if (bearer) user = await findSessionUser(db, bearer);
    else if (typeof linkToken === 'string' && linkToken) {
      const userId = await redeemDownloadToken(db, linkToken);
      user = userId ? await findTokenUser(db, userId) : null;
    }
    if (!user) throw new AppError(401, messages.notSignedIn);
    authorise(user, access);
    request.user = user;
  };
}

/** `attachment` with an ASCII fallback name and the exact name in RFC 5987 form. */
export function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export interface DownloadFile {
  fileName: string;
  contentType: string;
  data: Buffer;
  sha256?: string;
}

/** Sends a stored file as an attachment; never cached by shared caches, never sniffed. */
export function sendAttachment(reply: FastifyReply, file: DownloadFile) {
  reply
    .header('content-type', file.contentType)
    .header('content-length', file.data.length)
    .header('content-disposition', contentDisposition(file.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store');
  if (file.sha256) reply.header('etag', `"${file.sha256}"`);
  return reply.send(file.data);
}
