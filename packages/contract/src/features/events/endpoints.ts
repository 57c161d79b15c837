import { z } from 'zod';
import { audit, idName, paged, pageQuery } from '../../common.ts';
import { defineEndpoint } from '../../endpoint.ts';
import type { RouteAccess } from '../../permissions.ts';
import { idParamValue, searchText } from '../../primitives.ts';
import { lookupTerm } from '../search/endpoints.ts';
import { signOff } from './sign-off.ts';

/**
 * The event's own columns, stated once: the list row, the record (event-form.ts), the detail header
 * (event-detail.ts) and the look-up row derive from it.
 */
export const eventColumns = z.object({
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
  category: z.string().nullable(),
  resetAge: z.boolean(),
  ageAtReset: z.number().nullable(),
});

export const eventListItem = eventColumns
  .omit({ category: true })
  .extend({ itemCount: z.number().int(), signOff: signOff.nullable(), ...audit });
export type EventListItem = z.infer<typeof eventListItem>;

/** A page of events; with a search the total is counted up to LOOKUP_COUNT_LIMIT, `totalCapped` past it ('1000+'). */
export const eventPage = paged(eventListItem).extend({ totalCapped: z.boolean() });
export type EventPage = z.infer<typeof eventPage>;

/** Columns the list sorts on, each served by an index (events_date_idx and the *_sort_idx of migration 0008). */
export const eventSortKeys = ['eventDate', 'documentNo', 'eventLocation', 'responsible', 'company'] as const;
export type EventSortKey = (typeof eventSortKeys)[number];

/**
 * GET /Events: one page, newest event date first unless told; `search` keeps the events whose text
 * (type, rig, project, location, document no, responsible, company, AHV) contains it (docs/events.md).
 */
export const eventListQuery = pageQuery.extend({
  search: searchText('Search', 100),
  sort: z.enum(eventSortKeys, { error: `Sort must be one of ${eventSortKeys.join(', ')}` }).default('eventDate'),
  direction: z.enum(['asc', 'desc'], { error: "Direction must be 'asc' or 'desc'" }).default('desc'),
});
export type EventListQuery = z.infer<typeof eventListQuery>;

/** GET /Events/byFilter: user (the email of the user who registered it), event type id, rig id; sort and search as the list. */
export const eventFilterQuery = eventListQuery.extend({
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

/** An event as the look-up (global search, autocomplete) shows it. */
export const eventLookupItem = eventColumns.pick({
  id: true,
  type: true,
  rig: true,
  referenceNo: true,
  eventDate: true,
  eventLocation: true,
  documentNo: true,
  responsible: true,
  company: true,
});
export type EventLookupItem = z.infer<typeof eventLookupItem>;

/** GET /Events/type?search: the newest LOOKUP_LIMIT matches and how many match (counted up to LOOKUP_COUNT_LIMIT). */
export const eventLookupResult = z.object({ items: z.array(eventLookupItem), total: z.number().int(), totalCapped: z.boolean() });
export type EventLookupResult = z.infer<typeof eventLookupResult>;
export const eventLookupQuery = z.object({ search: lookupTerm() });

/** The events list is for internal staff with Read level or above (spec section 6); events span owners. */
export const readEvents = { level: 'Read', internal: true } as const satisfies RouteAccess;
/** The global search's Events tab: every internal user, level None included (spec sections 2 and 6). */
export const searchEvents = { level: 'None', internal: true } as const satisfies RouteAccess;
const tags = ['Events'];

export const eventEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/Events',
    summary:
      'All events, one page: newest event date first, or sorted by documentNo, eventLocation, responsible or company; search keeps events whose text contains it',
    tags,
    access: readEvents,
    query: eventListQuery,
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
  lookup: defineEndpoint({
    method: 'GET',
    path: '/Events/type',
    summary:
      'Event look-up (global search, autocomplete): events whose type, rig, project, location, document no, responsible, company or AHV contains the search; newest 20 and the count',
    tags,
    access: searchEvents,
    query: eventLookupQuery,
    response: eventLookupResult,
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
