/** Certificates, equipment items, their history, chips and tags. */
import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, date, index, integer, numeric, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { certificateSubTypes, certificateTypes, dimensions, owners } from './catalogue.ts';
import { audit, ts } from './columns.ts';
import { files } from './files.ts';

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
    // Deleting a file sets its certificates' file_id to null: found by this index, not a full read.
    index('certificates_file_idx').on(t.fileId).where(sql`${t.fileId} is not null`),
    index('certificates_catalogue_idx').on(t.ownerId, t.typeId, t.subTypeId, t.dimensionId),
    index('certificates_number_trgm').using('gin', sql`${t.certificateNumber} gin_trgm_ops`),
    // The certificate list's sorts (ascending indexes, walked backward for descending pages).
    index('certificates_number_idx').on(t.certificateNumber, t.id),
    index('certificates_signed_idx').on(t.dateSigned, t.id),
    index('certificates_owner_number_idx').on(t.ownerId, t.certificateNumber, t.id),
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
    /**
     * A known case duplicate: the upgrade that made stamped ids unique without regard to case found
     * this item's id on another item in another case, and left it out of the unique index until a
     * person renames one of them (the "Case duplicates" list; docs/event-items.md).
     */
    caseDuplicate: boolean('case_duplicate').notNull().default(false),
    version: integer('version').notNull().default(1),
    ...audit,
  },
  (t) => [
    uniqueIndex('equipment_stamped_id_key').on(t.stampedId),
    // One item per stamped id whatever its case; every look-up compares lower(stamped_id) through the
    // second index, which also holds the known case duplicates (the first leaves them out).
    uniqueIndex('equipment_stamped_id_lower_key').using('btree', sql`lower(${t.stampedId})`).where(sql`not ${t.caseDuplicate}`),
    index('equipment_stamped_id_lower_idx').using('btree', sql`lower(${t.stampedId})`),
    index('equipment_case_duplicate_idx').on(t.id).where(sql`${t.caseDuplicate}`),
    // With the stamped id, a certificate's item count and first/last stamped id read the index alone (the certificate list).
    index('equipment_certificate_idx').on(t.certificateId, t.stampedId),
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
    // Scanners differ in the case they type: one chip whatever its case, found by lower(chip_id) (= and prefix).
    uniqueIndex('chips_chip_id_lower_key').using('btree', sql`lower(${t.chipId}) text_pattern_ops`),
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
