/**
 * What a status means (issue 23 part 2, docs/due-dates.md "Status meanings"): a status's name and
 * colour are the admin's words; its meaning is what the portal acts on. Only an inspection moves the
 * due clock, is an item's "last inspection" and is read by the red, yellow and status reports.
 */
import { z } from 'zod';
import { folderReads } from '../../cache.ts';
import { defineEndpoint } from '../../endpoint.ts';
import { messages } from '../../messages.ts';
import type { RouteAccess } from '../../permissions.ts';

export const statusMeanings = ['fit', 'monitor', 'condemned', 'notInspected'] as const;
export type StatusMeaning = (typeof statusMeanings)[number];

/** Inspected, fit for use; inspected with findings to watch; inspected and out of use. */
export const inspectionMeanings = ['fit', 'monitor', 'condemned'] as const satisfies readonly StatusMeaning[];
/** A renewal renews an item only when its status in it says the item may be used. */
export const renewingMeanings = ['fit', 'monitor'] as const satisfies readonly StatusMeaning[];

export const isInspection = (meaning: StatusMeaning | null | undefined): boolean =>
  meaning != null && (inspectionMeanings as readonly string[]).includes(meaning);

/** An item's event renews it: a renewal whose status for the item means fit or monitor. */
export const renews = (event: { isRenewal: boolean; status: { meaning: StatusMeaning } | null }): boolean =>
  event.isRenewal && event.status !== null && (renewingMeanings as readonly string[]).includes(event.status.meaning);

/** How each meaning reads on screen (status dialog, review list, due views). */
export const statusMeaningLabels: Record<StatusMeaning, string> = {
  fit: 'Fit for use',
  monitor: 'Monitor',
  condemned: 'Condemned',
  notInspected: 'Not inspected',
};

export const statusMeaning = z.enum(statusMeanings, {
  error: (issue) => (issue.input === undefined ? messages.required('Meaning') : `Meaning must be one of ${statusMeanings.join(', ')}`),
});

/**
 * The meanings the upgrade chose from colours (migration 0032): listed on /Admin/Events until an Admin
 * confirms them. `meaning` is the status's meaning now (the Admin may have changed it since).
 */
export const meaningReviewRow = z.object({
  statusId: z.number().int(),
  eventTypeId: z.number().int(),
  eventType: z.string(),
  status: z.string(),
  color: z.string(),
  meaning: z.enum(statusMeanings),
  reason: z.string(),
});
export type MeaningReviewRow = z.infer<typeof meaningReviewRow>;
export const meaningReview = z.object({ pending: z.array(meaningReviewRow) });
export type MeaningReview = z.infer<typeof meaningReview>;

/** Event types and statuses are Admin's (section 6), so is confirming what their statuses mean. */
export const reviewMeanings = { level: 'Admin', internal: true } as const satisfies RouteAccess;

export const meaningMessages = {
  onlyStatuses: 'Only a status has a meaning',
} as const;

const tags = ['Folders'];

export const meaningEndpoints = {
  meaningReview: defineEndpoint({
    method: 'GET',
    path: '/Folders/MeaningReview',
    summary: 'The status meanings the upgrade chose from colours that no Admin has confirmed yet',
    tags,
    access: reviewMeanings,
    response: meaningReview,
  }),
  confirmMeanings: defineEndpoint({
    method: 'POST',
    path: '/Folders/MeaningReview/Confirm',
    summary: 'Confirm the listed status meanings (each status keeps the meaning it has now); the list empties',
    tags,
    access: reviewMeanings,
    invalidates: folderReads,
    response: meaningReview,
  }),
};
