/**
 * The equipment detail (spec section 2 "/Equipment/{id}", section 3 "Equipment", section 7 "Equipment"):
 * one item by its stamped id, with its certificate, chips, tags, effective age, history and events.
 * Effective age: docs/equipment-age.md. Who sees which item: docs/security.md and docs/equipment-age.md.
 */

import { z } from 'zod';
import { equipmentReads } from '../../cache.ts';
import { idName } from '../../common.ts';
import { defineEndpoint } from '../../endpoint.ts';
import { messages } from '../../messages.ts';
import type { RouteAccess } from '../../permissions.ts';
import { normalizeStampedId, stampedIdProblem, text } from '../../primitives.ts';
import { certificateFile } from '../certificates/endpoints.ts';
import { signOff } from '../events/sign-off.ts';
import { statusMeanings } from '../folders/meanings.ts';
import { ownerRef } from '../owners/endpoints.ts';
import { CHIP_CODE_PATTERN, userMessages } from '../users/endpoints.ts';

/** Stamped ids are short codes hard-stamped on steel; the register never holds longer ones. */
export const STAMPED_ID_MAX = 100;

export const equipmentMessages = {
  equipmentNotFound: (stampedId: string) => `No equipment with stamped id ${stampedId}`,
  chipNotFound: (chipId: string) => `No equipment chip ${chipId}`,
  chipRemoved: (chipId: string) => `Removed chip ${chipId}`,
  madeActive: (stampedId: string) => `${stampedId} is active`,
  madeInactive: (stampedId: string) => `${stampedId} is inactive`,
} as const;

/** A stamped id in the address (`/Equipment/AMP-KL-084-0001`), URL-decoded by the server. */
export const stampedIdValue = (field = 'Stamped id') => text({ field, max: STAMPED_ID_MAX, required: true });
/**
 * A stamped id that may name a new item (add, availability): trimmed, NFKC-normalised, and refused
 * when it holds invisible characters or mixes scripts (primitives.ts `stampedIdProblem`).
 */
export const newStampedIdValue = (field = 'Stamped id') =>
  stampedIdValue(field)
    .transform(normalizeStampedId)
    .superRefine((value, context) => {
      const problem = stampedIdProblem(value, field);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    });
export const chipIdValue = (field = 'Chip id') =>
  z
    .string({ error: messages.required(field) })
    .trim()
    .regex(CHIP_CODE_PATTERN, userMessages.chipCode);

export const stampedIdParams = z.object({ id: stampedIdValue() });
export const equipmentHiddenParams = z.object({
  id: stampedIdValue(),
  flag: z.enum(['true', 'false'], { error: "Flag must be 'true' or 'false'" }),
});
export const equipmentChipParams = z.object({ chip: chipIdValue('Chip') });

const catalogueRef = idName;

/** The certificate an item is linked to (its id is the item's `certificateId`); null when the item is unlinked. */
export const equipmentCertificate = z.object({
  /** The certificate's number (spec section 3 names it certificateName here). */
  certificateName: z.string(),
  owner: ownerRef,
  type: catalogueRef,
  subType: catalogueRef,
  dimension: catalogueRef,
  quality: z.string().nullable(),
  manufacturer: z.string().nullable(),
  certifiedToCode: z.string().nullable(),
  dateSigned: z.string().nullable(),
  color: z.string(),
  /** Years since the signed date, one decimal; null without a signed date. */
  age: z.number().nullable(),
  otherInformation: z.string().nullable(),
  certificateFile: certificateFile.nullable(),
});
export type EquipmentCertificate = z.infer<typeof equipmentCertificate>;

export const equipmentChip = z.object({
  chipId: z.string(),
  dateRegistered: z.string(),
  /** Staff name: null for external users. */
  createdBy: z.string().nullable(),
});
export type EquipmentChip = z.infer<typeof equipmentChip>;

export const equipmentTagBadge = z.object({ id: z.number().int(), stampedId: z.string(), tag: z.string(), color: z.string() });

/** One row of the item's record history (append-only), newest first. */
export const equipmentHistoryEntry = z.object({
  stampedId: z.string(),
  certificateId: z.number().int().nullable(),
  /** The certificate's number as it is now; null when unlinked or when the certificate was deleted. */
  certificateNumber: z.string().nullable(),
  length: z.number().nullable(),
  hidden: z.boolean(),
  comment: z.string().nullable(),
  changedAt: z.string(),
  /** Staff name: null for external users. */
  changedBy: z.string().nullable(),
});
export type EquipmentHistoryEntry = z.infer<typeof equipmentHistoryEntry>;

/**
 * The item in one event: what external users see too (docs/security.md rule 1), without staff names.
 * An event recorded while the item was another owner's (`formerOwner`, rule 21) shows a viewer with an
 * owner list its date, type and status only: rig, project, location, comment and responsible are null.
 */
export const equipmentEvent = z.object({
  eventId: z.number().int(),
  eventComponentId: z.number().int(),
  eventDate: z.string(),
  type: catalogueRef,
  rig: catalogueRef.nullable(),
  project: catalogueRef.nullable(),
  location: z.string().nullable(),
  /** `meaning`: what the status says (features/folders/meanings.ts); only fit, monitor and condemned are an inspection. */
  status: z.object({ id: z.number().int(), name: z.string(), color: z.string(), meaning: z.enum(statusMeanings) }).nullable(),
  /** The item's comment in that event. */
  comment: z.string().nullable(),
  notification: z.boolean(),
  isRenewal: z.boolean(),
  resetAge: z.boolean(),
  ageAtReset: z.number().nullable(),
  /** Staff name: null for external users. */
  responsible: z.string().nullable(),
  /** Recorded while the item was on a certificate outside the viewer's owners (a moved item's former owner). */
  formerOwner: z.boolean(),
  /** Who signed the event off and when (null: not signed off, or recorded for another owner). */
  signOff: signOff.nullable(),
});
export type EquipmentEvent = z.infer<typeof equipmentEvent>;

