/**
 * The whole data model (spec section 3), designed for 200k equipment items and 2M event items.
 * Every table carries audit columns; `created_by`/`updated_by` hold the acting user's email as text,
 * so history keeps its author even after that user is deleted.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

const audit = {
  createdAt: ts('created_at').notNull().defaultNow(),
  createdBy: text('created_by'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  updatedBy: text('updated_by'),
};

// ---------------------------------------------------------------- accounts
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
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: ts('locked_until'),
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
export const downloadTokens = pgTable('download_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

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

// ---------------------------------------------------------------- owners and catalogue
export const owners = pgTable(
  'owners',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    shortCode: text('short_code').notNull().default(''),
    label: text('label').notNull().default('default'),
    ...audit,
  },
  (t) => [uniqueIndex('owners_name_key').on(sql`lower(${t.name})`)],
);

export const userOwners = pgTable(
  'user_owners',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => owners.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.ownerId] }), index('user_owners_owner_idx').on(t.ownerId)],
);

export const certificateTypes = pgTable(
  'certificate_types',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => owners.id),
    name: text('name').notNull(),
    ...audit,
  },
  (t) => [uniqueIndex('certificate_types_owner_name_key').on(t.ownerId, sql`lower(${t.name})`)],
);

export const certificateSubTypes = pgTable(
  'certificate_sub_types',
  {
    id: serial('id').primaryKey(),
    certificateTypeId: integer('certificate_type_id')
      .notNull()
      .references(() => certificateTypes.id),
    name: text('name').notNull(),
    ...audit,
  },
  (t) => [uniqueIndex('certificate_sub_types_type_name_key').on(t.certificateTypeId, sql`lower(${t.name})`)],
);

export const dimensions = pgTable(
  'dimensions',
  {
    id: serial('id').primaryKey(),
    subTypeId: integer('sub_type_id')
      .notNull()
      .references(() => certificateSubTypes.id),
    name: text('name').notNull(),
    ...audit,
  },
  (t) => [uniqueIndex('dimensions_sub_type_name_key').on(t.subTypeId, sql`lower(${t.name})`)],
);

// ---------------------------------------------------------------- files
/** File bytes live in the database, so the server stays stateless and backups are complete. */
export const files = pgTable('files', {
  id: serial('id').primaryKey(),
  fileName: text('file_name').notNull(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  sha256: text('sha256').notNull(),
  data: bytea('data').notNull(),
  ...audit,
});

export const helpFiles = pgTable(
  'help_files',
  {
    id: serial('id').primaryKey(),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    ...audit,
  },
  (t) => [uniqueIndex('help_files_file_key').on(t.fileId)],
);

// ---------------------------------------------------------------- certificates and equipment
export const certificates = pgTable(
  'certificates',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => owners.id),
    typeId: integer('type_id')
      .notNull()
      .references(() => certificateTypes.id),
    subTypeId: integer('sub_type_id')
      .notNull()
      .references(() => certificateSubTypes.id),
    dimensionId: integer('dimension_id')
      .notNull()
      .references(() => dimensions.id),
    certificateNumber: text('certificate_number').notNull(),
    manufacturer: text('manufacturer'),
    quality: text('quality'),
    certifiedToCode: text('certified_to_code'),
    dateSigned: date('date_signed', { mode: 'string' }),
    certificateIssuedBy: text('certificate_issued_by'),
    otherInformation: text('other_information'),
    color: text('color').notNull().default('none'),
    fileId: integer('file_id').references(() => files.id, { onDelete: 'set null' }),
    /** Optimistic concurrency: an edit carrying an older version is refused (409). */
    version: integer('version').notNull().default(1),
    ...audit,
  },
  (t) => [
    index('certificates_owner_idx').on(t.ownerId),
    index('certificates_catalogue_idx').on(t.ownerId, t.typeId, t.subTypeId, t.dimensionId),
    index('certificates_number_trgm').using('gin', sql`${t.certificateNumber} gin_trgm_ops`),
  ],
);

export const equipment = pgTable(
  'equipment',
  {
    id: serial('id').primaryKey(),
    /** Hard-stamped on the steel; unique in the whole system. */
    stampedId: text('stamped_id').notNull(),
    /** Null means unlinked (no certificate). */
    certificateId: integer('certificate_id').references(() => certificates.id, { onDelete: 'set null' }),
    parentId: integer('parent_id').references((): any => equipment.id, { onDelete: 'set null' }),
    description: text('description'),
    length: numeric('length', { precision: 12, scale: 2, mode: 'number' }),
    comment: text('comment'),
    /** Inactive. */
    hidden: boolean('hidden').notNull().default(false),
    version: integer('version').notNull().default(1),
    ...audit,
  },
  (t) => [
    uniqueIndex('equipment_stamped_id_key').on(t.stampedId),
    index('equipment_certificate_idx').on(t.certificateId),
    index('equipment_parent_idx').on(t.parentId),
    index('equipment_unlinked_idx').on(t.id).where(sql`${t.certificateId} is null`),
    index('equipment_stamped_id_trgm').using('gin', sql`${t.stampedId} gin_trgm_ops`),
  ],
);

