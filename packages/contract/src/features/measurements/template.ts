/**
 * Measurement templates and acceptance criteria (issue 28 parts 1 and 3, docs/measurements.md): per
 * certificate type, overridable per sub-type, what an inspector records for that kind of equipment,
 * the values derived from it and the criteria that judge them. A template is saved as a whole and each
 * change is a new version: a record keeps the version it was judged by.
 */
import { z } from 'zod';
import { idField, SINGLE_LINE_TEXT } from '../../primitives.ts';
import { inspectionMeanings } from '../folders/meanings.ts';

/** number: a value with a unit; count: a whole number; choice: one of a list; yesNo: a boolean; text: free text. */
export const MEASUREMENT_KINDS = ['number', 'count', 'choice', 'yesNo', 'text'] as const;
export type MeasurementKind = (typeof MEASUREMENT_KINDS)[number];
/**
 * lossPercentOfNominal: the % by which the smallest of the fields lies below the item's nominal size
 * (chain: the smaller grip diameter; wire rope: the measured diameter). smallestOf: the smallest of the fields.
 */
export const DERIVED_KINDS = ['lossPercentOfNominal', 'smallestOf'] as const;
export type DerivedKind = (typeof DERIVED_KINDS)[number];
export const COMPARISONS = ['>=', '>', '<=', '<'] as const;
export type Comparison = (typeof COMPARISONS)[number];
/** A criterion leads to one of the meanings of an inspection (never notInspected). */
export const CRITERION_MEANINGS = inspectionMeanings;
export type CriterionMeaning = (typeof CRITERION_MEANINGS)[number];
/** Units a nominal size in a length can be compared in (owners/nominal.ts: mm or in). */
export const LENGTH_UNITS = ['mm', 'in'] as const;

export const TEMPLATE_FIELDS_MAX = 30;
export const TEMPLATE_DERIVED_MAX = 10;
export const TEMPLATE_CRITERIA_MAX = 40;
export const CHOICES_MAX = 12;
export const KEY_MAX = 40;
const LABEL_MAX = 60;
const UNIT_MAX = 10;
const CHOICE_MAX = 40;

export const templateMessages = {
  key: `A key starts with a small letter and has only letters and digits, at most ${KEY_MAX}`,
  keyTaken: (key: string) => `The key '${key}' is used twice`,
  unitOnlyForNumbers: 'Only a number has a unit',
  choicesNeeded: 'A choice needs at least two choices',
  choicesOnlyForChoice: 'Only a choice has choices',
  choiceTwice: (choice: string) => `The choice '${choice}' is listed twice`,
  unknownKey: (key: string) => `There is no field '${key}'`,
  notANumber: (key: string) => `'${key}' is not a number or a count`,
  lossNeedsLength: `A loss against the nominal size needs numbers in ${LENGTH_UNITS.join(' or ')}, all in the same unit`,
  comparisonNeedsNumber: (key: string) => `'${key}' is not a number: compare it with 'is' or 'in'`,
  isNeedsYesNo: (key: string) => `'${key}' is not a yes/no field`,
  inNeedsChoice: (key: string) => `'${key}' is not a choice`,
  notAChoice: (choice: string, key: string) => `'${choice}' is not a choice of '${key}'`,
  typeNotFound: 'The certificate type was not found',
  subTypeNotFound: 'The sub-type was not found',
  noTemplate: 'This certificate type has no measurement template',
  sameType: 'Choose another certificate type to copy to',
} as const;

const key = z.string({ error: templateMessages.key }).regex(new RegExp(`^[a-z][A-Za-z0-9]{0,${KEY_MAX - 1}}$`), templateMessages.key);
const label = z
  .string({ error: 'Label is required' })
  .trim()
  .min(1, 'Label is required')
  .max(LABEL_MAX, `Label must be at most ${LABEL_MAX} characters`)
  .regex(SINGLE_LINE_TEXT, 'Label must not contain control characters');

const choice = z
  .string({ error: 'A choice is text' })
  .trim()
  .min(1, 'A choice must not be empty')
  .max(CHOICE_MAX, `A choice must be at most ${CHOICE_MAX} characters`)
  .regex(SINGLE_LINE_TEXT, 'A choice must not contain control characters');
/** Limits of criteria: any measure this trade takes fits well within it. */
export const LIMIT_MAX = 1_000_000;

