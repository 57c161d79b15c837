/** Changing items already in the event: one item's fields, a status on all, the order. */
import { z } from 'zod';
import { messages } from '../../messages.ts';
import { idField, text } from '../../primitives.ts';
import { EVENT_ITEM_COMMENT_MAX, EVENT_ITEMS_MAX, eventItemMessages } from './common.ts';

/** PUT component/{id}: only the fields sent change (the dialog autosaves; the notifications list clears the flag). */
export const updateItemBody = z
  .strictObject({
    statusId: idField('Status').nullable().optional(),
    comment: text({ field: 'Comment', max: EVENT_ITEM_COMMENT_MAX, multiline: true })
      .nullable()
      .optional()
      .transform((value) => (value === undefined ? undefined : value || null)),
    notifications: z.boolean({ error: 'Notification must be true or false' }).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'Nothing to change', path: ['statusId'] });
export type UpdateItemBody = z.input<typeof updateItemBody>;

export const setStatusOnAllBody = z.strictObject({ statusId: idField('Status') });
/** `left`: items of owners outside the caller's list, which keep their status. */
export const itemsChanged = z.object({ updated: z.number().int(), left: z.number().int() });

export const moveQuery = z.object({
  sequence: z.coerce
    .number<number | string>({ error: messages.required('Sequence') })
    .int(messages.mustBeInteger)
    .min(1, messages.required('Sequence'))
    .max(EVENT_ITEMS_MAX, eventItemMessages.sequenceOutOfRange(EVENT_ITEMS_MAX)),
});
