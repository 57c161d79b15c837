/** Files (bytes in the database), help files and backups. */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { audit, bytea, ts } from './columns.ts';

/** File bytes live in the database, so the server stays stateless and backups are complete. */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    data: bytea('data').notNull(),
    /**
     * An image's size as its header declares it, read on upload or by the renditions upgrade
     * (images/upgrade.ts); null for other files and for images not read yet; 0 × 0 when unreadable.
     */
    imageWidth: integer('image_width'),
    imageHeight: integer('image_height'),
    ...audit,
  },
  (t) => [
    // Uploads that nothing refers to are deleted after a day (db/unused-files.ts): found by age.
    index('files_created_at_idx').on(t.createdAt),
    // Images whose renditions the upgrade has still to make.
    index('files_image_unread_idx').on(t.id).where(sql`${t.contentType} like 'image/%' and ${t.imageWidth} is null`),
  ],
);

/**
 * Bounded copies of an image (docs/decisions, image renditions): 'large' (2,560 px on the long side)
 * for PDFs and the picture viewer, 'thumb' (640 px, what a PDF prints in its 160 pt box). JPEG; made in a worker thread, never on request.
 */
export const imageRenditions = pgTable(
  'image_renditions',
  {
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    size: text('size', { enum: ['large', 'thumb'] }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.size] }), check('image_renditions_size', sql`${t.size} in ('large', 'thumb')`)],
);

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

/**
 * The log of backup runs (their status for GET /Backups). The backups themselves are files in
 * BACKUP_DIR, never rows in the database they back up (decision 034).
 */
export const backups = pgTable('backups', {
  id: serial('id').primaryKey(),
  /** The backup file's name in BACKUP_DIR. */
  name: text('name').notNull(),
  /**
   * 'full': the schema (the migrations' SQL), every table's rows and the file contents;
   * 'partial' (data-only): every table's rows, files without their contents (decision 034).
   */
  kind: text('kind', { enum: ['full', 'partial'] }).notNull(),
  status: text('status', { enum: ['running', 'done', 'failed'] }).notNull(),
  error: text('error'),
  createdAt: ts('created_at').notNull().defaultNow(),
  createdBy: text('created_by'),
  finishedAt: ts('finished_at'),
});
