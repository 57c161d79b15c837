import type { MeasurementField } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { draftValues, measurementsOf, parseDecimal } from './verdictDraft.ts';

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
