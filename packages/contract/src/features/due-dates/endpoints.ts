/**
 * Inspection due dates (issue 14, docs/due-dates.md): regimes per certificate type and sub-type, what
 * each event type counts as, each item's due date with its traffic light, the compliance view
 * `/Reports/Due` with its Excel file, and the reminder subscription.
 */
import { z } from 'zod';
import type { CacheTarget } from '../../cache.ts';
import { defineEndpoint } from '../../endpoint.ts';
import type { RouteAccess } from '../../permissions.ts';
import { idParams, idParamValue, text } from '../../primitives.ts';
import { plural } from '../../text.ts';
import { STAMPED_ID_MAX } from '../equipment/endpoints.ts';
import { downloadQuery } from '../files/endpoints.ts';

/** Regimes are whole months, up to 20 years. */
export const DUE_MONTHS_MAX = 240;
/** The default warning window: due within this many days is yellow (DUE_WARNING_DAYS). */
export const DUE_WARNING_DAYS_DEFAULT = 30;
export const DUE_LOOKUP_MAX = 2000;
export const DUE_PAGE_SIZE = 50;

export const dueLights = ['red', 'yellow', 'green'] as const;
export type DueLight = (typeof dueLights)[number];
export const dueKinds = ['inspection', 'renewal'] as const;
export type DueKind = (typeof dueKinds)[number];
/** What an event type counts as; 'none' is stored as no row. */
export const eventTypeDueKinds = ['inspection', 'renewal', 'none'] as const;
export type EventTypeDueKind = (typeof eventTypeDueKinds)[number];

export const dueMessages = {
  months: (field: string) => `${field} must be a whole number of months from 1 to ${DUE_MONTHS_MAX}, or empty`,
  kind: `Counts as must be one of ${eventTypeDueKinds.join(', ')}`,
  light: `Light must be one of ${dueLights.join(', ')}`,
  lookupMax: `At most ${DUE_LOOKUP_MAX} stamped ids at a time`,
  eventTypeNotFound: 'The event type was not found',
  /** Counts only: an item on its first digest may have been overdue for years, so nothing says 'turned'. */
  digestSubject: (overdue: number, dueSoon: number) =>
    `Inspection due: ${[overdue && `${plural(overdue, 'item')} overdue`, dueSoon && `${plural(dueSoon, 'item')} due soon`].filter(Boolean).join(', ')}`,
} as const;

/** Whole days from `from` to `to` (ISO dates, UTC). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * The light of a due date on `today`: past due red, due within the window (today included) yellow. An
 * item whose latest inspection condemned it is red whatever its date.
 */
export function dueLight(dueDate: string, today: string, warningDays: number, condemned = false): DueLight {
  if (condemned || dueDate < today) return 'red';
  return daysBetween(today, dueDate) <= warningDays ? 'yellow' : 'green';
}

/** The last day still green: items due after `today + warningDays` are green. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export const dueInfo = z.object({
  dueDate: z.string(),
  light: z.enum(dueLights),
  kind: z.enum(dueKinds),
  /** The date the clock counts from: the last counting event or the certificate's signed date. */
  basisDate: z.string(),
  /** The renewal clock alone (the Renewal report's due date); null when the regime has no renewal interval. */
  renewalDueDate: z.string().nullable(),
  /** The item's latest inspection condemned it: red ("Condemned") whatever the due date. */
  condemned: z.boolean(),
  /** The date of the item's latest inspection (a status meaning fit, monitor or condemned); null when none. */
  lastInspection: z.string().nullable(),
  /** When the wear trend meets the condemned limit on or before the due date (docs/measurements.md); else null. */
  discardPredicted: z.string().nullable(),
});
export type DueInfo = z.infer<typeof dueInfo>;

const months = (field: string) =>
  z
    .number({ error: dueMessages.months(field) })
    .int(dueMessages.months(field))
    .min(1, dueMessages.months(field))
    .max(DUE_MONTHS_MAX, dueMessages.months(field))
    .nullable();

/** PUT body of a type's regime or a sub-type's override (null: no clock / inherit the type's). */
export const dueRegimeBody = z.strictObject({
  inspectionMonths: months('Inspection interval'),
  renewalMonths: months('Renewal interval'),
});
export type DueRegimeBody = z.input<typeof dueRegimeBody>;

