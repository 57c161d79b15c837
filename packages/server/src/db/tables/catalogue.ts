/** Owners and their certificate catalogue: type -> sub-type -> dimension. */

import { NOMINAL_UNITS } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { audit } from './columns.ts';

export const owners = pgTable(
  'owners',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    shortCode: text('short_code').notNull().default(''),
    label: text('label').notNull().default('default'),
    ...audit,
  },
  (t) => [
    uniqueIndex('owners_name_key').on(sql`lower(${t.name})`),
    // Short codes tell owners apart in chips and lists: unique like names, ignoring case (old rows may have none).
    uniqueIndex('owners_short_code_key').on(sql`lower(${t.shortCode})`).where(sql`${t.shortCode} <> ''`),
  ],
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
    /**
     * The size the name stands for, in `nominalUnit` (issue 28 part 2): reports and criteria read it
     * instead of parsing names. Null where the name gives none ('Long link', 'Various'); a unit of
     * 'none' says an Admin checked that the dimension has no size.
     */
    nominalSize: numeric('nominal_size', { precision: 10, scale: 3, mode: 'number' }),
    nominalUnit: text('nominal_unit', { enum: NOMINAL_UNITS }),
    ...audit,
  },
  (t) => [
    uniqueIndex('dimensions_sub_type_name_key').on(t.subTypeId, sql`lower(${t.name})`),
    check(
      'dimensions_nominal_check',
      sql`(${t.nominalSize} is null) = (${t.nominalUnit} is null or ${t.nominalUnit} = 'none') and (${t.nominalSize} is null or ${t.nominalSize} > 0)`,
    ),
  ],
);
