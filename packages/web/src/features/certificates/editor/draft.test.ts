import { type CertificateDetail, type CertificateEquipment, certificateEditorMessages, type ProposedItem } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  blankDraft,
  countStates,
  type DraftAction,
  type DraftState,
  draftFromCertificate,
  draftReducer,
  isListed,
  planAdd,
} from './draft.ts';
import { isChanged, rowErrors, rowFromEquipment, rowRules, rowState, toRowInput } from './rows.ts';

const stored = (stampedId: string, extra: Partial<CertificateEquipment> = {}): CertificateEquipment => ({
  id: 1,
  stampedId,
  parentStampedId: null,
  length: 27.5,
  comment: 'Spare',
  hidden: false,
  chips: [],
  hasChildren: false,
  latestStatus: null,
  ...extra,
});
const proposed = (stampedId: string, available = true, extra: Partial<ProposedItem> = {}): ProposedItem => ({
  stampedId,
  available,
  length: null,
  comment: null,
  parentStampedId: null,
  ...extra,
});

const certificate = {
  id: 7,
  certificateNumber: 'C-7',
  certificateFile: { id: 3, fileName: 'c-7.pdf', url: '/api/Files/3' },
  equipment: [stored('KL-1'), stored('KL-2'), stored('KL-3', { hasChildren: true }), stored('KL-4', { parentStampedId: 'KL-3' })],
} as unknown as CertificateDetail;

const run = (state: DraftState, ...actions: DraftAction[]) => actions.reduce(draftReducer, state);
const admin = () => draftFromCertificate(certificate, { copy: false, withFile: false, isAdmin: true });
const row = (state: DraftState, stampedId: string) => state.rows.find((r) => r.stampedId === stampedId)!;

describe('certificate draft', () => {
  it('opens an edit with the rows and file as saved, clean; a copy takes no rows and the file only with ?file=1', () => {
    const edit = admin();
    expect(edit.rows.map((r) => r.stampedId)).toEqual(['KL-1', 'KL-2', 'KL-3', 'KL-4']);
    expect(edit.file).toEqual({ id: 3, fileName: 'c-7.pdf' });
    expect(edit).toMatchObject({ dirty: false, saving: false, loading: false });
    expect(draftFromCertificate(certificate, { copy: true, withFile: false, isAdmin: true })).toMatchObject({ rows: [], file: null });
    expect(draftFromCertificate(certificate, { copy: true, withFile: true, isAdmin: true }).file).toEqual({ id: 3, fileName: 'c-7.pdf' });
  });

  it('becomes dirty on an update, a hidden change, a file attach and a delete; reset is blank', () => {
    expect(run(admin(), { type: 'edit', stampedId: 'KL-1', edit: { comment: 'Worn' } }).dirty).toBe(true);
    expect(run(admin(), { type: 'edit', stampedId: 'KL-1', edit: { hidden: true } }).dirty).toBe(true);
    expect(run(admin(), { type: 'file', file: { id: 9, fileName: 'x.pdf' } }).dirty).toBe(true);
    expect(run(admin(), { type: 'delete', stampedId: 'KL-1' }).dirty).toBe(true);
    expect(run(admin(), { type: 'delete', stampedId: 'KL-1' }, { type: 'reset' })).toEqual(blankDraft(true));
    expect(run(admin(), { type: 'saving', saving: true }, { type: 'saved' })).toMatchObject({ dirty: false, saving: false });
  });

  it('adds only free stamped ids not already listed, whatever their case', () => {
    const plan = planAdd(admin().rows, [proposed('KL-5'), proposed('kl-1'), proposed('KL-6', false), proposed('KL-5')]);
    expect(plan).toEqual({ add: [proposed('KL-5')], taken: ['KL-6'], listed: ['kl-1', 'KL-5'] });
    const state = run(admin(), { type: 'add', items: [proposed('KL-5', true, { length: 12.5, comment: 'New', parentStampedId: 'KL-3' })] });
    expect(rowState(row(state, 'KL-5'))).toBe('new');
    expect(row(state, 'KL-5')).toMatchObject({ length: '12.5', comment: 'New', parentStampedId: 'KL-3' });
    expect(isListed(state.rows, ' kl-5 ')).toBe(true);
  });

  it('removes new rows outright, never a saved row nor a new row with a parent or child', () => {
    let state = run(admin(), { type: 'add', items: [proposed('N-1'), proposed('N-2', true, { parentStampedId: 'N-1' })] });
    expect(run(state, { type: 'remove', stampedId: 'N-1' }).rows).toHaveLength(6);
    expect(run(state, { type: 'remove', stampedId: 'N-2' }).rows).toHaveLength(6);
    state = run(state, { type: 'add', items: [proposed('N-3')] }, { type: 'remove', stampedId: 'N-3' });
    expect(isListed(state.rows, 'N-3')).toBe(false);
    expect(run(state, { type: 'remove', stampedId: 'KL-1' }).rows).toHaveLength(6);
  });

  it('deletes and moves exclusively, both undoable; a changed row or one with relatives can do neither', () => {
    const target = { id: 8, certificateNumber: 'C-8' };
    const deleted = run(admin(), { type: 'delete', stampedId: 'KL-1' });
    expect(rowState(row(deleted, 'KL-1'))).toBe('deleted');
    expect(run(deleted, { type: 'move', stampedId: 'KL-1', target }).rows).toBe(deleted.rows);
    expect(rowState(row(run(deleted, { type: 'undoDelete', stampedId: 'KL-1' }), 'KL-1'))).toBe('unchanged');

    const moved = run(admin(), { type: 'move', stampedId: 'KL-2', target });
    expect(rowState(row(moved, 'KL-2'))).toBe('move');
    expect(run(moved, { type: 'delete', stampedId: 'KL-2' }).rows).toBe(moved.rows);
    // A row marked to move or deleted takes no edits until undone.
    expect(run(moved, { type: 'edit', stampedId: 'KL-2', edit: { comment: 'x' } }).rows).toBe(moved.rows);
    expect(row(run(moved, { type: 'undoMove', stampedId: 'KL-2' }), 'KL-2').moveTo).toBeNull();

    const changed = run(admin(), { type: 'edit', stampedId: 'KL-1', edit: { length: '30,5' } });
    expect(rowState(row(changed, 'KL-1'))).toBe('changed');
    expect(run(changed, { type: 'delete', stampedId: 'KL-1' }).rows).toBe(changed.rows);
    expect(rowRules(row(changed, 'KL-1'), { isAdmin: true }).delete).toBe(certificateEditorMessages.changedRowDeleteOrMove);
    expect(run(admin(), { type: 'delete', stampedId: 'KL-3' }).rows).toEqual(admin().rows);
    expect(run(admin(), { type: 'move', stampedId: 'KL-4', target }).rows).toEqual(admin().rows);
    expect(rowRules(row(admin(), 'KL-3'), { isAdmin: true }).delete).toBe(certificateEditorMessages.rowHasRelatives('KL-3'));
  });

  it('leaves delete and move to Admin level', () => {
    const certificatesLevel = draftFromCertificate(certificate, { copy: false, withFile: false, isAdmin: false });
    expect(run(certificatesLevel, { type: 'delete', stampedId: 'KL-1' }).rows).toBe(certificatesLevel.rows);
    expect(rowRules(row(certificatesLevel, 'KL-1'), { isAdmin: false })).toMatchObject({
      delete: certificateEditorMessages.deleteOrMoveNeedsAdmin,
      move: certificateEditorMessages.deleteOrMoveNeedsAdmin,
    });
  });

  it('counts the states for the summary', () => {
    const state = run(
      admin(),
      { type: 'add', items: [proposed('N-1')] },
      { type: 'delete', stampedId: 'KL-1' },
      { type: 'move', stampedId: 'KL-2', target: { id: 8, certificateNumber: 'C-8' } },
    );
    expect(countStates(state.rows)).toEqual({ total: 5, added: 1, deleted: 1, moved: 1 });
  });
});

