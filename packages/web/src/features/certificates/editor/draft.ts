/**
 * The certificate draft (spec section 4): its equipment rows, its one PDF and the flags dirty, saving
 * and loading. It becomes dirty on a hidden change, an update, a file attach and an equipment delete;
 * reset gives a blank draft; a copy drops the id and the rows (stamped ids are unique, so a copy's
 * rows could never be saved) and keeps the file only when asked (?file=1). The certificate's own
 * fields live in the form; the page is dirty when either is.
 */
import { type CertificateDetail, type ProposedItem, stampedIdKey } from '@portal/contract';
import { type EditorRow, type MoveTarget, newRow, type RowEdit, rowFromEquipment, rowRules } from './rows.ts';

export interface DraftFile {
  id: number;
  fileName: string;
}

export interface DraftState {
  rows: EditorRow[];
  file: DraftFile | null;
  /** Admin level deletes and moves rows (section 6). */
  isAdmin: boolean;
  dirty: boolean;
  saving: boolean;
  loading: boolean;
}

export type DraftAction =
  | { type: 'loading' }
  | { type: 'loaded'; rows: EditorRow[]; file: DraftFile | null }
  | { type: 'reset' }
  | { type: 'add'; items: ProposedItem[] }
  | { type: 'edit'; stampedId: string; edit: RowEdit }
  | { type: 'remove'; stampedId: string }
  | { type: 'delete'; stampedId: string }
  | { type: 'undoDelete'; stampedId: string }
  | { type: 'move'; stampedId: string; target: MoveTarget }
  | { type: 'undoMove'; stampedId: string }
  | { type: 'file'; file: DraftFile | null }
  | { type: 'saving'; saving: boolean }
  | { type: 'saved' };

export const blankDraft = (isAdmin: boolean): DraftState => ({
  rows: [],
  file: null,
  isAdmin,
  dirty: false,
  saving: false,
  loading: false,
});

/** An edit opens the certificate as saved; a copy takes its fields only, and its PDF with ?file=1. */
export function draftFromCertificate(
  certificate: CertificateDetail,
  { copy, withFile, isAdmin }: { copy: boolean; withFile: boolean; isAdmin: boolean },
) {
  const file = certificate.certificateFile;
  return {
    ...blankDraft(isAdmin),
    rows: copy ? [] : certificate.equipment.map(rowFromEquipment),
    file: file && (!copy || withFile) ? { id: file.id, fileName: file.fileName } : null,
  } satisfies DraftState;
}

/** The contract's comparison: trimmed, NFKC-normalised, any case (docs/event-items.md "Stamped ids"). */
const key = stampedIdKey;

/** Whether the draft lists a stamped id already (compared as the user reads them: trimmed, any case). */
export function isListed(rows: readonly EditorRow[], stampedId: string): boolean {
  const wanted = key(stampedId);
  return rows.some((row) => key(row.stampedId) === wanted);
}

export interface AddPlan {
  /** Free and not yet in the list: these are added. */
  add: ProposedItem[];
  /** Another item has the stamped id. */
  taken: string[];
  /** Already in this list (or twice in what was proposed). */
  listed: string[];
}

/** Splits proposed items (a series, an import file) into those added and those left out, and why. */
export function planAdd(rows: readonly EditorRow[], items: readonly ProposedItem[]): AddPlan {
  const seen = new Set(rows.map((row) => key(row.stampedId)));
  const plan: AddPlan = { add: [], taken: [], listed: [] };
  for (const item of items) {
    const k = key(item.stampedId);
    if (seen.has(k)) plan.listed.push(item.stampedId);
    else if (!item.available) plan.taken.push(item.stampedId);
    else {
      seen.add(k);
      plan.add.push(item);
    }
  }
  return plan;
}

const hasChildInDraft = (rows: readonly EditorRow[], stampedId: string) => {
  const k = key(stampedId);
  return rows.some((row) => row.parentStampedId !== null && key(row.parentStampedId) === k);
};

/** Applies `change` to the row with the stamped id, when `allowed` says the rules let it. */
function updateRow(
  state: DraftState,
  stampedId: string,
  allowed: (row: EditorRow) => boolean,
  change: (row: EditorRow) => EditorRow,
  dirty = true,
): DraftState {
  const index = state.rows.findIndex((row) => row.stampedId === stampedId);
  const row = state.rows[index];
  if (!row || !allowed(row)) return state;
  const rows = state.rows.slice();
  rows[index] = change(row);
  return { ...state, rows, dirty: state.dirty || dirty };
}

const rulesOf = (state: DraftState, row: EditorRow) =>
  rowRules(row, { isAdmin: state.isAdmin, hasChildInDraft: hasChildInDraft(state.rows, row.stampedId) });

export function draftReducer(state: DraftState, action: DraftAction): DraftState {
  switch (action.type) {
    case 'loading':
      return { ...state, loading: true };
    case 'loaded':
      return { ...state, rows: action.rows, file: action.file, loading: false, dirty: false, saving: false };
    case 'reset':
      return blankDraft(state.isAdmin);
    case 'add': {
      const { add } = planAdd(state.rows, action.items);
      if (add.length === 0) return state;
      return { ...state, rows: [...state.rows, ...add.map(newRow)], dirty: true };
    }
    case 'edit':
      return updateRow(
        state,
        action.stampedId,
        (row) => !row.deleted && !row.moveTo,
        (row) => ({ ...row, ...action.edit }),
      );
    case 'remove': {
      const row = state.rows.find((candidate) => candidate.stampedId === action.stampedId);
      if (!row || rulesOf(state, row).remove) return state;
      return { ...state, rows: state.rows.filter((candidate) => candidate !== row) };
    }
    case 'delete':
      return updateRow(
        state,
        action.stampedId,
        (row) => rulesOf(state, row).delete === null && !row.deleted,
        (row) => ({ ...row, deleted: true }),
      );
    case 'undoDelete':
      return updateRow(
        state,
        action.stampedId,
        (row) => row.deleted,
        (row) => ({ ...row, deleted: false }),
      );
    case 'move':
      return updateRow(
        state,
        action.stampedId,
        (row) => rulesOf(state, row).move === null,
        (row) => ({ ...row, moveTo: action.target }),
      );
    case 'undoMove':
      return updateRow(
        state,
        action.stampedId,
        (row) => row.moveTo !== null,
        (row) => ({ ...row, moveTo: null }),
      );
    case 'file':
      return { ...state, file: action.file, dirty: true };
    case 'saving':
      return { ...state, saving: action.saving };
    case 'saved':
      return { ...state, saving: false, dirty: false };
  }
}

/** How many rows are in each state, for the table's summary line. */
export function countStates(rows: readonly EditorRow[]) {
  let added = 0;
  let deleted = 0;
  let moved = 0;
  for (const row of rows) {
    if (row.isNew) added++;
    else if (row.deleted) deleted++;
    else if (row.moveTo) moved++;
  }
  return { total: rows.length, added, deleted, moved };
}
