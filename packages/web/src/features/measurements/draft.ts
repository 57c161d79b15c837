/**
 * A template as the Admin edits it (docs/measurements.md): limits as typed ('4,5' or '4.5'), checked by
 * the contract's own `templateBody` before it is sent, so the form shows the server's messages on the
 * same fields ('fields.1.key') without a round trip.
 */
import {
  type Comparison,
  type CriterionMeaning,
  type DerivedKind,
  type MeasurementKind,
  type TemplateBody,
  type TemplateDefinition,
  templateBody,
} from '@portal/contract';
import { parseNumber } from '../../lib/forms/index.ts';

export type CriterionOp = Comparison | 'is' | 'in';

/** A row's own id while it is edited: rows are added and removed anywhere. */
let lastRow = 0;
const nextRow = () => ++lastRow;

export interface FieldDraft {
  row: number;
  key: string;
  label: string;
  kind: MeasurementKind;
  unit: string;
  choices: string[];
  required: boolean;
}
export interface DerivedDraft {
  row: number;
  key: string;
  label: string;
  kind: DerivedKind;
  of: string[];
}
export interface CriterionDraft {
  row: number;
  subject: string;
  op: CriterionOp;
  /** As typed, for >=, >, <=, <. */
  limit: string;
  /** For 'is'. */
  value: boolean;
  /** For 'in'. */
  values: string[];
  meaning: CriterionMeaning;
}
export interface TemplateDraft {
  fields: FieldDraft[];
  derived: DerivedDraft[];
  criteria: CriterionDraft[];
}

/** Field path ('fields.1.key') -> its first message. */
export type DraftErrors = Record<string, string>;

export const emptyField = (): FieldDraft => ({
  row: nextRow(),
  key: '',
  label: '',
  kind: 'number',
  unit: 'mm',
  choices: [],
  required: true,
});
export const emptyDerived = (): DerivedDraft => ({ row: nextRow(), key: '', label: '', kind: 'lossPercentOfNominal', of: [] });
export const emptyCriterion = (subject = ''): CriterionDraft => ({
  row: nextRow(),
  subject,
  op: '>=',
  limit: '',
  value: true,
  values: [],
  meaning: 'monitor',
});

/** A saved definition as a draft; none: a draft with one empty field to start from. */
export function toDraft(definition: TemplateDefinition | null): TemplateDraft {
  if (!definition) return { fields: [emptyField()], derived: [], criteria: [] };
  return {
    fields: definition.fields.map((field) => ({ ...field, row: nextRow(), unit: field.unit ?? '', choices: [...field.choices] })),
    derived: definition.derived.map((value) => ({ ...value, row: nextRow(), of: [...value.of] })),
    criteria: definition.criteria.map((rule) => ({
      ...emptyCriterion(rule.subject),
      op: rule.op,
      meaning: rule.meaning,
      ...(rule.op === 'is' ? { value: rule.value } : rule.op === 'in' ? { values: [...rule.values] } : { limit: String(rule.limit) }),
    })),
  };
}

/** The body a draft sends: only what each kind and test takes. */
export function toBody(draft: TemplateDraft): TemplateBody {
  return {
    fields: draft.fields.map((field) => ({
      key: field.key.trim(),
      label: field.label,
      kind: field.kind,
      unit: field.kind === 'number' && field.unit.trim() ? field.unit : null,
      choices: field.kind === 'choice' ? field.choices : [],
      required: field.required,
    })),
    derived: draft.derived.map((value) => ({ key: value.key.trim(), label: value.label, kind: value.kind, of: value.of })),
    criteria: draft.criteria.map((rule) => {
      if (rule.op === 'is') return { subject: rule.subject, op: 'is', value: rule.value, meaning: rule.meaning };
      if (rule.op === 'in') return { subject: rule.subject, op: 'in', values: rule.values, meaning: rule.meaning };
      // A limit that is not a number is sent as it is, so that the contract names it ('Limit must be a number').
      const limit = parseNumber(rule.limit);
      return {
        subject: rule.subject,
        op: rule.op,
        limit: (limit === null || Number.isNaN(limit) ? undefined : limit) as number,
        meaning: rule.meaning,
      };
    }),
  };
}

/** The body, or the messages of every field at fault (the contract's, as the server would answer). */
export function checkDraft(draft: TemplateDraft): { body: TemplateBody; errors: DraftErrors } {
  const body = toBody(draft);
  const result = templateBody.safeParse(body);
  const errors: DraftErrors = {};
  if (!result.success) for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return { body, errors };
}

/** A validation answer's field errors, first message each. */
export const firstMessages = (fieldErrors: Record<string, string[]>): DraftErrors =>
  Object.fromEntries(Object.entries(fieldErrors).map(([field, list]) => [field, list[0] ?? '']));

/** The keys a criterion may test, with how each reads in the picker. */
export function subjects(draft: TemplateDraft): { value: string; label: string; kind: MeasurementKind | 'derived' }[] {
  return [
    ...draft.fields.filter((field) => field.key).map((field) => ({ value: field.key, label: field.label || field.key, kind: field.kind })),
    ...draft.derived
      .filter((value) => value.key)
      .map((value) => ({ value: value.key, label: value.label || value.key, kind: 'derived' as const })),
  ];
}

/** The tests a subject of that kind takes. */
export function opsFor(kind: MeasurementKind | 'derived' | undefined): CriterionOp[] {
  if (kind === 'yesNo') return ['is'];
  if (kind === 'choice') return ['in'];
  return ['>=', '>', '<=', '<'];
}
