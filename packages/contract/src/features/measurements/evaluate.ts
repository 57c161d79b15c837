/**
 * The proposed verdict (issue 28 part 3, docs/measurements.md): one pure function shared by the server
 * (which stores the proposal with the criteria version) and the web (which shows it as the inspector
 * types). Given a template version, the measurements and the item's nominal size it answers the
 * derived values, the criteria that fired and the proposed meaning; `proposedStatusId` turns the
 * meaning into one of the event type's statuses.
 */
import type { StatusMeaning } from '../folders/meanings.ts';
import type { NominalUnit } from '../owners/nominal.ts';
import type { Criterion, CriterionMeaning, DerivedValue, MeasurementField, TemplateDefinition } from './template.ts';

export type MeasurementValue = number | string | boolean;
export interface Measurement {
  key: string;
  value: MeasurementValue;
}
export interface Nominal {
  nominalSize: number | null;
  nominalUnit: NominalUnit | null;
}

export const evaluationMessages = {
  noNominal: 'No nominal size: set it under Admin',
  missing: (labels: string[]) => `Not yet measured: ${labels.join(', ')}`,
  noCriteria: 'This template has no criteria',
} as const;

export interface DerivedResult {
  key: string;
  label: string;
  /** '%' for a loss, the fields' unit for the smallest of them. */
  unit: string | null;
  /** Null until its fields are measured (or without the nominal size it needs). */
  value: number | null;
}

export interface FiredCriterion {
  /** Its place in the template's criteria. */
  index: number;
  meaning: CriterionMeaning;
  /** How it reads: "Diameter loss 5.1 % ≥ 4 %". */
  text: string;
}

export interface Evaluation {
  derived: DerivedResult[];
  fired: FiredCriterion[];
  /** The proposed meaning; null when the criteria cannot judge yet (see `reason`). */
  meaning: CriterionMeaning | null;
  /** Why nothing (or only part) could be judged: no nominal size, fields not measured, no criteria. */
  reason: string | null;
}

const SEVERITY: Record<CriterionMeaning, number> = { fit: 0, monitor: 1, condemned: 2 };
const MM_PER_INCH = 25.4;

/** Derived values keep 6 decimals: "at the threshold" must not fail on 4.0000000000000036. */
const tidy = (value: number) => Math.round(value * 1e6) / 1e6;

/** A measured value as its field takes it; anything else reads as not measured. */
export function validMeasurement(field: MeasurementField, value: unknown): boolean {
  switch (field.kind) {
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'count':
      return typeof value === 'number' && Number.isInteger(value) && value >= 0;
    case 'choice':
      return typeof value === 'string' && field.choices.includes(value);
    case 'yesNo':
      return typeof value === 'boolean';
    case 'text':
      return typeof value === 'string' && value.trim() !== '';
  }
}

/** The nominal size in `unit` (mm or in), or null when the item has none that is a length. */
export function nominalIn(unit: string | null, nominal: Nominal | null): number | null {
  if (!nominal || nominal.nominalSize === null || !(nominal.nominalSize > 0)) return null;
  if (nominal.nominalUnit === unit) return nominal.nominalSize;
  if (nominal.nominalUnit === 'in' && unit === 'mm') return nominal.nominalSize * MM_PER_INCH;
  if (nominal.nominalUnit === 'mm' && unit === 'in') return nominal.nominalSize / MM_PER_INCH;
  return null;
}

const formatNumber = (value: number) => String(Math.round(value * 100) / 100);
const withUnit = (value: number, unit: string | null) => (unit ? `${formatNumber(value)} ${unit}` : formatNumber(value));

/** How a criterion reads on screen: "Diameter loss ≥ 4 %", "Valley break is yes", "Stud in loose, missing". */
export function describeCriterion(definition: TemplateDefinition, rule: Criterion): string {
  const { label, unit } = subjectOf(definition, rule.subject);
  if (rule.op === 'is') return `${label} is ${rule.value ? 'yes' : 'no'}`;
  if (rule.op === 'in') return `${label} is ${rule.values.join(' or ')}`;
  return `${label} ${rule.op.replace('>=', '≥').replace('<=', '≤')} ${withUnit(rule.limit, unit)}`;
}

function subjectOf(definition: TemplateDefinition, key: string): { label: string; unit: string | null } {
  const derived = definition.derived.find((value) => value.key === key);
  if (derived) return { label: derived.label, unit: derivedUnit(definition, derived) };
  const field = definition.fields.find((value) => value.key === key);
  return { label: field?.label ?? key, unit: field?.unit ?? null };
}

function derivedUnit(definition: TemplateDefinition, derived: DerivedValue): string | null {
  if (derived.kind === 'lossPercentOfNominal') return '%';
  return definition.fields.find((field) => field.key === derived.of[0])?.unit ?? null;
}

