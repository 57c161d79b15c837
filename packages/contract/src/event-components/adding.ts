/** Adding items to the event: by stamped id (chip scan), series or import file. */
import { z } from 'zod';
import { SERIES_MAX, seriesBody } from '../certificate-editor.ts';
import { newStampedIdValue, stampedIdValue } from '../equipment.ts';
import { messages } from '../messages.ts';
import { idField } from '../primitives.ts';
import { eventIdParams, eventItemMessages } from './common.ts';
import { eventChipRow } from './reading.ts';

const statusIdField = idField('Status')
  .nullable()
  .optional()
  .transform((value) => value ?? null);

/** POST component: a known stamped id adds that item; an unknown one creates a new unlinked item. */
export const addComponentBody = z.strictObject({ stampedId: newStampedIdValue(), statusId: statusIdField });
export type AddComponentBody = z.input<typeof addComponentBody>;
export const addedComponent = z.object({ item: eventChipRow, createdEquipment: z.boolean() });
export type AddedComponent = z.infer<typeof addedComponent>;

const stampedIds = z
  .array(stampedIdValue(), { error: messages.required('Stamped ids') })
  .min(1, messages.required('Stamped ids'))
  .max(SERIES_MAX, eventItemMessages.importTooLong);

/** POST componentsImport: the stamped ids importAndValidate found (or any list), added in order. */
export const importComponentsBody = z.strictObject({ stampedIds, statusId: statusIdField });
export type ImportComponentsBody = z.input<typeof importComponentsBody>;
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
export const componentsAdded = z.object({
  /** Items added to the event (ids already in it are skipped); with dryRun, the items it would add. */
  added: z.number().int(),
  /** Of those, new unlinked items created for unknown stamped ids. */
  created: z.number().int(),
  /** The ids not added and why: already in the event, twice in the list, or refused as a new id. */
  skipped: z.array(z.object({ stampedId: z.string(), reason: z.string() })),
});
export type ComponentsAdded = z.infer<typeof componentsAdded>;

/**
 * One stamped id of an import file or series: whether it is a known item, whether the event has it, and
 * whether the caller may add it (false: an existing item of another owner, docs/security.md rule 17).
 */
export const proposedComponent = z.object({ stampedId: z.string(), known: z.boolean(), inEvent: z.boolean(), available: z.boolean() });
export type ProposedComponent = z.infer<typeof proposedComponent>;
export const importValidation = z.union([
  z.object({ errors: z.array(z.object({ line: z.number().int(), message: z.string() })) }),
  z.object({ content: z.array(proposedComponent) }),
]);
export type ImportValidation = z.infer<typeof importValidation>;

/** GET stampedId/{stampedId}: the icon before Add (known item, or a new unlinked one) and whether the event has it. */
export const stampedIdCheckParams = eventIdParams.extend({ stampedId: newStampedIdValue() });
