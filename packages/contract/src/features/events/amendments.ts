/**
 * Amendments (issue 25, docs/sign-off.md "Amendments"): a signed-off event is corrected by recording
 * an amendment of one item, never by editing it. The amended status, comment and measurements become
 * the item's values everywhere, and added images join the item's; the original stays in the
 * amendment's `before`; amendments are never changed (decision 081).
 */
import { z } from 'zod';
import { eventItemReads } from '../../cache.ts';
import { idParam as idParams } from '../../common.ts';
import { defineEndpoint } from '../../endpoint.ts';
import type { RouteAccess } from '../../permissions.ts';
import { idField, text } from '../../primitives.ts';
import { EVENT_ITEM_COMMENT_MAX } from '../event-items/common.ts';
import { measuredValue, measurementsInput } from '../event-items/verdict.ts';

export const AMENDMENT_REASON_MAX = 2000;
/** Photos one amendment adds (uploaded first with POST /Files). */
export const AMENDMENT_IMAGES_MAX = 10;

export const amendmentMessages = {
  notSigned: 'Only a signed-off event is amended: change the item itself',
  nothingChanged: 'The amendment changes nothing: choose another status, comment or measurement, or add a photo',
  notAnImage: 'Upload a photo first (POST /Files): this file is not an image of yours waiting to be attached',
  chipSession: 'Sign in with your password to amend: a chip sign-in cannot',
} as const;

/**
 * POST /Events/{id}/Amendments: the item, its corrected status (optional: kept when left out) and comment,
 * its corrected measurements (optional: kept when left out; the list replaces the item's, as the item PUT),
 * the ids of photos uploaded with POST /Files to add, and why.
 */
export const amendmentBody = z.strictObject({
  eventComponentId: idField('Event component'),
  statusId: idField('Status').nullable().optional(),
  comment: text({ field: 'Comment', max: EVENT_ITEM_COMMENT_MAX, multiline: true })
    .nullable()
    .transform((value) => value || null),
  measurements: measurementsInput.optional(),
  images: z.array(idField('Image')).max(AMENDMENT_IMAGES_MAX, `At most ${AMENDMENT_IMAGES_MAX} photos per amendment`).optional(),
  reason: text({ field: 'Reason', max: AMENDMENT_REASON_MAX, multiline: true, required: true }),
});
export type AmendmentBody = z.input<typeof amendmentBody>;

const amendedValues = z.object({
  statusId: z.number().int().nullable(),
  /** The status's name and colour when amended (a later rename shows here too). */
  status: z.object({ name: z.string(), color: z.string() }).nullable(),
  comment: z.string().nullable(),
  /** The item's measurements and the status they proposed; null in amendments recorded before measurements were amended. */
  measurements: z.array(measuredValue).nullable(),
  proposedStatusId: z.number().int().nullable(),
});

export const amendment = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  eventComponentId: z.number().int(),
  stampedId: z.string(),
  before: amendedValues,
  after: amendedValues,
  /** Photos the amendment added to the item (the item's images list them). */
  imagesAdded: z.number().int(),
  /** The measured fields' labels with their unit, by key, from the template version that judged them: 'Grip diameter 1 (mm)'. */
  labels: z.record(z.string(), z.string()),
  reason: z.string(),
  /** The account that amended (internal users only read amendments). */
  amendedBy: z.string(),
  /** ISO date-time. */
  amendedAt: z.string(),
  hash: z.string(),
  previousHash: z.string().nullable(),
});
export type Amendment = z.infer<typeof amendment>;

/** Events level, internal, a password session; the item must be one the caller's owners cover. */
const amendEvents = { level: 'Events', internal: true, ownerScoped: true } as const satisfies RouteAccess;
const readAmendments = { level: 'Read', internal: true, ownerScoped: true } as const satisfies RouteAccess;

export const amendmentEndpoints = {
  amend: defineEndpoint({
    method: 'POST',
    path: '/Events/:id/Amendments',
    summary:
      'Record an amendment of one item of a signed-off event: its corrected status, comment and measurements, photos to add, and the reason; the original stays in the amendment, which is sealed in the chain',
    tags: ['Events'],
    access: amendEvents,
    invalidates: eventItemReads,
    params: idParams,
    body: amendmentBody,
    response: amendment,
    status: 201,
    errors: [409],
  }),
  amendments: defineEndpoint({
    method: 'GET',
    path: '/Events/:id/Amendments',
    summary: "The event's amendments, oldest first (items of the caller's owners and unlinked ones)",
    tags: ['Events'],
    access: readAmendments,
    params: idParams,
    response: z.array(amendment),
  }),
};

type MeasurementChange = Pick<Amendment, 'imagesAdded' | 'labels'> & {
  before: Pick<Amendment['before'], 'measurements'>;
  after: Pick<Amendment['after'], 'measurements'>;
};

/**
 * What an amendment changed in the measurements, one text per key whose value changed ('Grip diameter 1:
 * (mm): 75 → 66.5'), then the photos added; `arrow` is '->' in PDFs, whose standard fonts have no arrow.
 */
export function amendedMeasurementsText(a: MeasurementChange, arrow = '→'): string[] {
  const before = new Map((a.before.measurements ?? []).map((m) => [m.key, m.value]));
  const after = new Map((a.after.measurements ?? []).map((m) => [m.key, m.value]));
  const shown = (value: unknown) => (value === undefined ? '–' : value === true ? 'yes' : value === false ? 'no' : String(value));
  const keys = [...new Set([...before.keys(), ...after.keys()])].filter((key) => before.get(key) !== after.get(key));
  const lines = keys.map((key) => `${a.labels[key] ?? key}: ${shown(before.get(key))} ${arrow} ${shown(after.get(key))}`);
  if (a.imagesAdded > 0) lines.push(a.imagesAdded === 1 ? '1 photo added' : `${a.imagesAdded} photos added`);
  return lines;
}
