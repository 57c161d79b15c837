/**
 * Seals (issue 25, decision 074): a sign-off seals an event; every write to a sealed event or its items
 * is refused by the triggers of migration 0034 (docs/sign-off.md). Append-only: a seal is never
 * updated or deleted. Part 3's hash chain adds its columns here (hash, previous hash, form version).
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';
import { events } from './events.ts';

export const eventSeals = pgTable(
  'event_seals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** No cascade: a sealed event cannot be deleted, and the seal outlives any attempt. */
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    /** 'signOff' now; amendments (part 3 of issue 25) add their own kind to the same chain. */
    kind: text('kind', { enum: ['signOff'] }).notNull(),
    /** The account that signed (kept as email too, so the seal names it after the user is deleted). */
    userId: integer('user_id'),
    userEmail: text('user_email').notNull(),
    /** As entered at sign-off (LOLER Schedule 1: the examiner's name, qualification and employer). */
    inspector: text('inspector').notNull(),
    qualification: text('qualification').notNull(),
    company: text('company').notNull(),
    signedAt: ts('signed_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('event_seals_one_sign_off_key').on(t.eventId).where(sql`${t.kind} = 'signOff'`),
    index('event_seals_event_idx').on(t.eventId),
    check('event_seals_kind', sql`${t.kind} in ('signOff')`),
  ],
);

/** Every change of an item's notification flag, with who and when: the flag stays writable after sign-off. */
export const eventItemFlagChanges = pgTable(
  'event_item_flag_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventItemId: bigint('event_item_id', { mode: 'number' }).notNull(),
    notification: boolean('notification').notNull(),
    changedAt: ts('changed_at').notNull().defaultNow(),
    changedBy: text('changed_by'),
  },
  (t) => [index('event_item_flag_changes_item_idx').on(t.eventItemId, t.changedAt)],
);
