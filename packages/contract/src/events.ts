import { z } from 'zod';
import { audit, idName, paged, pageQuery } from './common.ts';

export const eventListItem = z.object({
  id: z.number().int(),
  type: idName,
  rig: idName,
  referenceNo: idName,
  eventLocation: z.string().nullable(),
  eventDate: z.string(),
  ahv: z.string().nullable(),
  comment: z.string().nullable(),
  documentNo: z.string().nullable(),
  responsible: z.string().nullable(),
  company: z.string().nullable(),
  isRenewal: z.boolean(),
  resetAge: z.boolean(),
  ageAtReset: z.number().nullable(),
  itemCount: z.number().int(),
  ...audit,
});
export type EventListItem = z.infer<typeof eventListItem>;

export const eventPage = paged(eventListItem);
export type EventPage = z.infer<typeof eventPage>;

/** GET /Events/byFilter: user (the email of the user who registered it), event type id, rig id. */
export const eventFilterQuery = pageQuery.extend({
  user: z.string().trim().max(320).optional(),
  eventType: z.coerce.number().int().positive().optional(),
  rig: z.coerce.number().int().positive().optional(),
});
export type EventFilterQuery = z.infer<typeof eventFilterQuery>;

export const eventFilters = z.object({
  users: z.array(z.object({ id: z.string(), name: z.string() })),
  rigs: z.array(idName),
  types: z.array(idName),
});
export type EventFilters = z.infer<typeof eventFilters>;

const codeTableEntry = idName.extend({
  color: z.string(),
  default: z.boolean(),
  parentId: z.number().int().nullable(),
});
export const eventCodeTables = z.object({
  projects: z.array(codeTableEntry),
  rigs: z.array(codeTableEntry),
  types: z.array(codeTableEntry),
});
export type EventCodeTables = z.infer<typeof eventCodeTables>;
