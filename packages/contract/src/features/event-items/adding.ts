/** Adding items to the event: by stamped id or chip (a scan), series or import file. */
import { z } from 'zod';
import { messages } from '../../messages.ts';
import { idField } from '../../primitives.ts';
import { SERIES_MAX, seriesBody } from '../certificates/editor.ts';
import { chipIdValue, newStampedIdValue, stampedIdValue } from '../equipment/endpoints.ts';
import { eventIdParams, eventItemMessages, itemFile } from './common.ts';
import { fitWarning } from './editing.ts';
import { eventItemEditorRow } from './reading.ts';

/**
 * The status the added items get; `null` is "no status". Left out, the items get the event type's
 * first `notInspected` status (none when it has none): an item never looks inspected because it was added.
 */
const statusIdField = idField('Status').nullable().optional();

/**
 * POST component (stampedId, statusId): a known stamped id adds that item, an unknown one creates a new
 * unlinked item. A scan sends `chipId` instead of the stamped id: the item carrying that chip is added,
 * in the same request ('No equipment found with chip {code}' when none does). One of the two, not both.
 */
export const addItemBody = z
  .strictObject({ stampedId: newStampedIdValue().optional(), chipId: chipIdValue('Chip').optional(), statusId: statusIdField })
  .superRefine((body, context) => {
    if (body.stampedId === undefined && body.chipId === undefined)
      context.addIssue({ code: 'custom', path: ['stampedId'], message: messages.required('Stamped id') });
    if (body.stampedId !== undefined && body.chipId !== undefined)
      context.addIssue({ code: 'custom', path: ['chipId'], message: eventItemMessages.stampedIdOrChip });
  });
export type AddItemBody = z.input<typeof addItemBody>;
/**
 * The item added: the fields of section 3 "Event component" and what the editor's row shows of it
 * (owner and status by id, as in GetChipsForEdit); not the equipment's detail.
 */
export const addedEventItem = eventItemEditorRow.extend({ comment: z.string().nullable(), files: z.array(itemFile) });
/** `warnings`: the added items marked fit that may not be (a `fit` status chosen for the add; editing.ts). */
export const addedItem = z.object({ item: addedEventItem, createdEquipment: z.boolean(), warnings: z.array(fitWarning) });
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
  /** The added items marked fit that may not be (none in a dry run). */
  warnings: z.array(fitWarning).optional(),
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
