/**
 * The event detail (spec section 2 "/Events/{id}", section 3 "Event details", "Event summary",
 * "Event chip row", "Equipment event entry") and an equipment item's events (section 7). Rules chosen
 * where the spec is silent: docs/events.md.
 */
import { z } from 'zod';
import { audit, idParam as idParams, paged, pageQuery } from '../../common.ts';
import { defineEndpoint } from '../../endpoint.ts';
import type { RouteAccess } from '../../permissions.ts';
import { idParamValue, searchText } from '../../primitives.ts';
import { plural } from '../../text.ts';
import { stampedIdValue } from '../equipment/endpoints.ts';
import { itemStatus, readEventItems } from '../event-items/common.ts';
import { eventColumns } from './endpoints.ts';
import { eventFile } from './form.ts';
import { signOff } from './sign-off.ts';

/** A status with its colour, as the event items show it. */
const statusRef = itemStatus;

/** GET /Events/{id}/Details: the detail page's header. `status` is the event's most severe item status. */
export const eventDetails = eventColumns.omit({ comment: true }).extend({
  otherInfo: z.string().nullable(),
  status: statusRef.nullable(),
  /** The event's PDF, zero or one. */
  files: z.array(eventFile),
  itemCount: z.number().int(),
  /** Who signed the event off and when (null: not signed off); a signed event is sealed (docs/sign-off.md). */
  signOff: signOff.nullable(),
  ...audit,
});
export type EventDetails = z.infer<typeof eventDetails>;

/** The detail's equipment filter menu: by status, and items with a notification, inactive or unlinked. */
export const eventChipFilters = ['notifications', 'inactive', 'unlinked'] as const;
export type EventChipFilter = (typeof eventChipFilters)[number];

/** GET /Events/{id}/chips: paged on the server (an event may have 2,000 items), by sequence. */
export const eventChipsQuery = pageQuery.extend({
  status: idParamValue('Status').optional(),
  filter: z.enum(eventChipFilters, { error: `Filter must be one of ${eventChipFilters.join(', ')}` }).optional(),
  search: searchText('Stamped id', 100),
});
export type EventChipsQuery = z.input<typeof eventChipsQuery>;

export const eventDetailChipRow = z.object({
  /** The event item (spec: event component) id. */
  id: z.number().int(),
  sequence: z.number().int(),
  stampedId: z.string(),
  length: z.number().nullable(),
  subType: z.string().nullable(),
  type: z.string().nullable(),
  owner: z.string().nullable(),
  ownerLabel: z.string().nullable(),
  dimension: z.string().nullable(),
  quality: z.string().nullable(),
  color: z.string().nullable(),
  /** Years since the certificate was signed, one decimal; null without a certificate or date. */
  age: z.number().nullable(),
  /** docs/equipment-age.md, one decimal. */
  effectiveAge: z.number().nullable(),
  certifiedToCode: z.string().nullable(),
  linked: z.boolean(),
  active: z.boolean(),
  /** This item's notification flag in this event. */
  notifications: z.boolean(),
  /** How many events flag this equipment with a notification now. */
  notificationsAmount: z.number().int(),
  status: statusRef.nullable(),
  comment: z.string().nullable(),
  /** The item's images in this event. */
  files: z.array(eventFile),
  /** The events flagging this equipment (id and date), newest first. */
  notificationEvents: z.array(z.object({ eventId: z.number().int(), eventDate: z.string() })),
  tags: z.array(z.object({ tag: z.string(), color: z.string() })),
  /** An item of an owner outside the caller's list: sequence and stamped id only, every fact empty (docs/security.md rule 17). */
  anotherOwner: z.boolean(),
});
export type EventDetailChipRow = z.infer<typeof eventDetailChipRow>;
export const eventChipPage = paged(eventDetailChipRow);
export type EventChipPage = z.infer<typeof eventChipPage>;

/** One line of the detailed summary: items of one sub-type, dimension, quality and colour. */
export const summaryEntry = z.object({
  amount: z.number().int(),
  color: z.string().nullable(),
  dimension: z.string().nullable(),
  quality: z.string().nullable(),
  subType: z.string().nullable(),
  /** Total length in metres of the entry's items that have one; null when none has. */
  length: z.number().nullable(),
});
export const eventEquipmentSummary = z.object({
  totalAmount: z.number().int(),
  hasNotifications: z.boolean(),
  notifications: z.number().int(),
  hasInactive: z.boolean(),
  inActive: z.number().int(),
  hasUnlinked: z.boolean(),
  unlinked: z.number().int(),
  /** Each status of the event's items with its colour and how many items carry it; 'No status' for items without. */
  statuses: z.array(statusRef.extend({ id: z.number().int().nullable(), amount: z.number().int() })),
  /** Items by certificate type ('Unlinked' for items without a certificate), with the detailed view's entries. */
  rows: z.array(z.object({ name: z.string(), amount: z.number().int(), rowKey: z.string(), entries: z.array(summaryEntry) })),
});
export type EventEquipmentSummary = z.infer<typeof eventEquipmentSummary>;

