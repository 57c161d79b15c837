/** Adding items to the event: by stamped id (chip scan), series or import file. */
import { z } from 'zod';
import { messages } from '../../messages.ts';
import { idField } from '../../primitives.ts';
import { SERIES_MAX, seriesBody } from '../certificates/editor.ts';
import { newStampedIdValue, stampedIdValue } from '../equipment/endpoints.ts';
import { eventIdParams, eventItemMessages } from './common.ts';
import { eventItemRow } from './reading.ts';

const statusIdField = idField('Status')
  .nullable()
  .optional()
  .transform((value) => value ?? null);

/** POST component: a known stamped id adds that item; an unknown one creates a new unlinked item. */
export const addItemBody = z.strictObject({ stampedId: newStampedIdValue(), statusId: statusIdField });
export type AddItemBody = z.input<typeof addItemBody>;
export const addedItem = z.object({ item: eventItemRow, createdEquipment: z.boolean() });
export type AddedItem = z.infer<typeof addedItem>;

const stampedIds = z
  .array(stampedIdValue(), { error: messages.required('Stamped ids') })
  .min(1, messages.required('Stamped ids'))
  .max(SERIES_MAX, eventItemMessages.importTooLong);

/** POST componentsImport: the stamped ids importAndValidate found (or any list), added in order. */
export const importItemsBody = z.strictObject({ stampedIds, statusId: statusIdField });
export type ImportItemsBody = z.input<typeof importItemsBody>;
/** POST series: the equipment series rules and messages (section 5), plus the status to give. */
export const eventSeriesBody = seriesBody.and(z.object({ statusId: statusIdField }));
export type EventSeriesBody = z.input<typeof eventSeriesBody>;
/**
 * `?dryRun=true`: how many ids the series or import would add and create, and which it would skip,
 * without writing (the web asks to confirm with these counts first).
 */
export const addManyQuery = z.object({
  dryRun: z
    .enum(['true', 'false'], { error: "Dry run must be 'true' or 'false'" })
    .default('false')
    .transform((value) => value === 'true'),
});
export const itemsAdded = z.object({
  /** Items added to the event (ids already in it are skipped); with dryRun, the items it would add. */
  added: z.number().int(),
  /** Of those, new unlinked items created for unknown stamped ids. */
  created: z.number().int(),
  /** The ids not added and why: already in the event, twice in the list, or refused as a new id. */
  skipped: z.array(z.object({ stampedId: z.string(), reason: z.string() })),
});
export type ItemsAdded = z.infer<typeof itemsAdded>;

/**
 * One stamped id of an import file or series: whether it is a known item, whether the event has it, and
 * whether the caller may add it (false: an existing item of another owner, docs/security.md rule 17).
 */
export const proposedEventItem = z.object({ stampedId: z.string(), known: z.boolean(), inEvent: z.boolean(), available: z.boolean() });
export type ProposedEventItem = z.infer<typeof proposedEventItem>;
export const importValidation = z.union([
  z.object({ errors: z.array(z.object({ line: z.number().int(), message: z.string() })) }),
  z.object({ content: z.array(proposedEventItem) }),
]);
export type ImportValidation = z.infer<typeof importValidation>;

/** GET stampedId/{stampedId}: the icon before Add (known item, or a new unlinked one) and whether the event has it. */
export const stampedIdCheckParams = eventIdParams.extend({ stampedId: newStampedIdValue() });
