/**
 * The demo templates judged at, just under and just over every threshold (docs/measurements.md "Demo
 * templates"), by the contract's evaluation, the one the web and the server share.
 */
import { type CriterionMeaning, evaluate, type Measurement, type MeasurementValue, type Nominal } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { DEMO_TEMPLATES } from './demo.ts';

const templateOf = (type: string, subType?: string) => {
  const found = DEMO_TEMPLATES.find((template) => template.type === type && template.subType === subType);
  if (!found) throw new Error(`no demo template for ${type} ${subType ?? ''}`);
  return found.definition;
};
const mm76: Nominal = { nominalSize: 76, nominalUnit: 'mm' };
/** The diameter at `loss` % below 76 mm. */
const atLoss = (loss: number) => 76 * (1 - loss / 100);

type Case = [value: MeasurementValue, meaning: CriterionMeaning];
function judge(type: string, sound: Record<string, MeasurementValue>, subType?: string) {
  const definition = templateOf(type, subType);
  return (changes: Record<string, MeasurementValue>) => {
    const values = { ...sound, ...changes };
    const measurements: Measurement[] = Object.entries(values).map(([key, value]) => ({ key, value }));
    return evaluate(definition, measurements, mm76).meaning;
  };
}
function expectCases(run: (changes: Record<string, MeasurementValue>) => CriterionMeaning | null, key: string, cases: Case[]) {
  expect(cases.map(([value]) => [value, run({ [key]: value })])).toEqual(cases);
}

const chainSound = { gripDiameter1: 76, gripDiameter2: 76, crack: false, gougesPits: 'None' };
const lossCases: Case[] = [
  [atLoss(3.99), 'fit'],
  [atLoss(4), 'fit'],
  [atLoss(4.01), 'monitor'],
  [atLoss(11.99), 'monitor'],
  [atLoss(12), 'condemned'],
  [atLoss(12.01), 'condemned'],
];

describe('demo template: Chain (IACS Rec. 38)', () => {
  const run = judge('Chain', chainSound);
  it('proposes fit for a sound link', () => expect(run({})).toBe('fit'));
  it('judges the loss of the smaller grip diameter: over 4 % monitor, from 12 % condemned', () => {
    expectCases(run, 'gripDiameter2', lossCases);
    expectCases(run, 'gripDiameter1', lossCases);
  });
  it('condemns a crack, watches severe gouges or pits', () => {
    expectCases(run, 'crack', [
      [false, 'fit'],
      [true, 'condemned'],
    ]);
    expectCases(run, 'gougesPits', [
      ['None', 'fit'],
      ['Minor', 'fit'],
      ['Severe', 'monitor'],
    ]);
  });
  it('keeps its grip diameters under the fixed keys, in mm', () => {
    const fields = templateOf('Chain').fields.filter((field) => field.key.startsWith('gripDiameter'));
    expect(fields.map((field) => [field.key, field.unit])).toEqual([
      ['gripDiameter1', 'mm'],
      ['gripDiameter2', 'mm'],
    ]);
  });
});

describe('demo template: Studlink chain (override)', () => {
  for (const subType of ['Studlink R3S', 'Studlink R3']) {
    const run = judge('Chain', { ...chainSound, stud: 'Tight' }, subType);
    it(`${subType}: the chain's criteria and the stud`, () => {
      expectCases(run, 'gripDiameter1', lossCases);
      expectCases(run, 'stud', [
        ['Tight', 'fit'],
        ['Loose', 'monitor'],
        ['Missing', 'condemned'],
      ]);
    });
  }
});

describe('demo template: Kenter links', () => {
  const run = judge('Kenter links', { gripDiameter1: 76, gripDiameter2: 76, crack: false, lockingPin: 'In place' });
  it('judges wear, cracks and the locking pin', () => {
    expectCases(run, 'gripDiameter1', lossCases);
    expectCases(run, 'crack', [
      [false, 'fit'],
      [true, 'condemned'],
    ]);
    expectCases(run, 'lockingPin', [
      ['In place', 'fit'],
      ['Loose', 'monitor'],
      ['Missing', 'condemned'],
    ]);
  });
});

