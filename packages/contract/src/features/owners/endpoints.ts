/**
 * Owners and their certificate catalogue (spec sections 3 and 7, "Owners" and "Certificate types"):
 * owner -> certificate type -> sub-type -> dimension. Names are unique within their parent.
 */
import { z } from 'zod';
import { catalogueReads } from '../../cache.ts';
import { audit, idParam } from '../../common.ts';
import { ownerLabelColors } from '../../constants.ts';
import { defineEndpoint } from '../../endpoint.ts';
import type { RouteAccess } from '../../permissions.ts';
import { idField, idParamValue, text } from '../../primitives.ts';
import { nominalBody, nominalFields } from './nominal.ts';

export const OWNER_NAME_MAX = 100;
export const OWNER_SHORT_CODE_MAX = 10;
export const CATALOGUE_NAME_MAX = 100;

/** Clash messages of our own (the spec asks only for "a clear message"). */
export const catalogueMessages = {
  // Same wording as every duplicate name (docs/ui.md): the name in single quotes.
  ownerNameTaken: (name: string) => `An owner named '${name}' already exists`,
  shortCodeTaken: (code: string) => `An owner with the short code '${code}' already exists`,
  typeNameTaken: (name: string) => `A certificate type named '${name}' already exists for this owner`,
  subTypeNameTaken: (name: string) => `A sub-type named '${name}' already exists in this certificate type`,
  dimensionNameTaken: (name: string) => `A dimension named '${name}' already exists in this sub-type`,
  ownerNotFound: 'The owner was not found',
  typeNotFound: 'The certificate type was not found',
  subTypeNotFound: 'The sub-type was not found',
} as const;

const requiredText = (field: string, max: number) => text({ field, max, required: true });
const parentId = idField;
const pathId = idParamValue();

export const ownerLabel = z.enum(ownerLabelColors, { error: `Label must be one of ${ownerLabelColors.join(', ')}` });

/** An owner as other records show it. */
export const ownerRef = z.object({
  id: z.number().int(),
  name: z.string(),
  shortCode: z.string(),
  label: ownerLabel,
});
export type OwnerRef = z.infer<typeof ownerRef>;

export const owner = ownerRef.extend(audit);
export type Owner = z.infer<typeof owner>;

/** POST /Owners and PUT /Owners/{id}. */
export const ownerBody = z.strictObject({
  name: requiredText('Name', OWNER_NAME_MAX),
  shortCode: requiredText('Short code', OWNER_SHORT_CODE_MAX),
  label: ownerLabel.default('default'),
});
export type OwnerBody = z.input<typeof ownerBody>;

export const certificateType = z.object({
  id: z.number().int(),
  name: z.string(),
  owner: ownerRef,
  ...audit,
});
export type CertificateType = z.infer<typeof certificateType>;

/** A sub-type carries its type and the type's owner, enough for a breadcrumb. */
export const certificateSubType = z.object({
  id: z.number().int(),
  name: z.string(),
  certificateType: z.object({ id: z.number().int(), name: z.string(), owner: ownerRef }),
  ...audit,
});
export type CertificateSubType = z.infer<typeof certificateSubType>;

export const dimension = z.object({
  id: z.number().int(),
  name: z.string(),
  subType: z.object({ id: z.number().int(), name: z.string() }),
  ...nominalFields,
  ...audit,
});
export type Dimension = z.infer<typeof dimension>;

/** Renames take the name only: moving a node to another parent would re-file its certificates. */
export const catalogueRenameBody = z.strictObject({ name: requiredText('Name', CATALOGUE_NAME_MAX) });
export type CatalogueRenameBody = z.input<typeof catalogueRenameBody>;

export const certificateTypeBody = z.strictObject({ name: requiredText('Name', CATALOGUE_NAME_MAX), owner: parentId('Owner') });
export type CertificateTypeBody = z.input<typeof certificateTypeBody>;

export const certificateSubTypeBody = z.strictObject({
  name: requiredText('Name', CATALOGUE_NAME_MAX),
  certificateType: parentId('Certificate type'),
});
export type CertificateSubTypeBody = z.input<typeof certificateSubTypeBody>;

export const dimensionBody = z.strictObject({
  name: requiredText('Name', CATALOGUE_NAME_MAX),
  subType: parentId('Sub-type'),
  ...nominalBody,
});
export type DimensionBody = z.input<typeof dimensionBody>;
/** PUT of a dimension: the name (spec section 7) and, beside it, the nominal size. */
export const dimensionEditBody = z.strictObject({ name: requiredText('Name', CATALOGUE_NAME_MAX), ...nominalBody });
export type DimensionEditBody = z.input<typeof dimensionEditBody>;

/** Path parameters of the nested GET /Owners/{id}/types/{t}/subtypes/{s} calls. */
export const ownerParams = z.object({ id: pathId });
export const ownerTypeParams = ownerParams.extend({ t: pathId });
export const ownerSubTypeParams = ownerTypeParams.extend({ s: pathId });

