/** Users, sessions and what belongs to signing in. */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { audit, ts } from './columns.ts';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    alias: text('alias'),
    passwordHash: text('password_hash'),
    userType: smallint('user_type').notNull().default(0),
    userLevel: smallint('user_level').notNull().default(0),
    allOwners: boolean('all_owners').notNull().default(false),
    /** Current owner choice (PUT /Account/{id}/currentOwner). */
    currentOwnerId: integer('current_owner_id'),
    /** Wrong password-reset codes since reset_failures_since (the per-account limit, an hour long). */
    resetFailures: integer('reset_failures').notNull().default(0),
    resetFailuresSince: ts('reset_failures_since'),
    /** The inspector profile prefilled at sign-off (issue 25): name, qualification and employer. */
    inspectorName: text('inspector_name'),
    inspectorQualification: text('inspector_qualification'),
    inspectorCompany: text('inspector_company'),
    ...audit,
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_alias_key').on(sql`lower(${t.alias})`),
    check('users_level_range', sql`${t.userLevel} between 0 and 5`),
    check('users_type_range', sql`${t.userType} in (0, 1)`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the bearer token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    ip: text('ip'),
    /** Set for a chip sign-in: the session's level is capped here (Events), whatever the user's level. */
    maxLevel: smallint('max_level'),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Single-use codes for password set/reset links; stored hashed. */
export const passwordResetCodes = pgTable(
  'password_reset_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('password_reset_codes_user_idx').on(t.userId)],
);

/** Short-lived single-use tokens for download links (exports, files), so links never carry a session token. */
export const downloadTokens = pgTable(
  'download_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The session that asked for it: a logout or a revoked session ends its links too. */
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  // A user's or a session's deletion removes its links through these (decision 054's foreign key rule).
  (t) => [index('download_tokens_user_idx').on(t.userId), index('download_tokens_session_idx').on(t.sessionId)],
);

/** Mails to send; without SMTP_URL they stay here (and in the log) for development and tests. */
export const outboxMails = pgTable('outbox_mails', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  sentAt: ts('sent_at'),
  error: text('error'),
});

/**
 * Answers kept for `Idempotency-Key` (http/idempotency.ts): one per user and key, for a day. A row
 * without a status is a call still running; `request_hash` ties the key to one request.
 */
export const idempotentAnswers = pgTable(
  'idempotent_answers',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: smallint('status'),
    body: text('body'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotent_answers_created_idx').on(t.createdAt)],
);