describe('demo template: Wire rope (ISO 4309)', () => {
  const sound = {
    measuredDiameter: 76,
    brokenWires6d: 0,
    brokenWires30d: 0,
    valleyBreak: false,
    brokenStrand: false,
    corrosion: 'None',
    deformation: 'None',
    heatDamage: false,
  };
  const run = judge('Wire rope', sound);
  it('proposes fit for a sound rope', () => expect(run({})).toBe('fit'));
  it('counts broken wires over 6d: from 5 monitor, from 9 condemned', () =>
    expectCases(run, 'brokenWires6d', [
      [4, 'fit'],
      [5, 'monitor'],
      [6, 'monitor'],
      [8, 'monitor'],
      [9, 'condemned'],
      [10, 'condemned'],
    ]));
  it('counts broken wires over 30d: from 9 monitor, from 18 condemned', () =>
    expectCases(run, 'brokenWires30d', [
      [8, 'fit'],
      [9, 'monitor'],
      [10, 'monitor'],
      [17, 'monitor'],
      [18, 'condemned'],
      [19, 'condemned'],
    ]));
  it('judges the diameter reduction: from 3.5 % monitor, from 7.5 % condemned', () =>
    expectCases(run, 'measuredDiameter', [
      [atLoss(3.49), 'fit'],
      [atLoss(3.5), 'monitor'],
      [atLoss(3.51), 'monitor'],
      [atLoss(7.49), 'monitor'],
      [atLoss(7.5), 'condemned'],
      [atLoss(7.51), 'condemned'],
    ]));
  it('condemns a valley break, a broken strand and heat damage', () => {
    for (const key of ['valleyBreak', 'brokenStrand', 'heatDamage'])
      expectCases(run, key, [
        [false, 'fit'],
        [true, 'condemned'],
      ]);
  });
  it('rates corrosion and deformation', () => {
    expectCases(run, 'corrosion', [
      ['None', 'fit'],
      ['Slight', 'fit'],
      ['Medium', 'fit'],
      ['High', 'monitor'],
      ['Very high', 'monitor'],
      ['Discard', 'condemned'],
    ]);
    expectCases(run, 'deformation', [
      ['None', 'fit'],
      ['Slight', 'monitor'],
      ['Discard', 'condemned'],
    ]);
  });
});

describe('demo template: Fibre rope (CI 2001-04, OCIMF MEG4)', () => {
  const sound = { zone: 'Body', abrasion: 'None', cuts: 'None', glazing: 'None', pulledStrands: 'None' };
  const run = judge('Fibre rope', sound);
  it('rates each kind of damage: moderate monitor, severe condemned', () => {
    for (const key of ['abrasion', 'cuts', 'glazing', 'pulledStrands'])
      expectCases(run, key, [
        ['None', 'fit'],
        ['Light', 'fit'],
        ['Moderate', 'monitor'],
        ['Severe', 'condemned'],
      ]);
  });
  it('retires at 75 % residual strength, watches from 80 %, and does not judge an untested rope', () => {
    expect(run({})).toBe('fit');
    expectCases(run, 'residualStrength', [
      [80.01, 'fit'],
      [80, 'monitor'],
      [79.99, 'monitor'],
      [75.01, 'monitor'],
      [75, 'condemned'],
      [74.99, 'condemned'],
    ]);
  });
});

describe('demo template: Shackles (LOLER Schedule 1)', () => {
  const run = judge('Shackles', { defectClass: 'None' });
  it('follows the defect class', () =>
    expectCases(run, 'defectClass', [
      ['None', 'fit'],
      ['Observation', 'fit'],
      ['Dangerous by a date', 'monitor'],
      ['Immediately dangerous', 'condemned'],
    ]));
});

describe('every demo template', () => {
  it('is one of the demo types, and needs no nominal size it cannot get', () => {
    expect([...new Set(DEMO_TEMPLATES.map((template) => template.type))]).toEqual([
      'Chain',
      'Kenter links',
      'Wire rope',
      'Fibre rope',
      'Shackles',
    ]);
    // Without a nominal size, a template with a loss says where to set it.
    const chain = evaluate(
      templateOf('Chain'),
      Object.entries(chainSound).map(([key, value]) => ({ key, value })),
      null,
    );
    expect(chain).toMatchObject({ meaning: null, reason: 'No nominal size: set it under Admin' });
  });
});
