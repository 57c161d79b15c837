/** Column helpers shared by every table. */
import { customType, text, timestamp } from 'drizzle-orm/pg-core';

export const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const audit = {
  createdAt: ts('created_at').notNull().defaultNow(),
  createdBy: text('created_by'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  updatedBy: text('updated_by'),
};
