/**
 * What the derived-data runner applied (db/derived/apply.ts, decision 067): per file of
 * src/db/derived/, its hash and text as applied, and the functions and triggers it created, so a
 * changed or removed file's objects can be dropped. Not in backups' rows: a full backup's header
 * carries the definitions themselves (backups/format.ts).
 */
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const derivedDefinitions = pgTable('derived_definitions', {
  name: text('name').primaryKey(),
  hash: text('hash').notNull(),
  sql: text('sql').notNull(),
  /** `function <signature>` and `trigger <name> on <table>`, as the catalogue names them. */
  objects: text('objects').array().notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});
