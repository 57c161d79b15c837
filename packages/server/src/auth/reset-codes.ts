/**
 * Password links: the one mechanism behind the registration mail's set-password link and the
 * forgot-password mail's reset link. A code is 256 random bits, handed out once in the mail; only its
 * SHA-256 is stored. It works once, until it expires, and a new code voids the user's older ones.
 */
import { randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { passwordResetCodes } from '../db/schema.ts';
import { hashToken } from './sessions.ts';

/** A forgot-password link works for an hour (issue 10). */
export const RESET_CODE_TTL_MS = 60 * 60 * 1000;

export function passwordLink(publicUrl: string, userId: number, code: string): string {
  return `${publicUrl}/ResetPassword/${userId}/${code}`;
}

/** Voids the user's unused codes and stores a new one; answers the code for the mail. Call inside a transaction. */
export async function issueResetCode(db: Executor, userId: number, ttlMs: number): Promise<string> {
  await voidResetCodes(db, userId);
  const code = randomBytes(32).toString('base64url');
  await db.insert(passwordResetCodes).values({ userId, codeHash: hashToken(code), expiresAt: new Date(Date.now() + ttlMs) });
  return code;
}

/** Marks the user's unused codes used, so their links stop working. */
export async function voidResetCodes(db: Executor, userId: number): Promise<void> {
  await db
    .update(passwordResetCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetCodes.userId, userId), isNull(passwordResetCodes.usedAt)));
}

/**
 * Spends the code: one statement that checks user, hash, unused and unexpired, so two requests
 * cannot both use it. Answers whether it was good.
 */
export async function redeemResetCode(db: Executor, userId: number, code: string): Promise<boolean> {
  const spent = await db
    .update(passwordResetCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordResetCodes.userId, userId),
        eq(passwordResetCodes.codeHash, hashToken(code)),
        isNull(passwordResetCodes.usedAt),
        gt(passwordResetCodes.expiresAt, new Date()),
      ),
    )
    .returning({ id: passwordResetCodes.id });
  return spent.length > 0;
}

/** How many codes the user was sent since `since` (the per-account limit on forgot-password mails). */
export async function countResetCodesSince(db: Executor, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(passwordResetCodes)
    .where(and(eq(passwordResetCodes.userId, userId), gt(passwordResetCodes.createdAt, since)));
  return row.n;
}
