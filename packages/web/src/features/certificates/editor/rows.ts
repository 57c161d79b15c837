/**
 * One equipment row of the certificate editor and its state machine (spec section 4, "Certificate
 * editor rows"): a row is new, changed, deleted (undoable) or marked to move to another certificate
 * (undoable). Delete and move exclude each other and are refused on a changed row; rows with a parent
 * or a child are never removed or deleted; only new rows are removed outright. Pure functions, so the
 * rules are tested without a browser.
 */
import {
  type CertificateEquipment,
  type CertificateRowInput,
  certificateEditorMessages,
  certificateRowInput,
  EQUIPMENT_COMMENT_MAX,
  EQUIPMENT_LENGTH_MAX,
  type ProposedItem,
} from '@portal/contract';
import { parseNumber } from '../../../lib/forms/numberParser.ts';

/** The certificate a row is marked to move to, as the autocomplete found it. */
export interface MoveTarget {
  id: number;
  certificateNumber: string;
}

/** What the row holds now; `saved` is what the certificate holds (null for a new row). */
export interface EditorRow {
  stampedId: string;
  parentStampedId: string | null;
  /** Another item has this one as its parent (from the server; new rows are checked against the draft). */
  hasChildren: boolean;
  /** As typed: a comma or a dot as decimal separator. */
  length: string;
  comment: string;
  hidden: boolean;
  isNew: boolean;
  deleted: boolean;
  moveTo: MoveTarget | null;
  saved: { length: string; comment: string; hidden: boolean } | null;
}

export type RowState = 'new' | 'changed' | 'deleted' | 'move' | 'unchanged';

export type RowEdit = Partial<Pick<EditorRow, 'length' | 'comment' | 'hidden'>>;

const lengthText = (length: number | null) => (length === null ? '' : String(length));

/** A stored row of the certificate, as GET /Certificates/{id} answers it. */
export function rowFromEquipment(item: CertificateEquipment): EditorRow {
  const values = { length: lengthText(item.length), comment: item.comment ?? '', hidden: item.hidden };
  return {
    stampedId: item.stampedId,
    parentStampedId: item.parentStampedId,
    hasChildren: item.hasChildren,
    ...values,
    isNew: false,
    deleted: false,
    moveTo: null,
    saved: values,
  };
}

/** A row the user adds (by stamped id, from a series or an import file). */
export function newRow(item: Pick<ProposedItem, 'stampedId'> & Partial<ProposedItem>): EditorRow {
  return {
    stampedId: item.stampedId,
    parentStampedId: item.parentStampedId ?? null,
    hasChildren: false,
    length: lengthText(item.length ?? null),
    comment: item.comment ?? '',
    hidden: false,
    isNew: true,
    deleted: false,
    moveTo: null,
    saved: null,
  };
}

/** A stored row whose length, comment or active flag differ from what is saved. */
export function isChanged(row: EditorRow): boolean {
  if (!row.saved) return false;
  return (
    parseNumber(row.length) !== parseNumber(row.saved.length) ||
    row.comment.trim() !== row.saved.comment.trim() ||
    row.hidden !== row.saved.hidden
  );
}

export function rowState(row: EditorRow): RowState {
  if (row.isNew) return 'new';
  if (row.deleted) return 'deleted';
  if (row.moveTo) return 'move';
  return isChanged(row) ? 'changed' : 'unchanged';
}

/** Why the row cannot be deleted, moved or removed, or null when it can. */
export interface RowRules {
  /** Only new rows are removed outright; a row with a parent or child never. */
  remove: string | null;
  /** Delete and move: Admin level, a stored row that is not changed, without relatives, not already marked otherwise. */
  delete: string | null;
  move: string | null;
}

const needsAdmin = certificateEditorMessages.deleteOrMoveNeedsAdmin;

/**
 * What the user may do with a row. `childOf` tells whether another row of the draft names this one as
 * its parent (new rows have no `hasChildren` from the server yet).
 */
export function rowRules(row: EditorRow, { isAdmin, hasChildInDraft = false }: { isAdmin: boolean; hasChildInDraft?: boolean }): RowRules {
  const relatives = row.parentStampedId !== null || row.hasChildren || hasChildInDraft;
  const relativesMessage = certificateEditorMessages.rowHasRelatives(row.stampedId);
  if (row.isNew) {
    const removeRule = relatives ? relativesMessage : null;
    return { remove: removeRule, delete: 'A new row is removed, not deleted', move: 'A new row cannot be moved: save it first' };
  }
  const state = rowState(row);
  const common = !isAdmin
    ? needsAdmin
    : relatives
      ? relativesMessage
      : state === 'changed'
        ? certificateEditorMessages.changedRowDeleteOrMove
        : null;
  return {
    remove: 'Only new rows are removed; delete a saved row instead',
    delete: common ?? (state === 'move' ? certificateEditorMessages.deleteAndMove : null),
    move: common ?? (state === 'deleted' ? certificateEditorMessages.deleteAndMove : null),
  };
}

/** The row's problems by field, checked as the server checks them (the contract's row schema). */
export function rowErrors(row: EditorRow): { length?: string; comment?: string } {
  const errors: { length?: string; comment?: string } = {};
  const length = parseNumber(row.length);
  if (Number.isNaN(length)) errors.length = 'Length must be a number';
  else if (length !== null && length < 0) errors.length = 'Length cannot be negative';
  else if (length !== null && length > EQUIPMENT_LENGTH_MAX) errors.length = `Length must be at most ${EQUIPMENT_LENGTH_MAX} m`;
  if (row.comment.trim().length > EQUIPMENT_COMMENT_MAX)
    errors.comment = `Comment must not contain more than ${EQUIPMENT_COMMENT_MAX} characters`;
  else if (!errors.length) {
    const parsed = certificateRowInput.safeParse(toRowInput(row));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      if (issue?.path[0] === 'comment') errors.comment = issue.message;
      else if (issue?.path[0] === 'length') errors.length = issue.message;
    }
  }
  return errors;
}

export const hasErrors = (row: EditorRow) => Object.keys(rowErrors(row)).length > 0;

/** The row as PUT/POST /Certificates take it, with its state flags. */
export function toRowInput(row: EditorRow): CertificateRowInput {
  const length = parseNumber(row.length);
  return {
    stampedId: row.stampedId,
    parentStampedId: row.parentStampedId,
    comment: row.comment.trim() || null,
    length: length === null || Number.isNaN(length) ? null : length,
    hidden: row.hidden,
    new: row.isNew,
    changed: !row.isNew && !row.deleted && !row.moveTo && isChanged(row),
    deleted: !row.isNew && row.deleted,
    moveToCertificateId: row.isNew ? null : (row.moveTo?.id ?? null),
  };
}
