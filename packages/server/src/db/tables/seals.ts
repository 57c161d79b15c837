/**
 * Seals (issue 25, decision 075): a sign-off seals an event; every write to a sealed event or its items
 * is refused by the triggers of db/derived/seals.sql (docs/sign-off.md). Append-only: a seal is never
 * updated or deleted. Each seal stores the SHA-256 of its canonical form (db/seal-hash.ts) chained to
 * the previous seal's hash: one chain for the database.
 */

import { documentKinds } from '@portal/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bytea, ts } from './columns.ts';
import { events } from './events.ts';

export const eventSeals = pgTable(
  'event_seals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** No cascade: a sealed event cannot be deleted, and the seal outlives any attempt. */
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    /** A sign-off (one per event), or an amendment of one of its items: both are links of the one chain. */
    kind: text('kind', { enum: ['signOff', 'amendment'] }).notNull(),
    /** The account that signed (kept as email too, so the seal names it after the user is deleted). */
    userId: integer('user_id'),
    userEmail: text('user_email').notNull(),
    /** As entered at sign-off (LOLER Schedule 1: the examiner's name, qualification and employer); null on an amendment. */
    inspector: text('inspector'),
    qualification: text('qualification'),
    company: text('company'),
    /** An amendment: the item it corrects, why, and its status and comment before and after. */
    eventItemId: bigint('event_item_id', { mode: 'number' }),
    reason: text('reason'),
    before: jsonb('before'),
    after: jsonb('after'),
    signedAt: ts('signed_at').notNull().defaultNow(),
    /** The canonical form's version this seal was hashed with: a seal is checked by its own version. */
    formVersion: smallint('form_version').notNull(),
    /** The names at sign-off (type, rig, project, statuses, stamped ids): renaming later changes neither the seal nor what it says. */
    snapshot: jsonb('snapshot').notNull(),
    /** SHA-256 (hex) of the previous seal's hash and this seal's canonical form; null before the first seal. */
    previousHash: text('previous_hash'),
    hash: text('hash').notNull(),
  },
  (t) => [
    uniqueIndex('event_seals_one_sign_off_key').on(t.eventId).where(sql`${t.kind} = 'signOff'`),
    index('event_seals_event_idx').on(t.eventId),
    // One chain: no two seals name the same predecessor (and only one starts it).
    uniqueIndex('event_seals_previous_hash_key').on(sql`coalesce(${t.previousHash}, '')`),
    check(
      'event_seals_kind',
      sql`(${t.kind} = 'signOff' and ${t.inspector} is not null and ${t.qualification} is not null and ${t.company} is not null)
        or (${t.kind} = 'amendment' and ${t.eventItemId} is not null and ${t.reason} is not null and ${t.before} is not null and ${t.after} is not null)`,
    ),
    index('event_seals_item_idx').on(t.eventItemId).where(sql`${t.eventItemId} is not null`),
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

/**
 * Issued documents (issue 25 parts 4 and 5): each download of a PDF the portal issues, for a signed
 * event (`eventReport`, `event_id`) or for an item (`itemEvidence`, `equipment_id`, and in `event_ids`
 * the signed events it lists, whose seals make it valid). The code is what the document prints (its
 * link and QR code); the SHA-256 is of the file as sent, stored when its download ends. Rows are only
 * added, and `sha256` set once. No key to the item: a document outlives an item deleted later.
 */
export const issuedDocuments = pgTable(
  'issued_documents',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    kind: text('kind', { enum: documentKinds }).notNull(),
    eventId: integer('event_id').references(() => events.id),
    equipmentId: integer('equipment_id'),
    eventIds: integer('event_ids').array(),
    /** A survey pack's owner and rig (`surveyPack`: `event_ids` are the signed events of its items' last inspections). */
    ownerId: integer('owner_id'),
    rigId: integer('rig_id'),
    /** The inspector's name and company at sign-off (an item's: of each signed event it lists), as the document prints them. */
    signedBy: text('signed_by').notNull(),
    issuedAt: ts('issued_at').notNull().defaultNow(),
    issuedBy: text('issued_by').notNull(),
    sha256: text('sha256'),
  },
  (t) => [
    uniqueIndex('issued_documents_code_key').on(t.code),
    index('issued_documents_event_idx').on(t.eventId),
    check(
      'issued_documents_record',
      sql`(${t.kind} = 'eventReport' and ${t.eventId} is not null)
        or (${t.kind} = 'itemEvidence' and ${t.equipmentId} is not null and ${t.eventIds} is not null)
        or (${t.kind} = 'surveyPack' and ${t.ownerId} is not null and ${t.rigId} is not null and ${t.eventIds} is not null)`,
    ),
  ],
);

/**
 * The demo's self-signed certificate for signing issued PDFs (decision 076): made once, when the demo
 * data is loaded, and shared by every instance through the database. One row (id 1). Left out of every
 * backup (backups/format.ts): a key does not travel with the data. A real deployment configures its
 * own certificate (PDF_SIGNING_P12) and uses no row here.
 */
export const signingCertificates = pgTable('signing_certificates', {
  id: smallint('id').primaryKey(),
  p12: bytea('p12').notNull(),
  passphrase: text('passphrase').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
