/**
 * Adding users by email and setting their passwords. A new user has no password: the mail carries a
 * link with a random single-use code (stored only as its hash) to set one at /ResetPassword.
 */
import { type AdminUser, messages, type SetPasswordBody, UserLevel, UserType, userMessages } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import { hashNewPassword } from '../../auth/passwords.ts';
import { issueResetCode, passwordLink, voidResetCodes } from '../../auth/reset-codes.ts';
import { revokeUserSessions } from '../../auth/sessions.ts';
import type { AuthUser } from '../../auth/users.ts';
import type { Config } from '../../config.ts';
import { createdBy, updatedBy } from '../../db/audit.ts';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { badRequest } from '../../http/errors.ts';
import { deliverMail, queueMail } from '../../mail/outbox.ts';
import { insertUser, isEmailRegistered, updateUser } from './queries.ts';
import { findTarget, getAdminUser } from './service.ts';

/** How long the set-password link of a new user works. */
export const REGISTRATION_CODE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface RegisterContext {
  db: Database;
  config: Pick<Config, 'publicUrl' | 'smtpUrl'>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

function welcomeMail(email: string, link: string) {
  return {
    to: email,
    subject: 'Your account on the rigging equipment portal',
    text: [
      'An account has been made for you on the rigging equipment portal.',
      '',
      'Choose your password with this link (it works once, within 7 days):',
      link,
      '',
      `Your username is your email address: ${email}`,
    ].join('\n'),
  };
}

/**
 * Adds an internal user with level None and no owners. The user, the set-password code and the mail
 * are written in one transaction; the mail is sent after the commit.
 */
export async function registerUser(ctx: RegisterContext, options: { actor: AuthUser; email: string }): Promise<AdminUser> {
  const { db } = ctx;
  if (await isEmailRegistered(db, options.email)) throw badRequest('email', messages.couldNotAddUser);
  let created: { userId: number; mailId: number };
  try {
    created = await db.transaction(async (tx) => {
      const userId = await insertUser(tx, {
        email: options.email,
        userType: UserType.Admin,
        userLevel: UserLevel.None,
        allOwners: false,
        ...createdBy(options.actor),
      });
      const code = await issueResetCode(tx, userId, REGISTRATION_CODE_TTL_MS);
      const mailId = await queueMail(tx, welcomeMail(options.email, passwordLink(ctx.config.publicUrl, userId, code)));
      return { userId, mailId };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_key')) throw badRequest('email', messages.couldNotAddUser);
    throw error;
  }
  await deliverMail(ctx, created.mailId);
  return getAdminUser(db, created.userId, options.actor);
}

/**
 * A SystemAdministrator sets the password of another user they manage: the user's sessions end, unused
 * set-password links stop working. (Failed sign-ins never lock an account: see account/throttle.ts.)
 */
export async function setUserPassword(db: Database, options: { actor: AuthUser; body: SetPasswordBody }): Promise<void> {
  const { actor, body } = options;
  const target = await findTarget(db, body.userId, actor);
  if (target.id === actor.id) throw badRequest('userId', userMessages.setOwnPassword);
  const passwordHash = await hashNewPassword(body.newPassword);
  await db.transaction(async (tx) => {
    await updateUser(tx, target.id, { passwordHash, ...updatedBy(actor) });
    await voidResetCodes(tx, target.id);
    await revokeUserSessions(tx, target.id);
  });
}
