/**
 * Notifications (spec sections 2 "/Admin/Notifications", 3 "Notification", 7 "Notifications"): event
 * items with the notification flag on (decision 014). Clearing one turns the item's flag off through
 * PUT /EventComponents/{eventId}/component/{id} with `{ notifications: false }`.
 */
import { z } from 'zod';
import { audit, paged, pageQuery } from '../../common.ts';
import { defineEndpoint } from '../../endpoint.ts';
import type { RouteAccess } from '../../permissions.ts';
import { searchText } from '../../primitives.ts';

export const notificationRow = z.object({
  eventComponentId: z.number().int(),
  eventId: z.number().int(),
  stampedId: z.string(),
  dimensionName: z.string().nullable(),
  certificateSubType: z.string().nullable(),
  certificateType: z.string().nullable(),
  quality: z.string().nullable(),
  owners: z.string().nullable(),
  /** The spec's description: type, sub-type and dimension of the item's certificate. */
  description: z.string().nullable(),
  comment: z.string().nullable(),
  /** Who registered the event (its responsible person, else who created it). */
  eventBy: z.string().nullable(),
  eventDate: z.string(),
  /** The equipment is active (not hidden). */
  active: z.boolean(),
  status: z.object({ id: z.number().int(), name: z.string(), color: z.string() }).nullable(),
  ...audit,
});
export type NotificationRow = z.infer<typeof notificationRow>;

export const notificationPage = paged(notificationRow);
export type NotificationPage = z.infer<typeof notificationPage>;

/** Newest event first; `search` matches the start of a stamped id or words of the comment. */
export const notificationQuery = pageQuery.extend({ search: searchText('Search', 100) });
export type NotificationQuery = z.input<typeof notificationQuery>;

/** Spec section 6: the Notifications admin entry needs Events level; internal staff only; of another owner's items none (docs/security.md rule 17). */
export const readNotifications = { level: 'Events', internal: true, ownerScoped: true } as const satisfies RouteAccess;

export const notificationEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/Notification',
    summary: 'Event items with the notification flag on, newest event first, one page; search by stamped id or comment',
    tags: ['Notifications'],
    access: readNotifications,
    query: notificationQuery,
    response: notificationPage,
  }),
};
