/**
 * Row counts kept by triggers (db/derived/, decision 038), so a list's total is a sum over a few
 * rows instead of a count over the table on every page (most of the certificate list's time before).
 * One row per value of the lists' filters.
 */
import { boolean, date, index, integer, jsonb, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { owners } from './catalogue.ts';
import { folders } from './events.ts';

/** Certificates per owner (the certificate list's owner scope and owner filter). */
export const certificateCounts = pgTable('certificate_counts', {
  ownerId: integer('owner_id')
    .primaryKey()
    .references(() => owners.id, { onDelete: 'cascade' }),
  n: integer('n').notNull(),
  /** Certificates with a file (key info's summary), migration report_aggregates. */
  files: integer('files').notNull().default(0),
});

/** Events per event type, rig and author (the events list's three filters); no author is ''. */
export const eventCounts = pgTable(
  'event_counts',
  {
    typeId: integer('type_id')
      .notNull()
      .references(() => folders.id, { onDelete: 'cascade' }),
    rigId: integer('rig_id')
      .notNull()
      .references(() => folders.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.typeId, t.rigId, t.createdBy] }), index('event_counts_rig_idx').on(t.rigId)],
);

/**
 * Items per event (the events list's item count column), so a page reads 50 rows, not 5,000 index
 * entries. No foreign key: deleting an event deletes its items in cascade, and their trigger must not
 * race a cascade on this table; the events' delete trigger removes the row.
 */
export const eventItemCounts = pgTable('event_item_counts', {
  eventId: integer('event_id').primaryKey(),
  n: integer('n').notNull(),
});

/**
 * Each linked item's report key (decision 046): owner, catalogue, active, latest event and status
 * colour ('' when none), and whether it has a chip, a parent or children, an open notification.
 * Refreshed by triggers on equipment, certificates, equipment_latest_status, chips and event items
 * (db/derived/report_items.sql); its own triggers keep the two count tables below from its old and new
 * rows, so the counts follow exactly what changed (and refresh `project_events`). The stamped id, length and number of chips ride
 * along (migration report_item_pages): an item report's page is picked here in stamped id order by an
 * index, and the chip report's count and the chain reports' total length are sums of the counts.
 */
export const reportItems = pgTable(
  'report_items',
  {
    equipmentId: integer('equipment_id').primaryKey(),
    ownerId: integer('owner_id').notNull(),
    typeId: integer('type_id').notNull(),
    subTypeId: integer('sub_type_id').notNull(),
    dimensionId: integer('dimension_id').notNull(),
    hidden: boolean('hidden').notNull(),
    eventId: integer('event_id'),
    /** The meaning of the item's latest inspection ('' when none): red and yellow reports (decision 071). */
    meaning: text('meaning').notNull(),
    chipped: boolean('chipped').notNull(),
    connected: boolean('connected').notNull(),
    noticed: boolean('noticed').notNull(),
    stampedId: text('stamped_id').notNull(),
    length: numeric('length', { precision: 12, scale: 2 }),
    chips: integer('chips').notNull(),
  },
  (t) => [
    index('report_items_stamped_id_idx').on(t.stampedId),
    index('report_items_meaning_idx').on(t.meaning, t.hidden, t.stampedId),
    // The items of an event (project_events' refresh, decision 057).
    index('report_items_event_idx').on(t.eventId),
  ],
);

/**
 * Linked items per owner, catalogue node, active, inspected, latest inspection's meaning and the key info flags:
 * equipment totals, key info and the red/yellow counts read a few thousand rows instead of every
 * item. Rows reaching 0 stay; the reports skip them.
 */
export const equipmentReportCounts = pgTable(
  'equipment_report_counts',
  {
    ownerId: integer('owner_id').notNull(),
    typeId: integer('type_id').notNull(),
    subTypeId: integer('sub_type_id').notNull(),
    dimensionId: integer('dimension_id').notNull(),
    hidden: boolean('hidden').notNull(),
    inspected: boolean('inspected').notNull(),
    meaning: text('meaning').notNull(),
    chipped: boolean('chipped').notNull(),
    connected: boolean('connected').notNull(),
    noticed: boolean('noticed').notNull(),
    n: integer('n').notNull(),
    /** The items' chips and their summed length (the chip report's count, the chain reports' total length). */
    chips: integer('chips').notNull().default(0),
    length: numeric('length').notNull().default('0'),
  },
  (t) => [
    primaryKey({
      columns: [t.ownerId, t.typeId, t.subTypeId, t.dimensionId, t.hidden, t.inspected, t.meaning, t.chipped, t.connected, t.noticed],
    }),
  ],
);