export const measurementField = z.strictObject({
  key,
  label,
  kind: z.enum(MEASUREMENT_KINDS, { error: `Kind must be one of ${MEASUREMENT_KINDS.join(', ')}` }),
  /** For a number: 'mm', 'in', '%', 'h' ... (null for the other kinds). */
  unit: z
    .string()
    .trim()
    .min(1, 'Unit must not be empty')
    .max(UNIT_MAX, `Unit must be at most ${UNIT_MAX} characters`)
    .regex(SINGLE_LINE_TEXT, 'Unit must not contain control characters')
    .nullable()
    .default(null),
  /** For a choice: its choices, best first (the form lists them in this order). */
  choices: z.array(choice).max(CHOICES_MAX, `At most ${CHOICES_MAX} choices`).default([]),
  /**
   * A required field left empty leaves the proposal open; an optional one left empty is not judged
   * (fibre rope: a residual strength only where it was tested).
   */
  required: z.boolean({ error: 'Required must be true or false' }).default(true),
});
export type MeasurementField = z.infer<typeof measurementField>;

export const derivedValue = z.strictObject({
  key,
  label,
  kind: z.enum(DERIVED_KINDS, { error: `Kind must be one of ${DERIVED_KINDS.join(', ')}` }),
  /** The number fields it is derived from. */
  of: z.array(key).min(1, 'A derived value needs at least one field').max(6, 'A derived value takes at most 6 fields'),
});
export type DerivedValue = z.infer<typeof derivedValue>;

const meaning = z.enum(CRITERION_MEANINGS, { error: `Meaning must be one of ${CRITERION_MEANINGS.join(', ')}` });
/** "subject >= limit", "subject is true", "subject in [choices]", each leading to a meaning. */
export const criterion = z.discriminatedUnion(
  'op',
  [
    z.strictObject({
      subject: key,
      op: z.enum(COMPARISONS),
      limit: z
        .number({ error: 'Limit must be a number' })
        .min(-LIMIT_MAX, `Limit must be from -${LIMIT_MAX} to ${LIMIT_MAX}`)
        .max(LIMIT_MAX, `Limit must be from -${LIMIT_MAX} to ${LIMIT_MAX}`),
      meaning,
    }),
    z.strictObject({ subject: key, op: z.literal('is'), value: z.boolean({ error: 'Value must be true or false' }), meaning }),
    z.strictObject({
      subject: key,
      op: z.literal('in'),
      values: z.array(choice).min(1, 'Name at least one choice').max(CHOICES_MAX),
      meaning,
    }),
  ],
  { error: `Op must be one of ${[...COMPARISONS, 'is', 'in'].join(', ')}` },
);
export type Criterion = z.infer<typeof criterion>;

const definitionShape = {
  fields: z
    .array(measurementField, { error: 'Fields are required' })
    .min(1, 'A template needs at least one field')
    .max(TEMPLATE_FIELDS_MAX, `At most ${TEMPLATE_FIELDS_MAX} fields`),
  derived: z.array(derivedValue).max(TEMPLATE_DERIVED_MAX, `At most ${TEMPLATE_DERIVED_MAX} derived values`).default([]),
  criteria: z.array(criterion).max(TEMPLATE_CRITERIA_MAX, `At most ${TEMPLATE_CRITERIA_MAX} criteria`).default([]),
};

/** A definition's shape alone; `templateBody` adds the cross-field rules. */
export const templateDefinition = z.strictObject(definitionShape);
export interface TemplateDefinition {
  fields: MeasurementField[];
  derived: DerivedValue[];
  criteria: Criterion[];
}

