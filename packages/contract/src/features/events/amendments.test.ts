/** How an amendment's measurement changes read (the item dialog, the event's page, the evidence PDF). */
import { describe, expect, it } from 'vitest';
import { amendedMeasurementsText } from './amendments.ts';

const grips = (one: number, two: number) => [
  { key: 'gripDiameter1', value: one },
  { key: 'gripDiameter2', value: two },
];
const labels = { gripDiameter1: 'Grip diameter 1 (mm)', gripDiameter2: 'Grip diameter 2 (mm)', crack: 'Crack (MPI)' };

describe('amendedMeasurementsText', () => {
  it('names each changed value by its label, before → after, then the photos added', () => {
    const change = {
      before: { measurements: [...grips(75, 74), { key: 'crack', value: false }] },
      after: { measurements: [...grips(66.5, 74), { key: 'crack', value: true }] },
      imagesAdded: 2,
      labels,
    };
    expect(amendedMeasurementsText(change)).toEqual(['Grip diameter 1 (mm): 75 → 66.5', 'Crack (MPI): no → yes', '2 photos added']);
    expect(amendedMeasurementsText(change, '->')[0]).toBe('Grip diameter 1 (mm): 75 -> 66.5');
  });

  it('shows a value cleared or first given as –, a key without a label by its key, and nothing for an older amendment', () => {
    const change = {
      before: { measurements: grips(75, 74) },
      after: {
        measurements: [
          { key: 'gripDiameter1', value: 75 },
          { key: 'note', value: 'x' },
        ],
      },
      imagesAdded: 0,
      labels,
    };
    expect(amendedMeasurementsText(change)).toEqual(['Grip diameter 2 (mm): 74 → –', 'note: – → x']);
    expect(amendedMeasurementsText({ before: { measurements: null }, after: { measurements: null }, imagesAdded: 1, labels: {} })).toEqual([
      '1 photo added',
    ]);
  });
});
