import type { ItemTemplate, MeasurementField, TypeStatus, UpdateItemBody } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  chooseStatus,
  draftValues,
  judge,
  measurementsOf,
  parseDecimal,
  splitByProposal,
  typeReason,
  typeValue,
  type VerdictDraft,
} from './verdictDraft.ts';

const fields: MeasurementField[] = [
  { key: 'gripDiameter1', label: 'Grip diameter 1', kind: 'number', unit: 'mm', choices: [], required: true },
  { key: 'brokenWires', label: 'Broken wires', kind: 'count', unit: null, choices: [], required: true },
  { key: 'crack', label: 'Crack', kind: 'yesNo', unit: null, choices: [], required: false },
  { key: 'stud', label: 'Stud', kind: 'choice', unit: null, choices: ['Tight', 'Loose'], required: false },
];

describe('the measurements as typed', () => {
  it('reads a comma or a dot as the decimal separator, and a number on its way', () => {
    expect(parseDecimal('74,5')).toBe(74.5);
    expect(parseDecimal('74.5')).toBe(74.5);
    expect(parseDecimal('74,')).toBe(74);
    expect(parseDecimal(' 7 ')).toBe(7);
    expect(parseDecimal('')).toBeNull();
    expect(parseDecimal('7a')).toBeUndefined();
    expect(parseDecimal('7,5,1')).toBeUndefined();
  });

  it('turns the texts into the list in the template order, with a message for what is no number', () => {
    const values = { gripDiameter1: '73,2', brokenWires: '2.5', crack: 'no', stud: 'Loose' };
    expect(measurementsOf(fields, values)).toEqual({
      list: [
        { key: 'gripDiameter1', value: 73.2 },
        { key: 'crack', value: false },
        { key: 'stud', value: 'Loose' },
      ],
      errors: { brokenWires: 'Broken wires must be a whole number, 0 or more' },
    });
    expect(measurementsOf(fields, { gripDiameter1: 'x' }).errors).toEqual({ gripDiameter1: 'Grip diameter 1 must be a number' });
  });

  it('shows a stored list as texts', () => {
    expect(
      draftValues(fields, [
        { key: 'gripDiameter1', value: 73.2 },
        { key: 'crack', value: true },
      ]),
    ).toEqual({
      gripDiameter1: '73.2',
      brokenWires: '',
      crack: 'yes',
      stud: '',
    });
  });
});

describe('the status and the proposal in the dialog', () => {
  const statuses: TypeStatus[] = [
    { id: 1, name: 'OK', color: 'success', default: true, meaning: 'fit' },
    { id: 2, name: 'Monitor', color: 'warning', default: false, meaning: 'monitor' },
    { id: 3, name: 'Replace', color: 'danger', default: false, meaning: 'condemned' },
    { id: 4, name: 'Not inspected', color: 'default', default: false, meaning: 'notInspected' },
  ];
  const judging: ItemTemplate = {
    template: {
      id: 9,
      version: 1,
      current: true,
      fields: fields.slice(0, 1).concat({ ...fields[0], key: 'gripDiameter2', label: 'Grip diameter 2' }),
      derived: [{ key: 'loss', label: 'Diameter loss', kind: 'lossPercentOfNominal', of: ['gripDiameter1', 'gripDiameter2'] }],
      criteria: [
        { subject: 'loss', op: '>', limit: 4, meaning: 'monitor' },
        { subject: 'loss', op: '>=', limit: 12, meaning: 'condemned' },
      ],
    },
    nominalSize: 76,
    nominalUnit: 'mm',
  };
  const start: VerdictDraft = {
    statusId: 4,
    values: { gripDiameter1: '75', gripDiameter2: '' },
    verdictReason: '',
    held: false,
    follows: true,
  };
  const typeAll = (draft: VerdictDraft, key: string, text: string) => {
    let step = { draft, save: null as UpdateItemBody | null };
    for (let i = 1; i <= text.length; i++) step = typeValue(step.draft, key, text.slice(0, i), judging, statuses);
    return step;
  };

  it('lets a status nobody chose follow the proposal as the inspector types, a comma taken as a decimal separator', () => {
    const fit = typeAll(start, 'gripDiameter2', '74');
    expect(fit.draft.statusId).toBe(1);
    // '7' proposed Replace on the way; '74' proposes OK again.
    expect(fit.save).toEqual({
      measurements: [
        { key: 'gripDiameter1', value: 75 },
        { key: 'gripDiameter2', value: 74 },
      ],
      statusId: 1,
    });
    const monitor = typeAll({ ...fit.draft, values: { ...fit.draft.values, gripDiameter2: '' } }, 'gripDiameter2', '72,8');
    expect(monitor.draft.statusId).toBe(2);
    expect(judge(judging, monitor.draft.values, statuses).proposal).toBe(2);
  });

  it('holds a status against the proposal until a reason is typed, then saves both', () => {
    const measured = typeAll(start, 'gripDiameter2', '72,8').draft;
    const chosen = chooseStatus(measured, 1, 2);
    expect(chosen).toEqual({ draft: { ...measured, statusId: 1, held: true, follows: false }, save: null });
    // The measurements still save while the status waits; the status does not follow any more.
    const moved = typeValue(chosen.draft, 'gripDiameter2', '60', judging, statuses);
    expect(moved.save).toEqual({
      measurements: [
        { key: 'gripDiameter1', value: 75 },
        { key: 'gripDiameter2', value: 60 },
      ],
    });
    expect(moved.draft.statusId).toBe(1);
    const reason = typeReason(chosen.draft, 'W');
    expect(reason.save).toEqual({ verdictReason: 'W', statusId: 1 });
    expect(reason.draft.held).toBe(false);
    // The proposal itself saves at once.
    expect(chooseStatus(measured, 2, 2).save).toEqual({ statusId: 2 });
  });
});

describe('a status given to many items', () => {
  it('leaves the items whose measurements propose another status', () => {
    const items = [
      { id: 1, proposedStatusId: null },
      { id: 2, proposedStatusId: 1 },
      { id: 3, proposedStatusId: 3 },
    ];
    expect(splitByProposal(items, 1)).toEqual({ set: [items[0], items[1]], skipped: [items[2]] });
  });
});