const compare = (value: number, op: '>=' | '>' | '<=' | '<', limit: number) =>
  op === '>=' ? value >= limit : op === '>' ? value > limit : op === '<=' ? value <= limit : value < limit;

/**
 * Judges measurements by a template version. The worst meaning among the criteria that fire is the
 * proposal; none firing proposes fit. A criterion that cannot be judged (a required field not measured,
 * no nominal size for a loss) leaves the proposal open, unless another one already condemns the item:
 * nothing measured later could make it better. An optional field left empty is not judged.
 */
export function evaluate(definition: TemplateDefinition, measurements: readonly Measurement[], nominal: Nominal | null): Evaluation {
  const fields = new Map(definition.fields.map((field) => [field.key, field]));
  const values = new Map<string, MeasurementValue>();
  for (const { key, value } of measurements) {
    const field = fields.get(key);
    if (field && validMeasurement(field, value)) values.set(key, value);
  }

  /** Per derived key: its value, or why it has none. */
  const derivedState = new Map<string, { value: number | null; noNominal: boolean; missing: MeasurementField[] }>();
  const derived: DerivedResult[] = definition.derived.map((value) => {
    const sources = value.of.map((k) => fields.get(k)).filter((field): field is MeasurementField => field !== undefined);
    const missing = sources.filter((field) => !values.has(field.key));
    const numbers = sources.map((field) => values.get(field.key)).filter((v): v is number => typeof v === 'number');
    let result: number | null = null;
    let noNominal = false;
    if (missing.length === 0 && numbers.length > 0) {
      const smallest = Math.min(...numbers);
      if (value.kind === 'smallestOf') result = smallest;
      else {
        const size = nominalIn(sources[0].unit, nominal);
        if (size === null) noNominal = true;
        else result = tidy(((size - smallest) / size) * 100);
      }
    }
    derivedState.set(value.key, { value: result, noNominal, missing });
    return { key: value.key, label: value.label, unit: derivedUnit(definition, value), value: result };
  });

  if (definition.criteria.length === 0) return { derived, fired: [], meaning: null, reason: evaluationMessages.noCriteria };

  const fired: FiredCriterion[] = [];
  const missing = new Set<string>();
  let noNominal = false;
  definition.criteria.forEach((rule, index) => {
    let value: MeasurementValue | null | undefined;
    const state = derivedState.get(rule.subject);
    if (state) {
      value = state.value;
      if (value === null) {
        // Judged only once every field it needs is measured; optional ones left empty skip it.
        if (state.missing.some((field) => field.required)) for (const field of state.missing) missing.add(field.label);
        else if (state.noNominal) noNominal = true;
        return;
      }
    } else {
      const field = fields.get(rule.subject);
      value = values.get(rule.subject);
      if (value === undefined) {
        if (field?.required) missing.add(field.label);
        return;
      }
    }
    const hit =
      rule.op === 'is'
        ? value === rule.value
        : rule.op === 'in'
          ? typeof value === 'string' && rule.values.includes(value)
          : typeof value === 'number' && compare(value, rule.op, rule.limit);
    if (!hit) return;
    const { label, unit } = subjectOf(definition, rule.subject);
    const shown =
      rule.op === 'is' || rule.op === 'in'
        ? describeCriterion(definition, rule)
        : `${label} ${withUnit(value as number, unit)} ${rule.op.replace('>=', '≥').replace('<=', '≤')} ${withUnit(rule.limit, unit)}`;
    fired.push({ index, meaning: rule.meaning, text: shown });
  });

  const worst = fired.reduce<CriterionMeaning>((acc, rule) => (SEVERITY[rule.meaning] > SEVERITY[acc] ? rule.meaning : acc), 'fit');
  const reason = noNominal ? evaluationMessages.noNominal : missing.size > 0 ? evaluationMessages.missing([...missing]) : null;
  if (reason && worst !== 'condemned') return { derived, fired, meaning: null, reason };
  return { derived, fired, meaning: worst, reason };
}

/** A status of the event type, in the Admin's order (sort order, then name). */
export interface StatusChoice {
  id: number;
  meaning: StatusMeaning;
  isDefault: boolean;
  enabled?: boolean;
}

/**
 * The status a meaning proposes: the event type's default status when it has that meaning, else the
 * first status of that meaning in the Admin's order, else none. Disabled statuses are never proposed.
 */
export function proposedStatusId(meaning: CriterionMeaning | null, statuses: readonly StatusChoice[]): number | null {
  if (meaning === null) return null;
  const usable = statuses.filter((status) => status.enabled !== false && status.meaning === meaning);
  return (usable.find((status) => status.isDefault) ?? usable[0])?.id ?? null;
}
