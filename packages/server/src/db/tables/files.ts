/** Files (bytes in the database), help files and backups. */
import { integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { audit, bytea, ts } from './columns.ts';

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
