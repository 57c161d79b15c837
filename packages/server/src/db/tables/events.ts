/** Folders (pick lists), events, event items and the latest status per item. */
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { audit } from './columns.ts';
import { equipment } from './equipment.ts';
import { files } from './files.ts';
import { measurementTemplateVersions } from './measurements.ts';

/** One tree for the pick lists: event types -> statuses, rigs -> projects. */
export const folders = pgTable(
  'folders',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['eventType', 'status', 'rig', 'project'] }).notNull(),
    parentId: integer('parent_id').references((): any => folders.id),
    name: text('name').notNull(),
    color: text('color').notNull().default('default'),
    isDefault: boolean('is_default').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    /** A status's meaning (contract folders/meanings.ts); null for the other kinds. */
    meaning: text('meaning', { enum: ['fit', 'monitor', 'condemned', 'notInspected'] }),
    ...audit,
  },
  (t) => [
    uniqueIndex('folders_parent_name_key').on(t.kind, sql`coalesce(${t.parentId}, 0)`, sql`lower(${t.name})`),
    uniqueIndex('folders_one_default_key').on(t.kind, sql`coalesce(${t.parentId}, 0)`).where(sql`${t.isDefault}`),
    index('folders_parent_idx').on(t.parentId),
    index('folders_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`),
    check('folders_parent_kind', sql`(${t.kind} in ('eventType', 'rig')) = (${t.parentId} is null)`),
    check('folders_status_meaning', sql`(${t.kind} = 'status') = (${t.meaning} is not null)`),
  ],
);

/**
 * The meanings the upgrade to status meanings chose from colours (migration 0032), one row per status,
 * listed on /Admin/Events until an Admin confirms them (docs/due-dates.md "Status meanings").
 */
export const statusMeaningReviews = pgTable('status_meaning_reviews', {
  statusId: integer('status_id')
    .primaryKey()
    .references(() => folders.id, { onDelete: 'cascade' }),
  reason: text('reason').notNull(),
  confirmedBy: text('confirmed_by'),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
});

/**
 * The event's searchable text of its own columns, one line each (a term never matches across two
 * fields); the type, rig and project names are matched in `folders` (folders_name_trgm). Stored
 * lower-cased in `events.search_text` (see there).
 */
export function eventSearchText(t: {
  eventLocation: AnyColumn;
  documentNo: AnyColumn;
  responsible: AnyColumn;
  company: AnyColumn;
  ahv: AnyColumn;
}) {
  const part = (c: AnyColumn) => sql`coalesce(${c}, '')`;
  return sql`${part(t.eventLocation)} || E'\\n' || ${part(t.documentNo)} || E'\\n' || ${part(t.responsible)} || E'\\n' || ${part(t.company)} || E'\\n' || ${part(t.ahv)}`;
}

export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    typeId: integer('type_id')
      .notNull()
      .references(() => folders.id),
    rigId: integer('rig_id')
      .notNull()
      .references(() => folders.id),
    /** The spec's referenceNo: the project. */
    projectId: integer('project_id')
      .notNull()
      .references(() => folders.id),
    eventLocation: text('event_location'),
    eventDate: date('event_date', { mode: 'string' }).notNull(),
    ahv: text('ahv'),
    comment: text('comment'),
    documentNo: text('document_no'),
    responsible: text('responsible'),
    company: text('company'),
    isRenewal: boolean('is_renewal').notNull().default(false),
    category: text('category'),
    resetAge: boolean('reset_age').notNull().default(false),
    ageAtReset: numeric('age_at_reset', { precision: 6, scale: 2, mode: 'number' }),
    fileId: integer('file_id').references(() => files.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    /** The event this one was copied from (POST /Events with eventToCopyFromId); null once that is deleted (decision 084). */
    copiedFromEventId: integer('copied_from_event_id').references((): AnyPgColumn => events.id, { onDelete: 'set null' }),
    /**
     * The look-up's text, lower-cased once on write: `search_text like lower(pattern)` answers as
     * `eventSearchText ilike pattern` (PostgreSQL's ilike lower-cases both sides in a UTF-8 database),
     * without lower-casing five joined columns per row read (docs/events.md, look-up).
     */
    searchText: text('search_text').generatedAlwaysAs((): SQL => sql`lower(${eventSearchText(events)})`),
    ...audit,
  },
  (t) => [
    index('events_date_idx').on(t.eventDate.desc(), t.id.desc()),
    index('events_type_idx').on(t.typeId, t.eventDate.desc()),
    index('events_rig_idx').on(t.rigId, t.eventDate.desc()),
    index('events_project_idx').on(t.projectId),
    // Deleting a file sets its events' file_id to null: found by this index, not by reading every event.
    index('events_file_idx').on(t.fileId).where(sql`${t.fileId} is not null`),
    // Deleting an event sets its copies' copied_from_event_id to null: found here, not by reading every event.
    index('events_copied_from_idx').on(t.copiedFromEventId).where(sql`${t.copiedFromEventId} is not null`),
    index('events_created_by_idx').on(t.createdBy, t.eventDate.desc()),
    // The list's other sorts (contract eventSortKeys): walked forwards or backwards, the id breaks ties.
    index('events_document_no_sort_idx').on(t.documentNo, t.id),
    index('events_location_sort_idx').on(t.eventLocation, t.id),
    index('events_responsible_sort_idx').on(t.responsible, t.id),
    index('events_company_sort_idx').on(t.company, t.id),
    // The event look-up's own text (docs/events.md), lower-cased: one trigram index.
    index('events_search_text_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // Renewal and reset-age events (about a tenth), with what an item's effective age needs: the
    // triggers of equipment_age_events (decision 056) find an inserted item's event here, index only.
    index('events_age_reset_idx').on(t.id, t.eventDate, t.isRenewal, t.resetAge, t.ageAtReset).where(sql`${t.isRenewal} or ${t.resetAge}`),
    check('events_age_at_reset', sql`not ${t.resetAge} or ${t.isRenewal} or ${t.ageAtReset} is not null`),
  ],
);