const regimeMonths = { inspectionMonths: z.number().int().nullable(), renewalMonths: z.number().int().nullable() };
/** A certificate type's regime with its sub-types' overrides (null: inherits the type's). */
export const dueRegime = z.object({
  certificateType: z.object({ id: z.number().int(), name: z.string(), ...regimeMonths }),
  subTypes: z.array(z.object({ id: z.number().int(), name: z.string(), ...regimeMonths })),
});
export type DueRegime = z.infer<typeof dueRegime>;

export const eventTypeDueKindBody = z.strictObject({ kind: z.enum(eventTypeDueKinds, { error: dueMessages.kind }) });
export const eventTypeDueKind = z.object({ id: z.number().int(), name: z.string(), kind: z.enum(eventTypeDueKinds) });
export type EventTypeDueKindRow = z.infer<typeof eventTypeDueKind>;

export const dueLookupBody = z.strictObject({
  stampedIds: z
    .array(text({ field: 'Stamped id', max: STAMPED_ID_MAX, required: true }), { error: 'Stamped ids are required' })
    .max(DUE_LOOKUP_MAX, dueMessages.lookupMax),
});
export const dueLookupRow = dueInfo.extend({ stampedId: z.string() });
export const dueLookupResponse = z.object({ warningDays: z.number().int(), items: z.array(dueLookupRow) });
export type DueLookupResponse = z.infer<typeof dueLookupResponse>;

const optionalId = (field: string) => z.preprocess((value) => (value === '' ? undefined : value), idParamValue(field).optional());

/** Filters of the compliance view (query string, spec casing). */
export const dueFilterQuery = z.object({
  Owner: optionalId('Owner'),
  Type: optionalId('Type'),
  Rig: optionalId('Rig'),
  Light: z.preprocess((value) => (value === '' ? undefined : value), z.enum(dueLights, { error: dueMessages.light }).optional()),
});
export const dueListQuery = dueFilterQuery.extend({
  Page: z.coerce
    .number({ error: 'Page must be a number' })
    .int('Page must be a whole number')
    .min(0, 'Page must be 0 or more')
    .max(100_000)
    .default(0),
  PageSize: z.coerce
    .number({ error: 'Page size must be a number' })
    .int('Page size must be a whole number')
    .min(1, 'Page size must be from 1 to 500')
    .max(500, 'Page size must be from 1 to 500')
    .default(DUE_PAGE_SIZE),
});
export type DueListQuery = z.input<typeof dueListQuery>;
export type DueListParsed = z.output<typeof dueListQuery>;
export type DueFilterParsed = z.output<typeof dueFilterQuery>;
export const dueExcelQuery = dueFilterQuery.extend(downloadQuery.shape);

export const dueCounts = z.object({ red: z.number().int(), yellow: z.number().int(), green: z.number().int() });
export type DueCounts = z.infer<typeof dueCounts>;

