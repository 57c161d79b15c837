/**
 * Measurement templates (issue 28, docs/measurements.md): per certificate type (sub_type_id null) or
 * sub-type override, the current version of what an inspector records and how it is judged. Versions
 * are never changed or deleted (a trigger refuses it, db/derived/measurement_versions.sql): a record keeps the version it
 * was judged by.
 */
import type { TemplateDefinition } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, date, doublePrecision, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { certificateSubTypes, certificateTypes } from './catalogue.ts';
import { audit, ts } from './columns.ts';

export const measurementTemplates = pgTable(
  'measurement_templates',
  {
    id: serial('id').primaryKey(),
    certificateTypeId: integer('certificate_type_id')
      .notNull()
      .references(() => certificateTypes.id),
    subTypeId: integer('sub_type_id').references(() => certificateSubTypes.id),
    /** Null: removed (the type has no template, the sub-type uses its type's); the versions stay. */
    currentVersionId: integer('current_version_id').references((): any => measurementTemplateVersions.id),
    ...audit,
  },
  (t) => [
    uniqueIndex('measurement_templates_type_sub_type_key').on(t.certificateTypeId, sql`coalesce(${t.subTypeId}, 0)`),
    index('measurement_templates_sub_type_idx').on(t.subTypeId),
  ],
);

export const measurementTemplateVersions = pgTable(
  'measurement_template_versions',
  {
    id: serial('id').primaryKey(),
    templateId: integer('template_id')
      .notNull()
      .references(() => measurementTemplates.id),
    /** 1, 2, ... per template. */
    version: integer('version').notNull(),
    /** Fields, derived values and criteria as the contract's templateBody gives them. */
    definition: jsonb('definition').$type<TemplateDefinition>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    createdBy: text('created_by'),
  },
  (t) => [
    uniqueIndex('measurement_template_versions_template_version_key').on(t.templateId, t.version),
    check('measurement_template_versions_version', sql`${t.version} >= 1`),
  ],
);

/**
 * Each measured item's wear trend (issue 28 part 5, decision 082): the least squares line of its
 * trended value over its measured inspections, kept by triggers (db/derived/equipment_wear.sql) so the
 * predicted-discard report pages over every item by one index. One row per item with a wear rate (two
 * inspections on two dates of a template that trends a value). No foreign key: the triggers remove the
 * rows (an item with event items cannot be deleted).
 */
export const equipmentWear = pgTable(
  'equipment_wear',
  {
    equipmentId: integer('equipment_id').primaryKey(),
    /** The item's certificate's owner and the item's hidden flag: the report filters here, not by a join. */
    ownerId: integer('owner_id').notNull(),
    hidden: boolean('hidden').notNull(),
    /** The inspections in the series. */
    points: integer('points').notNull(),
    /** Loss per year in the value's unit (positive: the value falls), 6 decimals as trend.ts gives it. */
    ratePerYear: doublePrecision('rate_per_year').notNull(),
    /** The condemned limit in the value's unit; null without a condemning criterion or a nominal size. */
    discardLimit: doublePrecision('discard_limit'),
    /** The trended value's unit (its first field's: mm, in). */
    unit: text('unit'),
    predictedDiscardDate: date('predicted_discard_date', { mode: 'string' }),
  },
  // The predicted-discard report walks this in date order (docs/performance.md).
  (t) => [
    index('equipment_wear_predicted_idx').on(t.predictedDiscardDate, t.equipmentId).where(sql`${t.predictedDiscardDate} is not null`),
  ],
);
