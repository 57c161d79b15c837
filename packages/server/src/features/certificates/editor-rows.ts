/**
 * The editor's rows turned into a plan of writes (docs/certificates.md "Rows"), checked against the
 * items that hold the named stamped ids. No SQL here: the service reads, this decides, the queries
 * write. Every problem is collected per row (`equipment.{i}.stampedId`, like the schema's own
 * errors), so the editor can mark all of them at once.
 */
import { type CertificateRow, certificateEditorMessages as m, messages } from '@portal/contract';
import { AppError, type FieldErrors } from '../../http/errors.ts';
import type { ChangedItem, KnownItem, NewItem } from './editor-queries.ts';

export interface RowPlan {
  added: NewItem[];
  /** New rows' parents by stamped id (the new ids are known only after the insert). */
  addedParents: { stampedId: string; parent: string }[];
  changed: (Omit<ChangedItem, 'parentId'> & { parent: string | null })[];
  unlinked: string[];
  moved: { stampedId: string; targetId: number }[];
}

export class RowErrors {
  readonly errors: FieldErrors = {};
  add(index: number, field: RowField, message: string) {
    const key = `equipment.${index}.${field}`;
    this.errors[key] ??= [];
    this.errors[key].push(message);
  }
  get count() {
    return Object.values(this.errors).reduce((total, list) => total + list.length, 0);
  }
  /** A 400 with every row's problems; the message is the problem itself when there is one. */
  throwIfAny() {
    const all = Object.values(this.errors).flat();
    if (all.length) throw new AppError(400, all.length === 1 ? all[0] : messages.problemsFound(all.length), this.errors);
  }
}

/** Every stamped id a save needs to know about: the rows' own and their parents'. */
export const namedStampedIds = (rows: CertificateRow[]) => [
  ...new Set(rows.flatMap((row) => (row.parentStampedId ? [row.stampedId, row.parentStampedId] : [row.stampedId]))),
];

interface PlanContext {
  /** The certificate being saved; null on create. */
  certificateId: number | null;
  known: Map<string, KnownItem>;
  /** Move targets that exist in the caller's scope. */
  targets: Set<number>;
}

export function planRows(rows: CertificateRow[], context: PlanContext): RowPlan {
  const { certificateId, known, targets } = context;
  const errors = new RowErrors();
  const plan: RowPlan = { added: [], addedParents: [], changed: [], unlinked: [], moved: [] };
  const seen = new Set<string>();
  const newIds = new Set(rows.filter((row) => row.new).map((row) => row.stampedId));
  const leaving = new Set(rows.filter((row) => row.deleted || row.moveToCertificateId).map((row) => row.stampedId));
  const parents = new Set(
    rows
      .filter((row) => (row.new || row.changed) && row.parentStampedId && row.parentStampedId !== row.stampedId)
      .map((row) => row.parentStampedId),
  );

  for (const [index, row] of rows.entries()) {
    const problem = rowProblem(row, { certificateId, known, targets, seen, parents });
    if (problem) {
      errors.add(index, problem[0], problem[1]);
      continue;
    }
    if (row.new || row.changed) checkParent(row, index, { known, newIds, leaving, errors });
    const values = { stampedId: row.stampedId, length: row.length, comment: row.comment, hidden: row.hidden };
    if (row.new) {
      plan.added.push(values);
      if (row.parentStampedId) plan.addedParents.push({ stampedId: row.stampedId, parent: row.parentStampedId });
    } else if (row.changed) plan.changed.push({ ...values, parent: row.parentStampedId });
    else if (row.deleted) plan.unlinked.push(row.stampedId);
    else if (row.moveToCertificateId !== null) plan.moved.push({ stampedId: row.stampedId, targetId: row.moveToCertificateId });
  }
  checkCycles(rows, errors);
  errors.throwIfAny();
  return plan;
}

/** Parents named in this save must not lead back to the row (A below B below A). */
function checkCycles(rows: CertificateRow[], errors: RowErrors) {
  const parentOf = new Map(
    rows
      .filter((row) => (row.new || row.changed) && row.parentStampedId && row.parentStampedId !== row.stampedId)
      .map((row) => [row.stampedId, row.parentStampedId]),
  );
  for (const [index, row] of rows.entries()) {
    let current = parentOf.get(row.stampedId);
    for (let steps = 0; current && steps < parentOf.size; steps++) {
      if (current === row.stampedId) {
        errors.add(index, 'parentStampedId', m.parentCycle(row.stampedId));
        break;
      }
      current = parentOf.get(current);
    }
  }
}

type RowField = 'stampedId' | 'parentStampedId' | 'moveToCertificateId' | 'deleted';

/** The first reason the row itself is refused (its stamped id, its relatives, its move target), if any. */
function rowProblem(
  row: CertificateRow,
  context: PlanContext & { seen: Set<string>; parents: Set<string | null> },
): [RowField, string] | undefined {
  const { stampedId } = row;
  if (context.seen.has(stampedId)) return ['stampedId', m.stampedIdTwice(stampedId)];
  context.seen.add(stampedId);
  const item = context.known.get(stampedId);
  if (row.new && item) return ['stampedId', m.stampedIdTaken(stampedId)];
  if (!row.new && (context.certificateId === null || item?.certificateId !== context.certificateId)) {
    return ['stampedId', m.notOnCertificate(stampedId)];
  }
  const leaves = row.deleted || row.moveToCertificateId !== null;
  if (leaves && (item?.hasParent || item?.hasChildren || context.parents.has(stampedId))) return ['deleted', m.rowHasRelatives(stampedId)];
  if (row.moveToCertificateId === null) return undefined;
  if (row.moveToCertificateId === context.certificateId) return ['moveToCertificateId', m.moveToSelf];
  if (!context.targets.has(row.moveToCertificateId)) return ['moveToCertificateId', m.moveTargetNotFound];
  return undefined;
}

function checkParent(
  row: CertificateRow,
  index: number,
  context: { known: Map<string, KnownItem>; newIds: Set<string>; leaving: Set<string>; errors: RowErrors },
) {
  const parent = row.parentStampedId;
  if (!parent) return;
  const item = context.known.get(parent);
  let problem: string | undefined;
  if (parent === row.stampedId) problem = m.parentIsSelf(parent);
  else if (context.leaving.has(parent)) problem = m.parentRemoved(parent);
  // A parent is a row added in this save, or an item the caller may see (this certificate's included).
  else if (!context.newIds.has(parent) && !item?.visible) problem = m.parentNotFound(parent);
  if (problem) context.errors.add(index, 'parentStampedId', problem);
}
