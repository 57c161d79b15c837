import { describe, expect, it } from 'vitest';
import { nominalFromName, nominalMessages, nominalProblem } from './nominal.ts';

describe('nominal size from a dimension name', () => {
  it.each([
    ['84 mm', 84, 'mm'],
    ['102mm', 102, 'mm'],
    ['  76 MM ', 76, 'mm'],
    ['25,4 mm', 25.4, 'mm'],
    ['3.5″', 3.5, 'in'],
    ['3 1/2"', null, null],
    ['4 in', 4, 'in'],
    ['12 t', 12, 't'],
    ['12.5 T', 12.5, 't'],
  ])('%s -> %s %s', (name, size, unit) => {
    expect(nominalFromName(name)).toEqual(size === null ? null : { nominalSize: size, nominalUnit: unit });
  });

  it.each(['Long link', 'Various', '84 mm long link', 'R4 84 mm', '0 mm', 'mm', '84', '84 kg', ''])('gives none for %j', (name) => {
    expect(nominalFromName(name)).toBeNull();
  });
});

describe('a nominal pair as stored', () => {
  it('needs a unit with a size, a size with mm/in/t, and no size with none', () => {
    expect(nominalProblem(84, 'mm')).toBeNull();
    expect(nominalProblem(null, null)).toBeNull();
    expect(nominalProblem(null, 'none')).toBeNull();
    expect(nominalProblem(84, null)).toEqual({ field: 'nominalUnit', message: nominalMessages.sizeNeedsUnit });
    expect(nominalProblem(84, 'none')).toEqual({ field: 'nominalSize', message: nominalMessages.noSizeForNone });
    expect(nominalProblem(null, 't')).toEqual({ field: 'nominalSize', message: nominalMessages.unitNeedsSize });
  });
});
