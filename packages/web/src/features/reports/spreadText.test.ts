import { describe, expect, it } from 'vitest';
import { spreadsToText, textToSpreads } from './spreadText.ts';

describe('mooring spreads as text', () => {
  it('groups legs by rig and owner, and writes them back the same way', () => {
    const text = 'Nordic Aurora; 83; Leg 1; A-1 A-2, A-3\nNordic Aurora; 83; Leg 2; B-1\nPolar Kestrel; 83; Leg 1; C-1';
    const { spreads, error } = textToSpreads(text);
    expect(error).toBeUndefined();
    expect(spreads).toEqual([
      {
        rig: 'Nordic Aurora',
        ownerId: 83,
        legs: [
          { name: 'Leg 1', stampedIds: ['A-1', 'A-2', 'A-3'] },
          { name: 'Leg 2', stampedIds: ['B-1'] },
        ],
      },
      { rig: 'Polar Kestrel', ownerId: 83, legs: [{ name: 'Leg 1', stampedIds: ['C-1'] }] },
    ]);
    expect(spreadsToText(spreads)).toBe(
      'Nordic Aurora; 83; Leg 1; A-1 A-2 A-3\nNordic Aurora; 83; Leg 2; B-1\nPolar Kestrel; 83; Leg 1; C-1',
    );
  });

  it('names the line that does not fit', () => {
    expect(textToSpreads('Rig; 83; Leg 1; A-1\nRig; x; Leg 2; B-1').error).toBe('Line 2: write rig; owner id; leg name; stamped ids');
  });
});