/**
 * The projects report (decision 057): each event that is the latest of at least one active linked item,
 * with its rig, project and date, the owners of those items (sorted) and their count per owner and
 * latest inspection's meaning (`[{ owner_id, color, n }]`). Refreshed per event under the event's row lock by
 * report_items' and events' triggers; its own triggers keep the two roll-ups below. The index gives
 * each rig and project's first and last date for a set of owners.
 */
export const projectEvents = pgTable(
  'project_events',
  {
    eventId: integer('event_id').primaryKey(),
    rigId: integer('rig_id').notNull(),
    projectId: integer('project_id').notNull(),
    eventDate: date('event_date', { mode: 'string' }).notNull(),
    owners: integer('owners').array().notNull(),
    items: jsonb('items').notNull(),
  },
  (t) => [index('project_events_dates_idx').on(t.rigId, t.projectId, t.eventDate, t.owners)],
);

/** `project_events` per rig, project and owner set: the report's event count is of distinct events over the caller's owners. */
export const projectEventSets = pgTable(
  'project_event_sets',
  {
    rigId: integer('rig_id').notNull(),
    projectId: integer('project_id').notNull(),
    owners: integer('owners').array().notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.rigId, t.projectId, t.owners] })],
);

/** Active linked items per rig and project of their latest event, owner and latest inspection's meaning (`project_events.items` summed). */
export const projectItems = pgTable(
  'project_items',
  {
    rigId: integer('rig_id').notNull(),
    projectId: integer('project_id').notNull(),
    ownerId: integer('owner_id').notNull(),
    meaning: text('meaning').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.rigId, t.projectId, t.ownerId, t.meaning] })],
);

/**
 * Roll-ups of `report_items` for the aggregate reports (decision 053), a few hundred rows on the scale
 * set where `equipment_report_counts` has thousands: per owner, catalogue node and latest inspection's meaning, the
 * items and how many of them are active, active with a chip, connected, noticed and inspected, and
 * their chips.
 */
export const reportTotals = pgTable(
  'report_totals',
  {
    ownerId: integer('owner_id').notNull(),
    typeId: integer('type_id').notNull(),
    subTypeId: integer('sub_type_id').notNull(),
    dimensionId: integer('dimension_id').notNull(),
    meaning: text('meaning').notNull(),
    n: integer('n').notNull(),
    active: integer('active').notNull(),
    activeChipped: integer('active_chipped').notNull(),
    connected: integer('connected').notNull(),
    noticed: integer('noticed').notNull(),
    inspected: integer('inspected').notNull(),
    chips: integer('chips').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.typeId, t.subTypeId, t.dimensionId, t.meaning] })],
);

/** Event items of linked items per event, item owner and status (0: none): the activity report. */
export const eventItemColors = pgTable(
  'event_item_colors',
  {
    eventId: integer('event_id').notNull(),
    ownerId: integer('owner_id').notNull(),
    statusId: integer('status_id').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.ownerId, t.statusId] })],
);

/**
 * Event items of linked items per event and item owner, and per event under owner 0 (every owner), with
 * the event's date: a row turns 0 or back as its event loses or gains an item of that owner, which is
 * what activity_days counts (decision 097). The date is kept on the row so that the counts move with an
 * event's date and still find it while a deleted event's items go.
 */
export const eventItemOwners = pgTable(
  'event_item_owners',
  {
    eventId: integer('event_id').notNull(),
    ownerId: integer('owner_id').notNull(),
    eventDate: date('event_date', { mode: 'string' }),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.ownerId] })],
);

/**
 * Events per item owner and day that hold at least one linked item of that owner; owner 0: of any owner.
 * The activity report's count sums the days of its period for every owner or for one (decision 097).
 */
export const activityDays = pgTable(
  'activity_days',
  {
    ownerId: integer('owner_id').notNull(),
    eventDate: date('event_date', { mode: 'string' }).notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.eventDate] })],
);

/**
 * Active linked items per owner and rig of their latest event (`project_events.items` summed): the
 * survey pack's rigs read the caller's owners' rows by the key (decision 085).
 */
export const reportRigCounts = pgTable(
  'report_rig_counts',
  {
    ownerId: integer('owner_id').notNull(),
    rigId: integer('rig_id').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.rigId] })],
);
