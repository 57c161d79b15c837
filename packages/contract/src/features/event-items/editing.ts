/** Changing items already in the event: one item's fields, a status on all, the order. */
import { z } from 'zod';
import { messages } from '../../messages.ts';
import { idField, text } from '../../primitives.ts';
import { EVENT_ITEM_COMMENT_MAX, EVENT_ITEMS_MAX, eventItemMessages } from './common.ts';
import { eventItem } from './reading.ts';
import { measurementsInput, verdictReasonInput } from './verdict.ts';

/**
 * PUT component/{id}: only the fields sent change (the dialog autosaves; the notifications list clears the flag).
 * `measurements` replaces the item's list (a key left out is cleared; [] clears them all); `verdictReason`
 * says why the status differs from the proposal (docs/measurements.md "Recording").
 */
export const updateItemBody = z
  .strictObject({
    statusId: idField('Status').nullable().optional(),
    comment: text({ field: 'Comment', max: EVENT_ITEM_COMMENT_MAX, multiline: true })
      .nullable()
      .optional()
      .transform((value) => (value === undefined ? undefined : value || null)),
    notifications: z.boolean({ error: 'Notification must be true or false' }).optional(),
    measurements: measurementsInput.optional(),
    verdictReason: verdictReasonInput,
    /**
     * The item's `version` the change was based on (optional): when the item has changed since, the
     * change is refused (409) with the values stored and the ones sent, not applied (decision 083).
     */
    baseVersion: idField('Base version').optional(),
  })
  .refine((body) => Object.entries(body).some(([key, value]) => key !== 'baseVersion' && value !== undefined), {
    message: 'Nothing to change',
    path: ['statusId'],
  });
export type UpdateItemBody = z.input<typeof updateItemBody>;

export const setStatusOnAllBody = z.strictObject({ statusId: idField('Status') });

/**
 * An item just given a `fit` status that may not be fit (docs/event-items.md "Marking fit"): its
 * renewal is overdue (`renewalDue`, the date it was due) or its effective age is over 5 years
 * (`effectiveAge`, years with one decimal). The status is set all the same; the editor shows why.
 */
export const fitWarning = z.object({
  stampedId: z.string(),
  renewalDue: z.string().nullable(),
  effectiveAge: z.number().nullable(),
});
export type FitWarning = z.infer<typeof fitWarning>;
/** The items of a status change that got the warning, in their order (empty unless the new status means `fit`). */
const warnings = z.array(fitWarning);

/** PUT component/{id}: the item as its dialog reads it, and the warnings of a change to a `fit` status. */
export const updatedItem = eventItem.extend({ warnings });
export type UpdatedItem = z.infer<typeof updatedItem>;
/**
 * `left`: items of owners outside the caller's list, which keep their status; `skipped`: items whose
 * measurements propose another status than the one set, which keep theirs too.
 */
export const itemsChanged = z.object({ updated: z.number().int(), left: z.number().int(), skipped: z.number().int(), warnings });
export type ItemsChanged = z.infer<typeof itemsChanged>;

export const moveQuery = z.object({
  sequence: z.coerce
    .number<number | string>({ error: messages.required('Sequence') })
    .int(messages.mustBeInteger)
    .min(1, messages.required('Sequence'))
    .max(EVENT_ITEMS_MAX, eventItemMessages.sequenceOutOfRange(EVENT_ITEMS_MAX)),
});
