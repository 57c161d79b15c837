/** Report settings an owner would change (docs/reports.md): one row per setting, the value as JSON. */
import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { audit } from './columns.ts';

export const reportSettings = pgTable('report_settings', {
  /** A key of the contract's `ReportSettings`; missing keys take `defaultReportSettings`. */
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  ...audit,
});