/** The cross-field rules of a definition, as [path, message] pairs (empty when it is sound). */
export function definitionProblems(definition: TemplateDefinition): { path: (string | number)[]; message: string }[] {
  const problems: { path: (string | number)[]; message: string }[] = [];
  // The first of a key used twice is the one that counts (the second is refused).
  const fields = new Map<string, MeasurementField>();
  for (const field of definition.fields) if (!fields.has(field.key)) fields.set(field.key, field);
  const derived = new Map<string, DerivedValue>();
  for (const value of definition.derived) if (!derived.has(value.key)) derived.set(value.key, value);
  const seen = new Set<string>();
  const once = (k: string, path: (string | number)[]) => {
    if (seen.has(k)) problems.push({ path, message: templateMessages.keyTaken(k) });
    seen.add(k);
  };
  definition.fields.forEach((field, i) => {
    once(field.key, ['fields', i, 'key']);
    if (field.unit !== null && field.kind !== 'number')
      problems.push({ path: ['fields', i, 'unit'], message: templateMessages.unitOnlyForNumbers });
    if (field.kind === 'choice' && field.choices.length < 2)
      problems.push({ path: ['fields', i, 'choices'], message: templateMessages.choicesNeeded });
    if (field.kind !== 'choice' && field.choices.length > 0)
      problems.push({ path: ['fields', i, 'choices'], message: templateMessages.choicesOnlyForChoice });
    const choices = new Set<string>();
    for (const choice of field.choices) {
      if (choices.has(choice.toLowerCase()))
        problems.push({ path: ['fields', i, 'choices'], message: templateMessages.choiceTwice(choice) });
      choices.add(choice.toLowerCase());
    }
  });
  definition.derived.forEach((value, i) => {
    once(value.key, ['derived', i, 'key']);
    const sources = value.of.map((k) => fields.get(k));
    value.of.forEach((k, j) => {
      const field = sources[j];
      if (!field) problems.push({ path: ['derived', i, 'of', j], message: templateMessages.unknownKey(k) });
      else if (field.kind !== 'number' && field.kind !== 'count')
        problems.push({ path: ['derived', i, 'of', j], message: templateMessages.notANumber(k) });
    });
    if (value.kind === 'lossPercentOfNominal') {
      const units = new Set(sources.map((field) => field?.unit ?? null));
      const [unit] = units;
      if (units.size !== 1 || !(LENGTH_UNITS as readonly (string | null)[]).includes(unit ?? null))
        problems.push({ path: ['derived', i, 'of'], message: templateMessages.lossNeedsLength });
    }
  });
  definition.criteria.forEach((rule, i) => {
    const field = fields.get(rule.subject);
    const value = derived.get(rule.subject);
    if (!field && !value) {
      problems.push({ path: ['criteria', i, 'subject'], message: templateMessages.unknownKey(rule.subject) });
      return;
    }
    const numeric = value !== undefined || field?.kind === 'number' || field?.kind === 'count';
    if (rule.op === 'is') {
      if (field?.kind !== 'yesNo') problems.push({ path: ['criteria', i, 'op'], message: templateMessages.isNeedsYesNo(rule.subject) });
    } else if (rule.op === 'in') {
      if (field?.kind !== 'choice') problems.push({ path: ['criteria', i, 'op'], message: templateMessages.inNeedsChoice(rule.subject) });
      else
        for (const choice of rule.values)
          if (!field.choices.includes(choice))
            problems.push({ path: ['criteria', i, 'values'], message: templateMessages.notAChoice(choice, rule.subject) });
    } else if (!numeric) problems.push({ path: ['criteria', i, 'op'], message: templateMessages.comparisonNeedsNumber(rule.subject) });
  });
  return problems;
}

/** PUT body of a type's template or a sub-type's override: the whole definition, saved as a new version. */
export const templateBody = templateDefinition.superRefine((definition, context) => {
  for (const problem of definitionProblems(definition)) context.addIssue({ code: 'custom', path: problem.path, message: problem.message });
});
export type TemplateBody = z.input<typeof templateBody>;

/** One saved version of a template: what records judged by it refer to. */
export const templateVersion = z.object({
  id: z.number().int(),
  version: z.number().int(),
  fields: z.array(measurementField),
  derived: z.array(derivedValue),
  criteria: z.array(criterion),
  createdBy: z.string().nullable(),
  createdDate: z.string(),
});
export type TemplateVersion = z.infer<typeof templateVersion>;

/** A type's template and each sub-type's override (null: none; a sub-type without one uses the type's). */
export const measurementTemplates = z.object({
  certificateType: z.object({
    id: z.number().int(),
    name: z.string(),
    owner: z.object({ id: z.number().int(), name: z.string() }),
    template: templateVersion.nullable(),
  }),
  subTypes: z.array(z.object({ id: z.number().int(), name: z.string(), template: templateVersion.nullable() })),
});
export type MeasurementTemplates = z.infer<typeof measurementTemplates>;

/** POST .../Copy: the type's template and its sub-type overrides (to sub-types of the same name) onto another type. */
export const templateCopyBody = z.strictObject({
  certificateType: idField('Certificate type'),
});
export type TemplateCopyBody = z.input<typeof templateCopyBody>;
export const templateCopyResult = z.object({
  templates: measurementTemplates,
  /** Sub-type overrides copied to a sub-type of the same name, and those left behind for want of one. */
  copiedOverrides: z.array(z.string()),
  skippedOverrides: z.array(z.string()),
});
export type TemplateCopyResult = z.infer<typeof templateCopyResult>;
