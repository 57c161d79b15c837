import { describe, expect, it } from 'vitest';
import { measurementsText } from './record.ts';
import { templateBody } from './template.ts';

const chain = templateBody.parse({
  fields: [
    { key: 'gripDiameter1', label: 'Grip diameter 1', kind: 'number', unit: 'mm' },
    { key: 'gripDiameter2', label: 'Grip diameter 2', kind: 'number', unit: 'mm' },
    { key: 'brokenWires', label: 'Broken wires', kind: 'count', required: false },
    { key: 'crack', label: 'Crack (MPI)', kind: 'yesNo' },
    { key: 'pits', label: 'Gouges or pits', kind: 'choice', choices: ['None', 'Severe'] },
    { key: 'notes', label: 'Notes', kind: 'text', required: false },
  ],
  derived: [{ key: 'diameterLoss', label: 'Diameter loss', kind: 'lossPercentOfNominal', of: ['gripDiameter1', 'gripDiameter2'] }],
});

describe('measurementsText', () => {
  it("prints each measured field with its unit in the template's order, then the derived values", () => {
    const text = measurementsText(
      chain,
      [
        { key: 'notes', value: 'Worst link at 40 m' },
        { key: 'crack', value: false },
        { key: 'gripDiameter2', value: 72.8 },
        { key: 'gripDiameter1', value: 75 },
        { key: 'pits', value: 'None' },
        { key: 'brokenWires', value: 0 },
      ],
      { nominalSize: 76, nominalUnit: 'mm' },
    );
    expect(text).toBe(
      'Grip diameter 1: 75 mm; Grip diameter 2: 72.8 mm; Broken wires: 0; Crack (MPI): No; Gouges or pits: None; Notes: Worst link at 40 m; Diameter loss: 4.21 %',
    );
  });

  it('leaves out what was not measured and a loss without a nominal size', () => {
    expect(measurementsText(chain, [{ key: 'gripDiameter1', value: 75 }], null)).toBe('Grip diameter 1: 75 mm');
    expect(measurementsText(chain, [], null)).toBe('');
  });
});
