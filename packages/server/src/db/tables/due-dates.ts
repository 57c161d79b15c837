/**
 * Inspection due dates (docs/due-dates.md): regimes per certificate type / sub-type, what each event
 * type counts as, the due date per equipment item (maintained by triggers, db/derived/equipment_due.sql),
 * reminder subscriptions and the reminders already sent.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { certificateSubTypes, certificateTypes, owners } from './catalogue.ts';
import { audit, ts } from './columns.ts';
import { equipment } from './equipment.ts';
import { folders } from './events.ts';

/** A regime of a certificate type (sub_type_id null) or a sub-type's override; null months: no clock. */
export const dueRegimes = pgTable(
  'due_regimes',
  {
    id: serial('id').primaryKey(),
    certificateTypeId: integer('certificate_type_id')
      .notNull()
      .references(() => certificateTypes.id, { onDelete: 'cascade' }),
    subTypeId: integer('sub_type_id').references(() => certificateSubTypes.id, { onDelete: 'cascade' }),
    inspectionMonths: integer('inspection_months'),
    renewalMonths: integer('renewal_months'),
    ...audit,
  },
  (t) => [
    uniqueIndex('due_regimes_type_sub_type_key').on(t.certificateTypeId, sql`coalesce(${t.subTypeId}, 0)`),
    index('due_regimes_sub_type_idx').on(t.subTypeId),
    check(
      'due_regimes_months',
      sql`(${t.inspectionMonths} is null or ${t.inspectionMonths} between 1 and 240) and (${t.renewalMonths} is null or ${t.renewalMonths} between 1 and 240)`,
    ),
  ],
);

/** An event type that counts as an inspection or a renewal; no row: neither. */
export const eventTypeDueKinds = pgTable(
  'event_type_due_kinds',
  {
    eventTypeId: integer('event_type_id')
      .primaryKey()
      .references(() => folders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['inspection', 'renewal'] }).notNull(),
    ...audit,
  },
  (t) => [check('event_type_due_kinds_kind', sql`${t.kind} in ('inspection', 'renewal')`)],
);

/** One row per active, linked item with a due date; kept by triggers in the writing transaction. */
export const equipmentDue = pgTable(
  'equipment_due',
  {
    equipmentId: integer('equipment_id')
      .primaryKey()
      .references(() => equipment.id, { onDelete: 'cascade' }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => owners.id, { onDelete: 'cascade' }),
    certificateTypeId: integer('certificate_type_id').notNull(),
    /** The rig of the item's latest event (any type), for the rig filter. */
    rigId: integer('rig_id'),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    dueKind: text('due_kind', { enum: ['inspection', 'renewal'] }).notNull(),
    /** The date the clock counts from (last counting event or the signed date). */
    basisDate: date('basis_date', { mode: 'string' }).notNull(),
    /** The renewal clock alone (null: no renewal interval): the Renewal report's due date. */
    renewalDue: date('renewal_due', { mode: 'string' }),
    /** The latest inspection means condemned: red whatever the date. */
    condemned: boolean('condemned').notNull().default(false),
  },
  (t) => [
    index('equipment_due_date_idx').on(t.dueDate, t.equipmentId),
    // Condemned items are few: the light counts correct the date ranges by them.
    index('equipment_due_condemned_idx').on(t.dueDate, t.equipmentId).where(sql`${t.condemned}`),
    index('equipment_due_owner_date_idx').on(t.ownerId, t.dueDate, t.equipmentId),
  ],
);

/**
 * Items with a due date per owner and day, kept from equipment_due's own rows by statement triggers
 * (db/derived/equipment_due_days.sql): the light counts of /Reports/Due sum a few thousand day rows instead of
 * counting up to 200,000 index entries per page (decision 048). Rows reaching 0 stay; sums skip nothing.
 */
export const equipmentDueDays = pgTable(
  'equipment_due_days',
  {
    ownerId: integer('owner_id').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    n: integer('n').notNull(),
    // Of them, the items whose latest inspection condemned them: red whatever their date (decision 096).
    condemned: integer('condemned').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.ownerId, t.dueDate] }),
    // The light counts read only the days of the months around today and the warning window.
    index('equipment_due_days_date_idx').on(t.dueDate, t.ownerId, t.n, t.condemned),
  ],
);

/**
 * The same per owner and month (first day), kept the same way (db/derived/equipment_due_months.sql): the light counts sum whole months away from today and the warning window here,
 * and only the days of the months around them in equipment_due_days (decision 058).
 */
export const equipmentDueMonths = pgTable(
  'equipment_due_months',
  {
    ownerId: integer('owner_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    n: integer('n').notNull(),
    condemned: integer('condemned').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.month] })],
);

export const dueSubscriptions = pgTable('due_subscriptions', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Reminders mailed: an item is mailed once per due date and light, whoever subscribes later. */
export const dueRemindersSent = pgTable(
  'due_reminders_sent',
  {
    equipmentId: integer('equipment_id')
      .notNull()
      .references(() => equipment.id, { onDelete: 'cascade' }),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    light: text('light', { enum: ['yellow', 'red'] }).notNull(),
    sentAt: ts('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.equipmentId, t.dueDate, t.light] })],
);

/** One row per digest run (the job's own log; the last one is "since the last run"). */
export const dueReminderRuns = pgTable('due_reminder_runs', {
  id: serial('id').primaryKey(),
  runDate: date('run_date', { mode: 'string' }).notNull(),
  items: integer('items').notNull(),
  mails: integer('mails').notNull(),
  ranAt: ts('ran_at').notNull().defaultNow(),
});
