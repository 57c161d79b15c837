/**
 * The item dialog's measurements as typed (issue 28 part 4, docs/measurements.md "Recording"): each
 * field is text while the inspector types ('74,' on the way to '74,5'), read as a number with a comma
 * or a dot as the decimal separator, and turned into the `{ key, value }` list the server stores.
 */
import {
  type Evaluation,
  evaluate,
  type ItemTemplate,
  type Measurement,
  type MeasurementField,
  proposedStatusId,
  type TypeStatus,
  type UpdateItemBody,
  verdictMessages,
} from '@portal/contract';

export type DraftValues = Record<string, string>;

const DECIMAL = /^[-+]?(\d+([.,]\d*)?|[.,]\d+)$/;

/** A number typed with a comma or a dot; null when empty; undefined when it is no number. */
export function parseDecimal(text: string): number | null | undefined {
  const trimmed = text.trim().replace(/\s/g, '');
  if (trimmed === '') return null;
  if (!DECIMAL.test(trimmed)) return undefined;
  const value = Number(trimmed.replace(',', '.'));
  return Number.isFinite(value) ? value : undefined;
}

/** The stored list as the dialog's texts: numbers with a dot, yes/no as 'yes' or 'no'. */
export function draftValues(fields: readonly MeasurementField[], list: readonly Measurement[]): DraftValues {
  const byKey = new Map(list.map((entry) => [entry.key, entry.value]));
  const values: DraftValues = {};
  for (const field of fields) {
    const value = byKey.get(field.key);
    values[field.key] = value === undefined ? '' : typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value);
  }
  return values;
}

/** The list to send, in the template's order, and a message per field that holds no valid value. */
export function measurementsOf(fields: readonly MeasurementField[], values: DraftValues): { list: Measurement[]; errors: DraftValues } {
  const list: Measurement[] = [];
  const errors: DraftValues = {};
  for (const field of fields) {
    const text = values[field.key] ?? '';
    if (text.trim() === '') continue;
    if (field.kind === 'number' || field.kind === 'count') {
      const value = parseDecimal(text);
      if (value === undefined || value === null) errors[field.key] = verdictMessages.number(field.label);
      else if (field.kind === 'count' && !(Number.isInteger(value) && value >= 0)) errors[field.key] = verdictMessages.count(field.label);
      else list.push({ key: field.key, value });
    } else if (field.kind === 'yesNo') list.push({ key: field.key, value: text === 'yes' });
    else list.push({ key: field.key, value: text.trim() });
  }
  return { list, errors };
}

/** What the dialog holds of the verdict: the status, the texts, the reason, and whether the status waits for a reason. */
export interface VerdictDraft {
  statusId: number | null;
  values: DraftValues;
  verdictReason: string;
  /** The status chosen differs from the proposal and no reason is typed yet: it is not saved until one is. */
  held: boolean;
  /** Nobody chose the status (none, not inspected, or the proposal's): it follows the proposal. */
  follows: boolean;
}

/** Whether a status as read follows the proposal: none, a not-inspected one, or the proposal itself. */
export function followsProposal(statusId: number | null, proposal: number | null, statuses: readonly TypeStatus[]): boolean {
  return statusId === null || statusId === proposal || statuses.find((s) => s.id === statusId)?.meaning === 'notInspected';
}

export interface Judged {
  list: Measurement[];
  errors: DraftValues;
  evaluation: Evaluation | null;
  proposal: number | null;
}

/** The draft judged as the server would: nothing measured proposes nothing. */
export function judge(judging: ItemTemplate, values: DraftValues, statuses: readonly TypeStatus[]): Judged {
  const template = judging.template;
  if (!template) return { list: [], errors: {}, evaluation: null, proposal: null };
  const { list, errors } = measurementsOf(template.fields, values);
  if (list.length === 0) return { list, errors, evaluation: null, proposal: null };
  const evaluation = evaluate(template, list, judging);
  const choices = statuses.map((s) => ({ id: s.id, meaning: s.meaning, isDefault: s.default }));
  return { list, errors, evaluation, proposal: proposedStatusId(evaluation.meaning, choices) };
}

type Step = { draft: VerdictDraft; save: UpdateItemBody | null };

/**
 * A field typed: the measurements save once every field holds a valid value. The status follows the
 * proposal while nobody chose another; a status held for a reason saves once the proposal comes round to it.
 */
export function typeValue(draft: VerdictDraft, key: string, text: string, judging: ItemTemplate, statuses: readonly TypeStatus[]): Step {
  const values = { ...draft.values, [key]: text };
  const after = judge(judging, values, statuses);
  const next = { ...draft, values };
  if (Object.keys(after.errors).length > 0) return { draft: next, save: null };
  const save: UpdateItemBody = { measurements: after.list };
  if (draft.held && after.proposal === draft.statusId) {
    save.statusId = draft.statusId;
    next.held = false;
    next.follows = true;
  } else if (draft.follows && after.proposal !== null && after.proposal !== draft.statusId) {
    save.statusId = after.proposal;
    next.statusId = after.proposal;
  }
  return { draft: next, save };
}

/** A status chosen: one other than the proposal, with no reason typed or on record, waits for a reason. */
export function chooseStatus(draft: VerdictDraft, statusId: number | null, proposal: number | null): Step {
  const held = proposal !== null && statusId !== proposal && draft.verdictReason.trim() === '';
  return { draft: { ...draft, statusId, held, follows: statusId === proposal }, save: held ? null : { statusId } };
}

/** The reason typed: it saves, and a held status with it. */
export function typeReason(draft: VerdictDraft, text: string): Step {
  const save: UpdateItemBody = { verdictReason: text };
  const release = draft.held && text.trim() !== '';
  if (release) save.statusId = draft.statusId;
  return { draft: { ...draft, verdictReason: text, held: draft.held && !release }, save };
}

/**
 * A status given to many items at once from the web (a scan's reconciliation): the items whose
 * measurements propose another status are left for a person to judge, as set status on all leaves
 * them on the server; `skipped` says how many (verdictMessages.skipped).
 */
export function splitByProposal<T extends { proposedStatusId: number | null }>(
  items: readonly T[],
  statusId: number,
): { set: T[]; skipped: T[] } {
  const differs = (item: T) => item.proposedStatusId !== null && item.proposedStatusId !== statusId;
  return { set: items.filter((item) => !differs(item)), skipped: items.filter(differs) };
}