describe('certificate rows', () => {
  it('reads a length with a comma or a dot; an unchanged value typed differently is not a change', () => {
    const saved = rowFromEquipment(stored('KL-1'));
    expect(isChanged({ ...saved, length: '27,5' })).toBe(false);
    expect(isChanged({ ...saved, comment: ' Spare ' })).toBe(false);
    expect(isChanged({ ...saved, length: '27,6' })).toBe(true);
    expect(toRowInput({ ...saved, length: '1 234,5' })).toMatchObject({ length: 1234.5, changed: true, new: false });
  });

  it('sends each state with its flags', () => {
    const saved = rowFromEquipment(stored('KL-1'));
    expect(toRowInput(saved)).toMatchObject({ new: false, changed: false, deleted: false, moveToCertificateId: null });
    expect(toRowInput({ ...saved, deleted: true })).toMatchObject({ deleted: true, changed: false });
    expect(toRowInput({ ...saved, moveTo: { id: 8, certificateNumber: 'C-8' } })).toMatchObject({ moveToCertificateId: 8, changed: false });
    expect(toRowInput({ ...saved, stampedId: 'N', isNew: true, saved: null, comment: '' })).toMatchObject({ new: true, comment: null });
  });

  it("checks a row's length and comment as the server does", () => {
    const saved = rowFromEquipment(stored('KL-1'));
    expect(rowErrors({ ...saved, length: 'abc' })).toEqual({ length: 'Length must be a number' });
    expect(rowErrors({ ...saved, length: '-1' })).toEqual({ length: 'Length cannot be negative' });
    expect(rowErrors({ ...saved, length: '100001' })).toEqual({ length: 'Length must be at most 100000 m' });
    expect(rowErrors({ ...saved, comment: 'x'.repeat(1001) })).toEqual({ comment: 'Comment must not contain more than 1000 characters' });
    expect(rowErrors({ ...saved, length: '' })).toEqual({});
  });
});
