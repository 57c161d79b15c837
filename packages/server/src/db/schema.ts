/**
 * The whole data model (spec section 3), designed for 200k equipment items and 2M event items.
 * Every table carries audit columns; `created_by`/`updated_by` hold the acting user's email as text,
 * so history keeps its author even after that user is deleted.
 */
export * from './tables/accounts.ts';
export * from './tables/catalogue.ts';
export * from './tables/counts.ts';
export * from './tables/derived.ts';
export * from './tables/due-dates.ts';
export * from './tables/equipment.ts';
export * from './tables/events.ts';
export * from './tables/files.ts';
export * from './tables/measurements.ts';
export * from './tables/reports.ts';
export * from './tables/seals.ts';