/** External (Report) users read their own owners' catalogue too: their reports are filtered by it. */
export const readOwners = { level: 'Read', ownerScoped: true } as const satisfies RouteAccess;
/** Changing the catalogue is for internal staff at Admin level (section 6: "Owners" needs Admin). */
export const writeOwners = { level: 'Admin', internal: true, ownerScoped: true } as const satisfies RouteAccess;

const tags = ['Owners'];
const catalogueTags = ['Certificate types'];

export const ownerEndpoints = {
  userOwners: defineEndpoint({
    method: 'GET',
    path: '/Owners/User',
    summary: "The signed-in user's owners (all owners for allOwners users)",
    tags,
    access: readOwners,
    response: z.array(ownerRef),
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/Owners',
    summary: 'Owners the caller may see, by name',
    tags,
    access: readOwners,
    response: z.array(owner),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/Owners',
    summary: 'Add an owner (name unique)',
    tags,
    access: writeOwners,
    invalidates: catalogueReads,
    body: ownerBody,
    response: owner,
    status: 201,
    errors: [409],
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/Owners/:id',
    summary: 'One owner',
    tags,
    access: readOwners,
    params: idParam,
    response: owner,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/Owners/:id',
    summary: "Change an owner's name, short code and label",
    tags,
    access: writeOwners,
    invalidates: catalogueReads,
    params: idParam,
    body: ownerBody,
    response: owner,
    errors: [409],
  }),
  types: defineEndpoint({
    method: 'GET',
    path: '/Owners/:id/types',
    summary: "The owner's certificate types",
    tags,
    access: readOwners,
    params: ownerParams,
    response: z.array(certificateType),
  }),
  type: defineEndpoint({
    method: 'GET',
    path: '/Owners/:id/types/:t',
    summary: 'One certificate type of the owner',
    tags,
    access: readOwners,
    params: ownerTypeParams,
    response: certificateType,
  }),
  subTypes: defineEndpoint({
    method: 'GET',
    path: '/Owners/:id/types/:t/subtypes',
    summary: 'Sub-types of a certificate type',
    tags,
    access: readOwners,
    params: ownerTypeParams,
    response: z.array(certificateSubType),
  }),
  subType: defineEndpoint({
    method: 'GET',
    path: '/Owners/:id/types/:t/subtypes/:s',
    summary: 'One sub-type, with its type and owner',
    tags,
    access: readOwners,
    params: ownerSubTypeParams,
    response: certificateSubType,
  }),
  dimensions: defineEndpoint({
    method: 'GET',
    path: '/Owners/:id/types/:t/subtypes/:s/dimensions',
    summary: 'Dimensions of a sub-type, by size',
    tags,
    access: readOwners,
    params: ownerSubTypeParams,
    response: z.array(dimension),
  }),
  createType: defineEndpoint({
    method: 'POST',
    path: '/CertificateTypes/certificateType',
    summary: 'Add a certificate type to an owner',
    tags: catalogueTags,
    access: writeOwners,
    invalidates: catalogueReads,
    body: certificateTypeBody,
    response: certificateType,
    status: 201,
    errors: [409],
  }),
  renameType: defineEndpoint({
    method: 'PUT',
    path: '/CertificateTypes/certificateType/:id',
    summary: 'Rename a certificate type',
    tags: catalogueTags,
    access: writeOwners,
    invalidates: catalogueReads,
    params: idParam,
    body: catalogueRenameBody,
    response: certificateType,
    errors: [409],
  }),
  createSubType: defineEndpoint({
    method: 'POST',
    path: '/CertificateTypes/certificateSubType',
    summary: 'Add a sub-type to a certificate type',
    tags: catalogueTags,
    access: writeOwners,
    invalidates: catalogueReads,
    body: certificateSubTypeBody,
    response: certificateSubType,
    status: 201,
    errors: [409],
  }),
  renameSubType: defineEndpoint({
    method: 'PUT',
    path: '/CertificateTypes/certificateSubType/:id',
    summary: 'Rename a sub-type',
    tags: catalogueTags,
    access: writeOwners,
    invalidates: catalogueReads,
    params: idParam,
    body: catalogueRenameBody,
    response: certificateSubType,
    errors: [409],
  }),
  createDimension: defineEndpoint({
    method: 'POST',
    path: '/CertificateTypes/dimension',
    summary: 'Add a dimension to a sub-type',
    tags: catalogueTags,
    access: writeOwners,
    invalidates: catalogueReads,
    body: dimensionBody,
    response: dimension,
    status: 201,
    errors: [409],
  }),
  renameDimension: defineEndpoint({
    method: 'PUT',
    path: '/CertificateTypes/dimension/:id',
    summary: 'Rename a dimension, or set its nominal size',
    tags: catalogueTags,
    access: writeOwners,
    invalidates: catalogueReads,
    params: idParam,
    body: dimensionEditBody,
    response: dimension,
    errors: [409],
  }),
};
