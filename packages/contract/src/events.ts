import { z } from 'zod';
import { audit, idName, paged, pageQuery } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import type { RouteAccess } from './permissions.ts';
import { idParamValue, searchText } from './primitives.ts';

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
  user: searchText('User', 320),
  eventType: idParamValue('Event type').optional(),
  rig: idParamValue('Rig').optional(),
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

/** The events list is for internal staff with Read level or above (spec section 6); events span owners. */
export const readEvents = { level: 'Read', internal: true } as const satisfies RouteAccess;
const tags = ['Events'];

export const eventEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/Events',
    summary: 'All events, newest first, one page',
    tags,
    access: readEvents,
    query: pageQuery,
    response: eventPage,
  }),
  byFilter: defineEndpoint({
    method: 'GET',
    path: '/Events/byFilter',
    summary: 'Events filtered by user (email), event type and rig, one page',
    tags,
    access: readEvents,
    query: eventFilterQuery,
    response: eventPage,
  }),
  filters: defineEndpoint({
    method: 'GET',
    path: '/Events/getFilters',
    summary: 'Values for the events list filters',
    tags,
    access: readEvents,
    response: eventFilters,
  }),
  codeTables: defineEndpoint({
    method: 'GET',
    path: '/Events/codetables',
    summary: 'Projects, rigs and event types for the event form',
    tags,
    access: readEvents,
    response: eventCodeTables,
  }),
};
