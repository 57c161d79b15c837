/**
 * Equipment chips (spec section 7 "Chips"): RFID tags read by a keyboard-wedge scanner. A chip belongs
 * to one equipment item or one user, never both and never two (the `chips` table's key and check);
 * an item may carry several chips. Users' chips have their own calls (users.ts).
 */
import { z } from 'zod';
import { paged, pageQuery } from '../../common.ts';
import { defineEndpoint } from '../../endpoint.ts';
import type { RouteAccess } from '../../permissions.ts';
import { SINGLE_LINE_TEXT } from '../../primitives.ts';
import { chipIdValue, stampedIdValue } from '../equipment/endpoints.ts';

/** POST /Chips. */
export const addChipBody = z.strictObject({
  chipId: chipIdValue('Chip id'),
  stampedId: stampedIdValue('Stamped id'),
});
export type AddChipBody = z.input<typeof addChipBody>;

/** An equipment chip with the item that carries it. */
export const chipEntry = z.object({
  chipId: z.string(),
  stampedId: z.string(),
  dateRegistered: z.string(),
  /** Staff name: null for external users (the list is internal, the field stays for one shape). */
  createdBy: z.string().nullable(),
});
export type ChipEntry = z.infer<typeof chipEntry>;

export const chipPage = paged(chipEntry);
export type ChipPage = z.infer<typeof chipPage>;

/** GET /Chips/Chips: paged by chip id; `search` is the start of a chip id (what a scanner typed so far). */
export const chipListQuery = pageQuery.extend({
  search: z
    .string()
    .trim()
    .max(16, 'Search must not contain more than 16 characters')
    .regex(SINGLE_LINE_TEXT, 'Search must not contain control characters')
    .optional(),
});
export type ChipListQuery = z.infer<typeof chipListQuery>;

export const removeChipParams = z.object({ id: chipIdValue('Chip id') });

/** Listing equipment chips is for staff. */
export const readChips = { level: 'Read', internal: true, ownerScoped: true } as const satisfies RouteAccess;
/** Spec section 6: Events level adds chips to equipment (and so removes them). */
export const writeChips = { level: 'Events', internal: true, ownerScoped: true } as const satisfies RouteAccess;

const tags = ['Chips'];

export const chipEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/Chips/Chips',
    summary: 'Equipment chips with their stamped ids, by chip id, one page; search is the start of a chip id',
    tags,
    access: readChips,
    query: chipListQuery,
    response: chipPage,
  }),
  add: defineEndpoint({
    method: 'POST',
    path: '/Chips',
    summary: "Put a chip on an item; refused when the chip is on this item, another item or a user (spec section 8's chip messages)",
    tags,
    access: writeChips,
    invalidates: ['Chips', 'Equipment', 'Report'],
    body: addChipBody,
    response: chipEntry,
    status: 201,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/Chips/:id',
    summary: 'Take a chip off its item (by chip id)',
    tags,
    access: writeChips,
    invalidates: ['Chips', 'Equipment', 'Report'],
    params: removeChipParams,
    status: 204,
  }),
};