/** An equipment item's own columns, stated once: the detail and the unlinked list derive from them. */
export const equipmentColumns = z.object({
  /** The item's row id (the detail names it `rowId`, as spec section 3 does). */
  id: z.number().int(),
  stampedId: z.string(),
  description: z.string().nullable(),
  length: z.number().nullable(),
  comment: z.string().nullable(),
  /** Inactive. */
  hidden: z.boolean(),
});

/**
 * The item's wear trend (issue 28 part 5, docs/measurements.md "Wear trends"): its template's trended
 * value per measured inspection, oldest first, the fitted loss per year and the date the line meets the
 * condemned limit. Null until two inspections on two dates measured it.
 */
export const equipmentWear = z.object({
  /** What is trended ("Grip diameter 1, Grip diameter 2") and its unit. */
  label: z.string(),
  unit: z.string().nullable(),
  series: z.array(z.object({ date: z.string(), value: z.number() })),
  /** The condemned limit in the unit; null without a condemning criterion or a nominal size. */
  limit: z.number().nullable(),
  /** Loss per year in the unit (positive: the value falls). */
  ratePerYear: z.number().nullable(),
  predictedDiscardDate: z.string().nullable(),
});
export type EquipmentWear = z.infer<typeof equipmentWear>;

export const equipmentDetail = equipmentColumns.omit({ id: true }).extend({
  rowId: z.number().int(),
  /** The certificate the item is on; null when unlinked. */
  certificateId: z.number().int().nullable(),
  parentStampedId: z.string().nullable(),
  hasChildren: z.boolean(),
  certificate: equipmentCertificate.nullable(),
  /** Years, one decimal (docs/equipment-age.md); null when nothing dates the item. */
  effectiveAge: z.number().nullable(),
  /** Effective age above EFFECTIVE_AGE_FLAG_YEARS: shown as '> 5 years'. */
  olderThanFlagYears: z.boolean(),
  /** Date of the renewal or reset-age event the age counts from; null when it counts from the signed date. */
  dateLastReset: z.string().nullable(),
  /** Spec section 9: the label text a QR code carries. */
  qrLabel: z.string(),
  chips: z.array(equipmentChip),
  tags: z.array(equipmentTagBadge),
  equipmentHistory: z.array(equipmentHistoryEntry),
  /** Every event of the item, newest first. */
  events: z.array(equipmentEvent),
  lastEvent: equipmentEvent.nullable(),
  /** The latest event whose status for the item is an inspection (fit, monitor or condemned). */
  lastInspection: equipmentEvent.nullable(),
  /** The latest renewal that renewed the item: its status in it means fit or monitor. */
  lastRenewal: equipmentEvent.nullable(),
  /** Event items of this item with the notification flag on, newest first. */
  notifications: z.array(equipmentEvent),
  hasEvents: z.boolean(),
  hasChips: z.boolean(),
  wear: equipmentWear.nullable(),
});
export type EquipmentDetail = z.infer<typeof equipmentDetail>;

/**
 * Spec section 9: the stamped id with dashes replaced by spaces, the quality, and the two-digit year of
 * the last reset or else of the certificate's signed date; parts that are missing are left out.
 */
export function qrLabelText(stampedId: string, quality: string | null | undefined, date: string | null | undefined): string {
  const year = date && /^\d{4}/.test(date) ? date.slice(2, 4) : null;
  return [stampedId.replaceAll('-', ' '), quality?.trim() || null, year].filter(Boolean).join(' ');
}

/** Read level reads an item, external users their owners' items only; unlinked items are for internal users. */
export const readEquipment = { level: 'Read', ownerScoped: true } as const satisfies RouteAccess;
/** Spec section 6: Certificates level toggles equipment active. */
export const toggleEquipment = { level: 'Certificates', internal: true, ownerScoped: true } as const satisfies RouteAccess;
/** The chip look-up serves scanning staff. */
export const findEquipmentByChip = { level: 'Read', internal: true, ownerScoped: true } as const satisfies RouteAccess;

const tags = ['Equipment'];

export const equipmentEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/Equipment/:id',
    summary:
      'One item by stamped id: certificate, chips, tags, effective age, history, events and notifications; a foreign or unknown item answers 404',
    tags,
    access: readEquipment,
    params: stampedIdParams,
    response: equipmentDetail,
  }),
  /**
   * The same answer for any stamped id: the fixed routes beside /Equipment/{id} ('Search',
   * 'autocomplete') take those two ids there, so the web app opens items here (decision 040).
   */
  item: defineEndpoint({
    method: 'GET',
    path: '/Equipment/Item/:id',
    summary: "One item by stamped id, as GET /Equipment/{id}, for every stamped id (also 'Search' or 'autocomplete')",
    tags,
    access: readEquipment,
    params: stampedIdParams,
    response: equipmentDetail,
  }),
  setHidden: defineEndpoint({
    method: 'PUT',
    path: '/Equipment/:id/hidden/:flag',
    summary: 'Make an item inactive (true) or active (false); the change is a new history row',
    tags,
    access: toggleEquipment,
    invalidates: equipmentReads,
    params: equipmentHiddenParams,
    response: equipmentDetail,
  }),
  byChip: defineEndpoint({
    method: 'GET',
    path: '/Equipment/Chip/:chip',
    summary: "The item that carries this chip; 404 'No equipment found with chip {code}'",
    tags,
    access: findEquipmentByChip,
    params: equipmentChipParams,
    response: equipmentDetail,
  }),
};
