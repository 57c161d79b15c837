/**
 * What the inspector measured on an item and the verdict (issue 28 part 4, docs/measurements.md
 * "Recording"): the measurements by the template's keys, the status the criteria propose, the status
 * chosen, and the reason when they differ. The names `measurements`, `verdictReason` and `verdict` are
 * fixed by the issue.
 */
import { z } from 'zod';
import { SINGLE_LINE_TEXT, text } from '../../primitives.ts';
import { plural } from '../../text.ts';
import { KEY_MAX, LIMIT_MAX, TEMPLATE_FIELDS_MAX, templateVersion } from '../measurements/template.ts';
import { NOMINAL_UNITS } from '../owners/nominal.ts';

export const VERDICT_REASON_MAX = 1000;
/** A text measurement is short: the comment holds the long story. */
export const MEASUREMENT_TEXT_MAX = 200;

export const verdictMessages = {
  /** The flag of an item whose status differs from the proposal without a reason (list and dialog). */
  differs: 'Differs from proposed: reason needed',
  reasonNeeded: 'The status differs from the proposed one: give a reason',
  /** The dialog holds such a status (its 100 ms autosave) until a reason is typed. */
  held: 'Not saved yet: give a reason for a status other than the proposed',
  unknownKey: (key: string) => `There is no field '${key}' in this item's template`,
  noTemplate: "This item's type has no measurement template",
  keyTwice: (key: string) => `'${key}' is measured twice`,
  number: (label: string) => `${label} must be a number`,
  count: (label: string) => `${label} must be a whole number, 0 or more`,
  choice: (label: string, choices: string[]) => `${label} must be one of ${choices.join(', ')}`,
  yesNo: (label: string) => `${label} must be yes or no`,
  text: (label: string) => `${label} must be text`,
  textTooLong: (label: string) => `${label} must be at most ${MEASUREMENT_TEXT_MAX} characters`,
  /** Set status on all (and a scan) leaves items whose proposal differs from the status they would set. */
  skipped: (n: number) => `${plural(n, 'item')} left as ${n === 1 ? 'it was' : 'they were'}: the measurements propose another status`,
} as const;

const valueMessage = `A measured value is a number from -${LIMIT_MAX} to ${LIMIT_MAX}, a text of one line (at most ${MEASUREMENT_TEXT_MAX} characters) or true/false`;
const measurementValue = z.union(
  [z.number().min(-LIMIT_MAX).max(LIMIT_MAX), z.string().max(MEASUREMENT_TEXT_MAX).regex(SINGLE_LINE_TEXT), z.boolean()],
  { error: valueMessage },
);

/** One measured value: `{ key, value }`; the list replaces the item's (a key left out is cleared). */
export const measurementInput = z.strictObject({
  key: z
    .string({ error: 'Key is required' })
    .min(1, 'Key is required')
    .max(KEY_MAX, `A key has at most ${KEY_MAX} characters`)
    .regex(SINGLE_LINE_TEXT, 'A key must not contain control characters'),
  value: measurementValue,
});
export const measurementsInput = z.array(measurementInput, { error: 'Measurements are a list of { key, value }' }).max(TEMPLATE_FIELDS_MAX);

/** Null or '' clears the reason. */
export const verdictReasonInput = text({ field: 'Verdict reason', max: VERDICT_REASON_MAX, multiline: true })
  .nullable()
  .optional()
  .transform((value) => (value === undefined ? undefined : value || null));

export const measuredValue = z.object({ key: z.string(), value: z.union([z.number(), z.string(), z.boolean()]) });

/** GET GetChipsDetailsForEdit: how the item was judged. */
export const verdict = z.object({
  /** What the criteria proposed when last saved; null: nothing measured, not judged yet, or no status of that meaning. */
  proposedStatusId: z.number().int().nullable(),
  chosenStatusId: z.number().int().nullable(),
  reason: z.string().nullable(),
  /** The template version the measurements were judged by (GET /Measurements/TemplateVersions/{id}); null: none recorded. */
  criteriaVersion: z.object({ id: z.number().int(), version: z.number().int(), current: z.boolean() }).nullable(),
  /** The status differs from the proposal and no reason is on record: 'Differs from proposed: reason needed'. */
  reasonNeeded: z.boolean(),
});
export type Verdict = z.infer<typeof verdict>;

/**
 * What the dialog needs to judge as the inspector types: the template version the item is (or will
 * be) judged by, and its nominal size. Null template: the item's type has none (or it is unlinked).
 */
export const itemTemplate = z.object({
  /** `current`: the template's current version (false: a record judged by an older one keeps it). */
  template: templateVersion.omit({ createdBy: true, createdDate: true }).extend({ current: z.boolean() }).nullable(),
  nominalSize: z.number().nullable(),
  nominalUnit: z.enum(NOMINAL_UNITS).nullable(),
});
export type ItemTemplate = z.infer<typeof itemTemplate>;
