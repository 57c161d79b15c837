/**
 * Equipment and certificate look-ups (spec section 7, "Equipment" and "Certificates"): the search
 * calls the global search page, the editors' autocompletes and the stamped id availability check use.
 * Rules chosen where the spec is silent: docs/search.md.
 */
import { z } from 'zod';
import { STAMPED_ID_SEARCH_MIN_LENGTH } from '../../constants.ts';
import { defineEndpoint } from '../../endpoint.ts';
import type { RouteAccess } from '../../permissions.ts';
import { text } from '../../primitives.ts';
import { newStampedIdValue } from '../equipment/endpoints.ts';
import { ownerRef } from '../owners/endpoints.ts';

/** Rows a look-up answers at most (Events level and above; below, equipment stops at 5). */
export const LOOKUP_LIMIT = 20;
/** Search counts stop here: the search page shows '1000+' rather than count a whole table. */
export const LOOKUP_COUNT_LIMIT = 1000;
export const LOOKUP_TERM_MAX = 100;

export const lookupMessages = {
  termTooShort: (field: string) => `${field} must contain at least ${STAMPED_ID_SEARCH_MIN_LENGTH} characters`,
} as const;

/** A required search term of 2+ characters (spec section 9: stamped id search minimum 2 characters). */
export const lookupTerm = (field = 'Search') =>
  text({ field, max: LOOKUP_TERM_MAX, required: true }).refine((value) => value.length >= STAMPED_ID_SEARCH_MIN_LENGTH, {
    message: lookupMessages.termTooShort(field),
    abort: true,
  });

export const lookupSearchQuery = z.object({ search: lookupTerm() });
export type LookupSearchQuery = z.input<typeof lookupSearchQuery>;

/** GET /Equipment?search&type: `type` is a certificate type's name ('Chain'), matched whatever its case, across owners. */
export const equipmentLookupQuery = z.object({
  search: lookupTerm(),
  type: text({ field: 'Type', max: 100 }).optional(),
});
export type EquipmentLookupQuery = z.input<typeof equipmentLookupQuery>;

/** A certificate as the look-ups show it: number, owner and its place in the owner's catalogue. */
export const certificateLookupItem = z.object({
  id: z.number().int(),
  certificateNumber: z.string(),
  owner: ownerRef,
  type: z.string(),
  subType: z.string(),
  dimension: z.string(),
  dateSigned: z.string().nullable(),
  itemCount: z.number().int(),
});
export type CertificateLookupItem = z.infer<typeof certificateLookupItem>;

/** An equipment item as the look-ups show it; an unlinked item has no certificate. */
export const equipmentLookupItem = z.object({
  id: z.number().int(),
  stampedId: z.string(),
  hidden: z.boolean(),
  length: z.number().nullable(),
  comment: z.string().nullable(),
  certificate: certificateLookupItem.omit({ itemCount: true, dateSigned: true }).nullable(),
});
export type EquipmentLookupItem = z.infer<typeof equipmentLookupItem>;

/** Search answers: the first rows and how many match (counted up to LOOKUP_COUNT_LIMIT; `totalCapped` past it). */
const lookupResult = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), totalCapped: z.boolean() });

export const equipmentLookupResult = lookupResult(equipmentLookupItem);
export type EquipmentLookupResult = z.infer<typeof equipmentLookupResult>;
export const certificateLookupResult = lookupResult(certificateLookupItem);
export type CertificateLookupResult = z.infer<typeof certificateLookupResult>;

export const equipmentAutocompleteItem = z.object({ id: z.number().int(), stampedId: z.string(), linked: z.boolean() });
export type EquipmentAutocompleteItem = z.infer<typeof equipmentAutocompleteItem>;

/** GET /Equipment/Available/{id}: the id is a new item's stamped id, so a look-alike answers 400 with the rule's message. */
export const availabilityParams = z.object({ id: newStampedIdValue() });
export const availability = z.object({ available: z.boolean() });
export type Availability = z.infer<typeof availability>;

/** Look-ups of the editing screens and lists: internal staff from Read level; owners' data stays within the caller's owners. */
export const readLookups = { level: 'Read', internal: true, ownerScoped: true } as const satisfies RouteAccess;
/**
 * The global search's tabs (spec sections 2 and 6): every internal user has the search box, level None
 * included (below Events the equipment tab shows 5); external users have none. Within the caller's owners.
 */
export const searchLookups = { level: 'None', internal: true, ownerScoped: true } as const satisfies RouteAccess;
/** The certificate autocomplete serves editing screens (certificate editor, unlinked equipment). */
export const certificateAutocompleteAccess = { level: 'Certificates', internal: true, ownerScoped: true } as const satisfies RouteAccess;
/** A stamped id is unique in the whole system: the check is global and answers only true or false. */
export const availabilityAccess = { level: 'Certificates', internal: true } as const satisfies RouteAccess;

const equipmentTags = ['Equipment'];
const certificateTags = ['Certificates'];

export const searchEndpoints = {
  equipment: defineEndpoint({
    method: 'GET',
    path: '/Equipment',
    summary:
      'Equipment whose stamped id contains the search (exact match first), optionally of one certificate type by name; 20 rows, 5 below Events level',
    tags: equipmentTags,
    access: readLookups,
    query: equipmentLookupQuery,
    response: equipmentLookupResult,
  }),
  equipmentAutocomplete: defineEndpoint({
    method: 'GET',
    path: '/Equipment/autocomplete',
    summary: 'Stamped ids containing the search (exact match first); 20, 5 below Events level',
    tags: equipmentTags,
    access: readLookups,
    query: lookupSearchQuery,
    response: z.array(equipmentAutocompleteItem),
  }),
  equipmentSearch: defineEndpoint({
    method: 'GET',
    path: '/Equipment/Search',
    summary: 'Global search, equipment tab: stamped ids containing the search (exact match first); 20 rows, 5 below Events level',
    tags: equipmentTags,
    access: searchLookups,
    query: lookupSearchQuery,
    response: equipmentLookupResult,
  }),
  availability: defineEndpoint({
    method: 'GET',
    path: '/Equipment/Available/:id',
    summary: 'Whether no equipment item has this stamped id yet (global; never says whose it is)',
    tags: equipmentTags,
    access: availabilityAccess,
    params: availabilityParams,
    response: availability,
  }),
  certificateSearch: defineEndpoint({
    method: 'GET',
    path: '/Certificates/search',
    summary: 'Global search, certificates tab: certificate numbers containing the search (exact match first); 20 rows',
    tags: certificateTags,
    access: searchLookups,
    query: lookupSearchQuery,
    response: certificateLookupResult,
  }),
  certificateAutocomplete: defineEndpoint({
    method: 'GET',
    path: '/Certificates/type',
    summary: 'Certificate autocomplete (editor moves, unlinked equipment): numbers containing the search, exact match first; 20',
    tags: certificateTags,
    access: certificateAutocompleteAccess,
    query: lookupSearchQuery,
    response: z.array(certificateLookupItem),
  }),
};
