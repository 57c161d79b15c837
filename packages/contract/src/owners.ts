/**
 * Owners and their certificate catalogue (spec sections 3 and 7, "Owners" and "Certificate types"):
 * owner -> certificate type -> sub-type -> dimension. Names are unique within their parent.
 */
import { z } from 'zod';
import { audit } from './common.ts';
import { ownerLabelColors } from './constants.ts';
import { messages } from './messages.ts';

export const OWNER_NAME_MAX = 100;
export const OWNER_SHORT_CODE_MAX = 10;
export const CATALOGUE_NAME_MAX = 100;

/** Clash messages of our own (the spec asks only for "a clear message"). */
export const catalogueMessages = {
  ownerNameTaken: (name: string) => `An owner named ${name} already exists`,
  typeNameTaken: (name: string) => `A certificate type named ${name} already exists for this owner`,
  subTypeNameTaken: (name: string) => `A sub-type named ${name} already exists in this certificate type`,
  dimensionNameTaken: (name: string) => `A dimension named ${name} already exists in this sub-type`,
  ownerNotFound: 'The owner was not found',
  typeNotFound: 'The certificate type was not found',
  subTypeNotFound: 'The sub-type was not found',
} as const;

const requiredText = (field: string, max: number) =>
  z
    .string({ error: messages.required(field) })
    .trim()
    .min(1, messages.required(field))
    .max(max, messages.maxLength(field, max));

const parentId = (field: string) =>
  z
    .number({ error: messages.required(field) })
    .int(messages.mustBeInteger)
    .positive(messages.required(field));

const pathId = z.coerce.number().int().positive();

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

export const dimensionBody = z.strictObject({ name: requiredText('Name', CATALOGUE_NAME_MAX), subType: parentId('Sub-type') });
export type DimensionBody = z.input<typeof dimensionBody>;

/** Path parameters of the nested GET /Owners/{id}/types/{t}/subtypes/{s} calls. */
export const ownerParams = z.object({ id: pathId });
export const ownerTypeParams = ownerParams.extend({ t: pathId });
export const ownerSubTypeParams = ownerTypeParams.extend({ s: pathId });