export const dueListRow = dueInfo.extend({
  stampedId: z.string(),
  description: z.string().nullable(),
  owner: z.object({ id: z.number().int(), name: z.string() }),
  certificateType: z.object({ id: z.number().int(), name: z.string() }),
  subType: z.string(),
  dimension: z.string(),
  certificateNumber: z.string(),
  rig: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type DueListRow = z.infer<typeof dueListRow>;

export const dueList = z.object({
  today: z.string(),
  warningDays: z.number().int(),
  counts: dueCounts,
  items: z.array(dueListRow),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type DueList = z.infer<typeof dueList>;

/** The filter choices: the caller's owners, their certificate types, and rigs. */
export const dueChoices = z.object({
  owners: z.array(z.object({ id: z.number().int(), name: z.string() })),
  types: z.array(z.object({ id: z.number().int(), name: z.string(), ownerId: z.number().int() })),
  rigs: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

export const dueSubscription = z.strictObject({ subscribed: z.boolean({ error: 'Subscribed must be true or false' }) });
export type DueSubscription = z.infer<typeof dueSubscription>;

/** Everyone who reads reports reads due dates, scoped to their owners (external users included). */
export const readDue = { level: 'None', ownerScoped: true } as const satisfies RouteAccess;
export const downloadDue = { level: 'None', ownerScoped: true, download: true } as const satisfies RouteAccess;
/** Regimes and what event types count as: internal staff at Admin level, like the catalogue and folders. */
export const writeDue = { level: 'Admin', internal: true, ownerScoped: true } as const satisfies RouteAccess;
export const readDueSettings = { level: 'Admin', internal: true, ownerScoped: true } as const satisfies RouteAccess;
/** Event types are not owner data (folders): Admin level, internal. */
export const manageDueEventTypes = { level: 'Admin', internal: true } as const satisfies RouteAccess;
export const ownDueSubscription = { level: 'None' } as const satisfies RouteAccess;

const tags = ['Due dates'];
const typeParams = z.object({ id: idParamValue() });

/** Regimes and event types' due kinds change every due date: the due-date reads and the due list. */
const dueReads = ['DueDates', 'Reports'] as const satisfies readonly CacheTarget[];

export const dueDateEndpoints = {
  regime: defineEndpoint({
    method: 'GET',
    path: '/DueDates/Regimes/:id',
    summary: "A certificate type's inspection regime with its sub-types' overrides",
    tags,
    access: readDueSettings,
    params: typeParams,
    response: dueRegime,
  }),
  setTypeRegime: defineEndpoint({
    method: 'PUT',
    path: '/DueDates/Regimes/:id',
    summary: "Set a certificate type's inspection and renewal intervals (months; null: none)",
    tags,
    access: writeDue,
    invalidates: dueReads,
    params: typeParams,
    body: dueRegimeBody,
    response: dueRegime,
  }),
  setSubTypeRegime: defineEndpoint({
    method: 'PUT',
    path: '/DueDates/Regimes/SubTypes/:id',
    summary: "Override a sub-type's intervals (null: the type's)",
    tags,
    access: writeDue,
    invalidates: dueReads,
    params: idParams,
    body: dueRegimeBody,
    response: dueRegime,
  }),
  eventTypes: defineEndpoint({
    method: 'GET',
    path: '/DueDates/EventTypes',
    summary: 'Event types with what each counts as (inspection, renewal or none)',
    tags,
    access: manageDueEventTypes,
    response: z.array(eventTypeDueKind),
  }),
  setEventType: defineEndpoint({
    method: 'PUT',
    path: '/DueDates/EventTypes/:id',
    summary: 'Set what an event type counts as',
    tags,
    access: manageDueEventTypes,
    invalidates: dueReads,
    params: idParams,
    body: eventTypeDueKindBody,
    response: eventTypeDueKind,
  }),
  lookup: defineEndpoint({
    method: 'POST',
    path: '/DueDates/Lookup',
    summary: 'Due dates and lights of items by stamped id (items without a due date or out of scope are left out)',
    tags,
    access: readDue,
    invalidates: [],
    body: dueLookupBody,
    response: dueLookupResponse,
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/Reports/Due',
    summary: 'Compliance view: counts per light and the items by due date',
    tags,
    access: readDue,
    query: dueListQuery,
    fairUse: 'report',
    response: dueList,
  }),
  choices: defineEndpoint({
    method: 'GET',
    path: '/Reports/Due/Choices',
    summary: "The compliance view's filter choices",
    tags,
    access: readDue,
    response: dueChoices,
  }),
  excel: defineEndpoint({
    method: 'GET',
    path: '/Reports/Due/excel',
    summary: 'The compliance view as an Excel workbook (all rows of the filter)',
    tags,
    access: downloadDue,
    fairUse: 'heavy',
    query: dueExcelQuery,
  }),
  subscription: defineEndpoint({
    method: 'GET',
    path: '/Account/DueReminders',
    summary: 'Whether the caller gets the daily digest of items newly due soon or overdue',
    tags,
    access: ownDueSubscription,
    response: dueSubscription,
  }),
  setSubscription: defineEndpoint({
    method: 'PUT',
    path: '/Account/DueReminders',
    summary: 'Subscribe to or leave the daily due-date digest',
    tags,
    access: ownDueSubscription,
    invalidates: ['/Account/DueReminders'],
    body: dueSubscription,
    response: dueSubscription,
  }),
};