/**
 * The spec's event components. A notification is an event item with `notification` on: it is listed
 * until the flag is turned off, so there is no separate notifications table to drift out of step.
 */
export const eventItems = pgTable(
  'event_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    equipmentId: integer('equipment_id')
      .notNull()
      .references(() => equipment.id),
    sequence: integer('sequence').notNull(),
    statusId: integer('status_id').references(() => folders.id),
    comment: text('comment'),
    notification: boolean('notification').notNull().default(false),
    /**
     * What the inspector measured (issue 28 part 4, docs/measurements.md "Recording"): one set per item,
     * the worst link or place, as [{key, value}] by the template's keys. Sealed with the item (decision 077).
     */
    measurements: jsonb('measurements').$type<{ key: string; value: number | string | boolean }[]>().notNull().default([]),
    /** The template version the measurements were judged by; kept while the item has measurements. */
    measurementVersionId: integer('measurement_version_id').references(() => measurementTemplateVersions.id),
    /**
     * The status the criteria proposed when the measurements or the status were last saved (null: none).
     * No foreign key: a status only ever proposed must stay deletable (folders refuse only statuses in use).
     */
    proposedStatusId: integer('proposed_status_id'),
    /** Why the status differs from the proposal, as the inspector gave it. */
    verdictReason: text('verdict_reason'),
    /**
     * One more with each change of its status or comment (decision 083): a change based on an older
     * version (one made offline) is refused with both values, not applied over the newer one.
     */
    version: integer('version').notNull().default(1),
    ...audit,
  },
  (t) => [
    check('event_items_measurement_version_check', sql`(${t.measurements} = '[]'::jsonb) = (${t.measurementVersionId} is null)`),
    uniqueIndex('event_items_event_equipment_key').on(t.eventId, t.equipmentId),
    index('event_items_event_sequence_idx').on(t.eventId, t.sequence),
    index('event_items_equipment_idx').on(t.equipmentId, t.eventId),
    index('event_items_status_idx').on(t.statusId),
    index('event_items_notification_idx').on(t.equipmentId).where(sql`${t.notification}`),
    // The notifications list walks events by date and probes each for flagged items (docs/event-items.md).
    index('event_items_notification_event_idx').on(t.eventId, t.id).where(sql`${t.notification}`),
  ],
);

export const eventItemImages = pgTable(
  'event_item_images',
  {
    id: serial('id').primaryKey(),
    eventItemId: bigint('event_item_id', { mode: 'number' })
      .notNull()
      .references(() => eventItems.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    ...audit,
  },
  (t) => [index('event_item_images_item_idx').on(t.eventItemId), index('event_item_images_file_idx').on(t.fileId)],
);

/**
 * The latest status of each equipment item (by event date, then event id), kept by triggers in the
 * same transaction as every event item write (db/derived/equipment_latest_status.sql), so that the
 * red/yellow reports read one indexed row per item.
 */
export const equipmentLatestStatus = pgTable(
  'equipment_latest_status',
  {
    equipmentId: integer('equipment_id')
      .primaryKey()
      .references(() => equipment.id, { onDelete: 'cascade' }),
    eventItemId: bigint('event_item_id', { mode: 'number' })
      .notNull()
      .references(() => eventItems.id, { onDelete: 'cascade' }),
    eventId: integer('event_id').notNull(),
    eventDate: date('event_date', { mode: 'string' }).notNull(),
    statusId: integer('status_id'),
    color: text('color'),
    /** The item's latest inspection: its latest event item whose status means fit, monitor or condemned (null: none). */
    inspectionEventItemId: bigint('inspection_event_item_id', { mode: 'number' }),
    inspectionDate: date('inspection_date', { mode: 'string' }),
    inspectionStatusId: integer('inspection_status_id'),
    inspectionMeaning: text('inspection_meaning'),
  },
  // event_item_id: deleting event items cascades here; without it each deleted item read the whole table.
  (t) => [index('equipment_latest_status_color_idx').on(t.color), index('equipment_latest_status_event_item_idx').on(t.eventItemId)],
);

/**
 * The renewal and reset-age events each item was in (docs/equipment-age.md, "Effective age"), with
 * what its effective age needs, kept by triggers on event_items and events in the writing transaction
 * (db/derived/equipment_age_events.sql, decision 056). A page of items reads each item's latest one by one
 * backward probe of the key, instead of probing the item's ~11 event items and their events.
 * No foreign keys: the triggers remove the rows (an item with event items cannot be deleted).
 */
export const equipmentAgeEvents = pgTable(
  'equipment_age_events',
  {
    equipmentId: integer('equipment_id').notNull(),
    eventDate: date('event_date', { mode: 'string' }).notNull(),
    eventId: integer('event_id').notNull(),
    isRenewal: boolean('is_renewal').notNull(),
    resetAge: boolean('reset_age').notNull(),
    ageAtReset: numeric('age_at_reset', { precision: 6, scale: 2, mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.equipmentId, t.eventDate, t.eventId] })],
);