/**
 * Section 3 "Equipment event entry": one event of an equipment item. An event recorded while the item
 * was another owner's (`formerOwner`, docs/security.md rule 28) shows a user with an owner list its
 * date, type and status only: location, rig, project, responsible, company, comments, flag and images are empty.
 */
export const equipmentEventEntry = z.object({
  eventId: z.number().int(),
  eventDate: z.string(),
  type: z.string(),
  location: z.string().nullable(),
  rig: z.string().nullable(),
  project: z.string().nullable(),
  responsible: z.string().nullable(),
  company: z.string().nullable(),
  eventComment: z.string().nullable(),
  /** The item's comment in that event. */
  otherInfo: z.string().nullable(),
  status: statusRef.nullable(),
  category: z.string().nullable(),
  isRenewal: z.boolean(),
  resetAge: z.boolean(),
  ageAtReset: z.number().nullable(),
  notifications: z.boolean(),
  files: z.array(eventFile),
  /** Whole days from the event date to today (section 9 shows it with `timeAgo`). */
  timeAgo: z.number().int(),
  formerOwner: z.boolean(),
  /** Who signed the event off and when (null: not signed off). */
  signOff: signOff.nullable(),
});
export type EquipmentEventEntry = z.infer<typeof equipmentEventEntry>;

export const eventEquipmentHistory = z.object({
  equipmentId: z.number().int(),
  stampedId: z.string(),
  ...audit,
  events: z.array(equipmentEventEntry),
});
export type EventEquipmentHistory = z.infer<typeof eventEquipmentHistory>;

/** The equipment's events are owner data: restricted staff see their owners' and unlinked items only. */
export const readEquipmentEvents = { level: 'Read', internal: true, ownerScoped: true } as const satisfies RouteAccess;
const tags = ['Events'];

export const eventDetailEndpoints = {
  details: defineEndpoint({
    method: 'GET',
    path: '/Events/:id/Details',
    summary: "The event detail's header: fields with names, PDF, item count and the most severe item status",
    tags,
    access: readEventItems,
    params: idParams,
    response: eventDetails,
  }),
  chips: defineEndpoint({
    method: 'GET',
    path: '/Events/:id/chips',
    summary:
      "The event's items as event chip rows, by sequence, one page; filter by status, notifications, inactive, unlinked or stamped id",
    tags,
    access: readEventItems,
    params: idParams,
    query: eventChipsQuery,
    response: eventChipPage,
  }),
  summary: defineEndpoint({
    method: 'GET',
    path: '/Events/:id/EquipmentSummary',
    summary:
      "The event's equipment summary: statuses with colour and amount, notifications, inactive, unlinked, and items by type with detailed entries",
    tags,
    access: readEventItems,
    params: idParams,
    response: eventEquipmentSummary,
  }),
  equipmentHistory: defineEndpoint({
    method: 'GET',
    path: '/Events/:id/EventEquipmentHistory',
    summary: 'The events of an equipment item (id: the equipment id), newest first, with its audit',
    tags,
    access: readEquipmentEvents,
    params: idParams,
    response: eventEquipmentHistory,
  }),
  equipmentEvents: defineEndpoint({
    method: 'GET',
    path: '/Events/:stampedId/Equipment',
    summary: 'The events of an equipment item by stamped id (id: the stamped id), newest first',
    tags,
    access: readEquipmentEvents,
    params: z.object({ stampedId: stampedIdValue() }),
    response: z.array(equipmentEventEntry),
  }),
};

/** Section 9: under 31 days in days, under 365 in months (days / 30.41), otherwise in years; whole units, rounded down. */
export function timeAgo(days: number): { value: number; unit: 'days' | 'months' | 'years'; text: string } {
  const d = Math.max(0, Math.floor(days));
  const [value, unit] =
    d < 31 ? [d, 'days' as const] : d < 365 ? [Math.floor(d / 30.41), 'months' as const] : [Math.floor(d / 365), 'years' as const];
  return { value, unit, text: d === 0 ? 'today' : `${plural(value, unit.slice(0, -1))} ago` };
}
