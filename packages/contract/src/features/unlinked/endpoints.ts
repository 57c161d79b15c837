/**
 * Unlinked equipment (spec sections 2 "/Admin/Unlinked", 3 "Unlinked paging", 7 "Unlinked"): items
 * without a certificate, paged for someone to link them to the right certificate later.
 * Rules chosen where the spec is silent: docs/unlinked.md.
 */
import { z } from 'zod';
import { equipmentReads } from '../../cache.ts';
import { audit, MAX_PAGE } from '../../common.ts';
import { MAX_PAGE_SIZE, UNLINKED_PAGE_SIZE } from '../../constants.ts';
import { defineEndpoint } from '../../endpoint.ts';
import type { RouteAccess } from '../../permissions.ts';
import { idField, idParams, searchText, text } from '../../primitives.ts';
import { equipmentColumns } from '../equipment/endpoints.ts';

/** Metres; numeric(12, 2) in the database, far beyond any chain or rope segment. */
export const UNLINKED_LENGTH_MAX = 100_000;
export const UNLINKED_COMMENT_MAX = 1000;

export const unlinkedMessages = {
  page: `Page must be a whole number from 0 to ${MAX_PAGE}`,
  pageSize: `Page size must be a whole number from 1 to ${MAX_PAGE_SIZE}`,
  hasNoEvents: "HasNoEvents must be 'true' or 'false'",
  length: `Length must be a number from 0 to ${UNLINKED_LENGTH_MAX}`,
  notFound: 'The unlinked equipment',
  certificateNotFound: 'The certificate was not found',
  hasEvents: 'This equipment has events: their inspection history is kept, so it cannot be deleted. Link it to a certificate instead.',
} as const;

const whole = (min: number, max: number, message: string) =>
  z.coerce.number<number | string>({ error: message }).int(message).min(min, message).max(max, message);

/** GET /Unlinked?Page&PageSize&Search&HasNoEvents: the spec's PascalCase names; Page is zero-based. */
export const unlinkedQuery = z.object({
  Page: whole(0, MAX_PAGE, unlinkedMessages.page).default(0),
  PageSize: whole(1, MAX_PAGE_SIZE, unlinkedMessages.pageSize).default(UNLINKED_PAGE_SIZE),
  /** A part of the stamped id or the comment. */
  Search: searchText('Search'),
  /** 'true' keeps the items no event has inspected. */
  HasNoEvents: z
    .enum(['true', 'false'], { error: unlinkedMessages.hasNoEvents })
    .optional()
    .transform((value) => value === 'true'),
});
export type UnlinkedQuery = z.input<typeof unlinkedQuery>;

export const unlinkedItem = equipmentColumns.extend({
  /** Null while unlinked; set in the answer of a save that linked it. */
  certificateId: z.number().int().nullable(),
  /** Event items of this equipment (inspection history): an item with events cannot be deleted. */
  eventCount: z.number().int(),
  chipCount: z.number().int(),
  ...audit,
});
export type UnlinkedItem = z.infer<typeof unlinkedItem>;

/** The spec's shape: the equipment list plus unlinkedPagingInfo.amountOfPages. */
export const unlinkedPage = z.object({
  equipment: z.array(unlinkedItem),
  unlinkedPagingInfo: z.object({
    amountOfPages: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  }),
});
export type UnlinkedPage = z.infer<typeof unlinkedPage>;

/** PUT /Unlinked/{id}: a field left out stays as it is; null clears it (certificateId null: stays unlinked). */
export const unlinkedBody = z.strictObject({
  length: z
    .number({ error: unlinkedMessages.length })
    .min(0, unlinkedMessages.length)
    .max(UNLINKED_LENGTH_MAX, unlinkedMessages.length)
    .nullable()
    .optional(),
  comment: text({ field: 'Comment', max: UNLINKED_COMMENT_MAX, multiline: true }).nullable().optional(),
  certificateId: idField('Certificate').nullable().optional(),
});
export type UnlinkedBody = z.input<typeof unlinkedBody>;

/** Section 6: Unlinked Equipment needs Certificates level; internal staff only. */
export const manageUnlinked = { level: 'Certificates', internal: true } as const satisfies RouteAccess;
/** Linking takes a certificate, which must be one of the caller's owners'. */
export const linkUnlinked = { level: 'Certificates', internal: true, ownerScoped: true } as const satisfies RouteAccess;

const tags = ['Unlinked'];

export const unlinkedEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/Unlinked',
    summary: 'Equipment without a certificate, newest first; Page is zero-based; HasNoEvents=true keeps items without events',
    tags,
    access: manageUnlinked,
    query: unlinkedQuery,
    response: unlinkedPage,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/Unlinked/:id',
    summary: 'Set the length and comment of an unlinked item, or link it to a certificate (it then leaves the list); kept in its history',
    tags,
    access: linkUnlinked,
    invalidates: equipmentReads,
    params: idParams,
    body: unlinkedBody,
    response: unlinkedItem,
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/Unlinked/:id',
    summary: 'Delete an unlinked item that no event has inspected (409 when it has events)',
    tags,
    access: manageUnlinked,
    invalidates: equipmentReads,
    params: idParams,
    status: 204,
    errors: [409],
  }),
};