/** Append-only: every change of an item's record is a new row (inspection history is evidence). */
export const equipmentHistory = pgTable(
  'equipment_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    equipmentId: integer('equipment_id')
      .notNull()
      .references(() => equipment.id, { onDelete: 'cascade' }),
    stampedId: text('stamped_id').notNull(),
    certificateId: integer('certificate_id'),
    length: numeric('length', { precision: 12, scale: 2, mode: 'number' }),
    hidden: boolean('hidden').notNull(),
    comment: text('comment'),
    changedAt: ts('changed_at').notNull().defaultNow(),
    changedBy: text('changed_by'),
  },
  (t) => [index('equipment_history_equipment_idx').on(t.equipmentId, t.changedAt)],
);

/** An RFID chip belongs to exactly one equipment item or one user; chip ids are unique across both. */
export const chips = pgTable(
  'chips',
  {
    chipId: text('chip_id').primaryKey(),
    equipmentId: integer('equipment_id').references(() => equipment.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    dateRegistered: ts('date_registered').notNull().defaultNow(),
    createdBy: text('created_by'),
  },
  (t) => [
    index('chips_equipment_idx').on(t.equipmentId),
    uniqueIndex('chips_user_key').on(t.userId),
    check('chips_one_holder', sql`(${t.equipmentId} is null) <> (${t.userId} is null)`),
  ],
);

/** Short coloured labels attached to stamped ids by import; the stamped id need not exist yet. */
export const equipmentTags = pgTable(
  'equipment_tags',
  {
    id: serial('id').primaryKey(),
    stampedId: text('stamped_id').notNull(),
    tag: text('tag').notNull(),
    color: text('color').notNull().default('default'),
    ...audit,
  },
  (t) => [uniqueIndex('equipment_tags_stamped_tag_key').on(t.stampedId, t.tag)],
);

// ---------------------------------------------------------------- folders, events, event items
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
    ...audit,
  },
  (t) => [
    uniqueIndex('folders_parent_name_key').on(t.kind, sql`coalesce(${t.parentId}, 0)`, sql`lower(${t.name})`),
    uniqueIndex('folders_one_default_key').on(t.kind, sql`coalesce(${t.parentId}, 0)`).where(sql`${t.isDefault}`),
    index('folders_parent_idx').on(t.parentId),
    check('folders_parent_kind', sql`(${t.kind} in ('eventType', 'rig')) = (${t.parentId} is null)`),
  ],
);

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
    ...audit,
  },
  (t) => [
    index('events_date_idx').on(t.eventDate.desc(), t.id.desc()),
    index('events_type_idx').on(t.typeId, t.eventDate.desc()),
    index('events_rig_idx').on(t.rigId, t.eventDate.desc()),
    index('events_project_idx').on(t.projectId),
    index('events_created_by_idx').on(t.createdBy, t.eventDate.desc()),
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
    ...audit,
  },
  (t) => [
    uniqueIndex('event_items_event_equipment_key').on(t.eventId, t.equipmentId),
    index('event_items_event_sequence_idx').on(t.eventId, t.sequence),
    index('event_items_equipment_idx').on(t.equipmentId, t.eventId),
    index('event_items_status_idx').on(t.statusId),
    index('event_items_notification_idx').on(t.equipmentId).where(sql`${t.notification}`),
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
  (t) => [index('event_item_images_item_idx').on(t.eventItemId)],
);

/**
 * The latest status of each equipment item (by event date, then event id), maintained in the same
 * transaction as every event item write, so that the red/yellow reports read one indexed row per item.
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
  },
  (t) => [index('equipment_latest_status_color_idx').on(t.color)],
);

// ---------------------------------------------------------------- backups
export const backups = pgTable('backups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** 'full' (schema and data) or 'partial' (data only). */
  kind: text('kind', { enum: ['full', 'partial'] }).notNull(),
  status: text('status', { enum: ['running', 'done', 'failed'] }).notNull(),
  fileId: integer('file_id').references(() => files.id, { onDelete: 'set null' }),
  error: text('error'),
  createdAt: ts('created_at').notNull().defaultNow(),
  createdBy: text('created_by'),
  finishedAt: ts('finished_at'),
});
