/**
 * Certificates, read side (spec sections 2 "Certificates", 3 "Certificate", 7 "Certificates"): the
 * paged list and one certificate with its equipment rows. Writes (POST/PUT/DELETE) and the
 * search/type look-ups are defined elsewhere.
 */
import { z } from 'zod';
import { audit, idName, idParam, paged, pageQuery } from '../../common.ts';
import { defineEndpoint } from '../../endpoint.ts';
import type { RouteAccess } from '../../permissions.ts';
import { idParamValue, searchText } from '../../primitives.ts';
import { ownerRef } from '../owners/endpoints.ts';

/** Columns the list sorts on, each served by an index (see the server's certificates queries). */
export const certificateSortKeys = ['id', 'certificateNumber', 'owner', 'dateSigned'] as const;
export type CertificateSortKey = (typeof certificateSortKeys)[number];

const sortDirections = ['asc', 'desc'] as const;
export type CertificateSortDirection = (typeof sortDirections)[number];

/**
 * GET /Certificates: one page, sorted on an indexed column (newest first unless told), optionally
 * filtered by one owner and by a part of the certificate number.
 */
export const certificateListQuery = pageQuery.extend({
  sort: z.enum(certificateSortKeys, { error: `Sort must be one of ${certificateSortKeys.join(', ')}` }).default('id'),
  direction: z.enum(sortDirections, { error: "Direction must be 'asc' or 'desc'" }).default('desc'),
  search: searchText('Search', 100),
  owner: idParamValue('Owner').optional(),
});
export type CertificateListQuery = z.infer<typeof certificateListQuery>;
export type CertificateListQueryInput = z.input<typeof certificateListQuery>;

export const certificateListItem = z.object({
  id: z.number().int(),
  certificateNumber: z.string(),
  type: idName,
  subType: idName,
  dimension: idName,
  owner: ownerRef,
  dateSigned: z.string().nullable(),
  /** Equipment items on the certificate. */
  itemCount: z.number().int(),
  /** The lowest and highest stamped id on the certificate (text order); null without items. */
  firstStampedId: z.string().nullable(),
  lastStampedId: z.string().nullable(),
});
export type CertificateListItem = z.infer<typeof certificateListItem>;

export const certificatePage = paged(certificateListItem);
export type CertificatePage = z.infer<typeof certificatePage>;

/** One equipment row of a certificate (spec section 3, "Certificate equipment entry", as stored). */
export const certificateEquipment = z.object({
  id: z.number().int(),
  stampedId: z.string(),
  parentStampedId: z.string().nullable(),
  length: z.number().nullable(),
  comment: z.string().nullable(),
  /** Inactive. */
  hidden: z.boolean(),
  /** The RFID chips on the item. */
  chips: z.array(z.string()),
  /** Whether another item has this one as its parent. */
  hasChildren: z.boolean(),
  /** The status of the item's latest event, if it has been inspected. */
  latestStatus: z.object({ name: z.string(), color: z.string() }).nullable(),
});
export type CertificateEquipment = z.infer<typeof certificateEquipment>;

export const certificateFile = z.object({
  id: z.number().int(),
  fileName: z.string(),
  /** Download address; a link adds `?access_token=` from POST /Account/DownloadToken. */
  url: z.string(),
});
export type CertificateFile = z.infer<typeof certificateFile>;

/** GET /Certificates/{id}: the fields of spec section 3 with the catalogue node's names and the rows. */
export const certificateDetail = z.object({
  id: z.number().int(),
  ownerId: z.number().int(),
  typeId: z.number().int(),
  subTypeId: z.number().int(),
  dimensionId: z.number().int(),
  owner: ownerRef,
  type: idName,
  subType: idName,
  dimension: idName,
  certificateNumber: z.string(),
  manufacturer: z.string().nullable(),
  quality: z.string().nullable(),
  certifiedToCode: z.string().nullable(),
  dateSigned: z.string().nullable(),
  certificateIssuedBy: z.string().nullable(),
  otherInformation: z.string().nullable(),
  color: z.string(),
  certificateFile: certificateFile.nullable(),
  /** Optimistic concurrency: an edit sends it back and is refused (409) when the certificate has changed. */
  version: z.number().int(),
  /** By stamped id. */
  equipment: z.array(certificateEquipment),
  ...audit,
});
export type CertificateDetail = z.infer<typeof certificateDetail>;

/**
 * Section 6: Read level reads certificates; external (Report) users read their own owners'
 * certificates (docs/security.md), so the routes are owner-scoped, not internal.
 */
export const readCertificates = { level: 'Read', ownerScoped: true } as const satisfies RouteAccess;
const tags = ['Certificates'];

export const certificateEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/Certificates',
    summary:
      'Certificates the caller may see, one page: sort by id (default, newest first), certificateNumber, owner or dateSigned; search matches a part of the certificate number',
    tags,
    access: readCertificates,
    query: certificateListQuery,
    response: certificatePage,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/Certificates/:id',
    summary: 'One certificate with its PDF and its equipment rows',
    tags,
    access: readCertificates,
    params: idParam,
    response: certificateDetail,
  }),
};
