/**
 * Password self-service (spec sections 2, 5 and 8): forgot (a mailed one-hour link), reset with the
 * link's code, and change with the old password. Rules chosen where the spec is silent:
 * docs/account.md.
 */
import { accountMessages, type ChangePasswordBody, type ResetPasswordBody } from '@portal/contract';
import { sql, TransactionRollbackError } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { hashNewPassword, verifyPassword } from '../../auth/passwords.ts';
import { countResetCodesSince, issueResetCode, passwordLink, RESET_CODE_TTL_MS, redeemResetCode } from '../../auth/reset-codes.ts';
import { revokeUserSessions } from '../../auth/sessions.ts';
import type { AuthUser } from '../../auth/users.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { run } from '../../db/read.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { deliverMail, queueMail } from '../../mail/outbox.ts';
import {
  findUserByLogin,
  findUserPassword,
  recordResetFailure,
  resetFailuresWithinHour,
  setPasswordFromReset,
  setPasswordKeepingSession,
} from './queries.ts';

/** Per account: at most this many reset mails an hour; later requests send nothing and the last link stays good. */
export const RESET_MAILS_PER_HOUR = 3;
/** Per account: after this many wrong codes in an hour, wrong codes answer 429 (a right code still works). */
export const RESET_FAILURES_PER_HOUR = 10;
const HOUR_MS = 60 * 60 * 1000;

export interface MailingContext {
  db: Database;
  config: Pick<Config, 'publicUrl' | 'smtpUrl'>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

function resetMail(email: string, link: string) {
  return {
    to: email,
    subject: 'Reset your password on the rigging equipment portal',
    text: [
      'Someone (hopefully you) asked to reset your password on the rigging equipment portal.',
      '',
      'Choose a new password with this link (it works once, within an hour):',
      link,
      '',
      'If you did not ask for this, ignore this mail: your password stays as it is.',
    ].join('\n'),
  };
}

/**
 * Answers the same message whether or not the user exists, after the same work: an unknown name (or an
 * account past its hourly limit) runs the very statements that issue a code and queue its mail, then
 * undoes them, so neither the answer nor its time tells who has an account (docs/account.md). Neither
 * path waits for the disk at the end (`synchronous_commit` off: a link lost to a crash is asked again).
 * The mail goes out after the answer is decided.
 */
export async function forgotPassword(ctx: MailingContext, username: string): Promise<{ message: string }> {
  const answer = { message: accountMessages.resetMailSent };
  const user = await findUserByLogin(ctx.db, username);
  const target = user ?? { id: 0, email: username };
  const mailId = await ctx.db
    .transaction(async (tx) => {
      // The code written for nobody (user 0) is checked against users at commit, which it never reaches.
      await run(tx, sql`set constraints password_reset_codes_user_id_users_id_fk deferred`);
      await run(tx, sql`set local synchronous_commit = off`);
      // The per-account limit: a flood of requests neither floods the mailbox nor voids the last link.
      const recent = await countResetCodesSince(tx, target.id, new Date(Date.now() - HOUR_MS));
      const code = await issueResetCode(tx, target.id, RESET_CODE_TTL_MS);
      const id = await queueMail(tx, resetMail(target.email, passwordLink(ctx.config.publicUrl, target.id, code)));
      if (!user || recent >= RESET_MAILS_PER_HOUR) tx.rollback();
      return id;
    })
    .catch((error: unknown) => {
      if (error instanceof TransactionRollbackError) return null;
      throw error;
    });
  if (mailId !== null) void deliverMail(ctx, mailId);
  return answer;
}

/** Sets the password with a mailed code; ends every session of the user. */
export async function resetPassword(db: Database, body: ResetPasswordBody): Promise<void> {
  const passwordHash = await hashNewPassword(body.newPassword);
  const done = await db.transaction(async (tx) => {
    if (!(await redeemResetCode(tx, body.userId, body.code))) return false;
    await setPasswordFromReset(tx, body.userId, passwordHash);
    await revokeUserSessions(tx, body.userId);
    return true;
  });
  if (done) return;
  // A right code always works: the failure count limits guessing, never the owner holding the mail.
  if ((await resetFailuresWithinHour(db, body.userId)) >= RESET_FAILURES_PER_HOUR) throw new AppError(429, accountMessages.tooManyResets);
  await recordResetFailure(db, body.userId);
  throw badRequest('code', accountMessages.resetLinkInvalid);
}

/** Changes the signed-in user's password; their other sessions end, this one stays. */
export async function changePassword(db: Database, options: { user: AuthUser; body: ChangePasswordBody }): Promise<void> {
  const { user, body } = options;
  const stored = await findUserPassword(db, user.id);
  if (!(await verifyPassword(body.oldPassword, stored))) throw badRequest('oldPassword', accountMessages.oldPasswordWrong);
  const passwordHash = await hashNewPassword(body.newPassword);
  await setPasswordKeepingSession(db, { userId: user.id, sessionId: user.sessionId, passwordHash });
}
