/**
 * Case duplicates (docs/event-items.md "Stamped ids"): items whose stamped ids differ only in
 * case, made before ids were compared without case. The upgrade marked them instead of failing; this
 * list shows them, linked and unlinked alike, and a person resolves a pair by renaming one item (its
 * history keeps the old id). Merging two items is not offered.
 */
import { z } from 'zod';
import { equipmentReads } from '../../cache.ts';
import { defineEndpoint } from '../../endpoint.ts';
import type { RouteAccess } from '../../permissions.ts';
import { idParams } from '../../primitives.ts';
import { newStampedIdValue } from '../equipment/endpoints.ts';
import { ownerRef } from '../owners/endpoints.ts';

export const caseDuplicateMessages = {
  notFound: 'The case duplicate',
  taken: (stampedId: string) => `${stampedId} is already in use`,
  renamed: (from: string, to: string) => `Renamed ${from} to ${to}`,
  none: 'No two items share a stamped id in different cases',
} as const;

export const caseDuplicateItem = z.object({
  /** The equipment item's id (the spec's rowId). */
  id: z.number().int(),
  stampedId: z.string(),
  /** Marked by the upgrade: left out of the unique index until the pair is resolved. */
  marked: z.boolean(),
  hidden: z.boolean(),
  /** Null for an unlinked item. */
  certificate: z.object({ id: z.number().int(), certificateNumber: z.string(), owner: ownerRef }).nullable(),
  eventCount: z.number().int(),
  lastEventDate: z.string().nullable(),
});
export type CaseDuplicateItem = z.infer<typeof caseDuplicateItem>;

/** Items that share one stamped id without regard to case, in groups (the ones the caller may see). */
export const caseDuplicateList = z.object({ groups: z.array(z.object({ items: z.array(caseDuplicateItem) })) });
export type CaseDuplicateList = z.infer<typeof caseDuplicateList>;

/** PUT /CaseDuplicates/{id}: the item's new stamped id (a new id: normalised and checked like any other). */
export const renameBody = z.strictObject({ stampedId: newStampedIdValue('New stamped id') });
export type RenameBody = z.input<typeof renameBody>;
export const renamedItem = z.object({ id: z.number().int(), stampedId: z.string() });

/** Certificates level looks after the register; owners' items stay within the caller's owners. */
export const caseDuplicateAccess = { level: 'Certificates', internal: true, ownerScoped: true } as const satisfies RouteAccess;

const tags = ['Equipment'];

export const caseDuplicateEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/CaseDuplicates',
    summary: 'Items whose stamped ids differ only in case (marked by the upgrade), grouped; linked and unlinked alike',
    tags,
    access: caseDuplicateAccess,
    response: caseDuplicateList,
  }),
  rename: defineEndpoint({
    method: 'PUT',
    path: '/CaseDuplicates/:id',
    summary: 'Resolve a case duplicate by giving one item a new stamped id (a history row keeps the old one)',
    tags,
    access: caseDuplicateAccess,
    invalidates: equipmentReads,
    params: idParams,
    body: renameBody,
    response: renamedItem,
  }),
};
