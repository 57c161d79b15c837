import { describe, expect, it } from 'vitest';
import { type TemplateDefinition, templateBody } from './template.ts';
import { wearTrend } from './trend.ts';

const chain: TemplateDefinition = templateBody.parse({
  fields: [
    { key: 'gripDiameter1', label: 'Grip diameter 1', kind: 'number', unit: 'mm' },
    { key: 'gripDiameter2', label: 'Grip diameter 2', kind: 'number', unit: 'mm' },
    { key: 'crack', label: 'Crack (MPI)', kind: 'yesNo' },
  ],
  derived: [{ key: 'diameterLoss', label: 'Diameter loss', kind: 'lossPercentOfNominal', of: ['gripDiameter1', 'gripDiameter2'] }],
  criteria: [
    { subject: 'diameterLoss', op: '>', limit: 4, meaning: 'monitor' },
    { subject: 'diameterLoss', op: '>=', limit: 15, meaning: 'condemned' },
    { subject: 'diameterLoss', op: '>=', limit: 12, meaning: 'condemned' },
    { subject: 'crack', op: 'is', value: true, meaning: 'condemned' },
  ],
});
const mm76 = { nominalSize: 76, nominalUnit: 'mm' as const };
const DAY = 86_400_000;
/** A date `years` after 2020-01-01, on the 365.25-day year the fit uses. */
const after = (years: number) => new Date(Date.UTC(2020, 0, 1) + Math.round(years * 365.25) * DAY).toISOString().slice(0, 10);
const grips = (date: string, d1: number, d2: number) => ({
  date,
  measurements: [
    { key: 'gripDiameter1', value: d1 },
    { key: 'gripDiameter2', value: d2 },
    { key: 'crack', value: false },
  ],
});

describe('wearTrend', () => {
  it('fits the smaller grip diameter: a known loss of 0.4 mm a year reaches the 12 % limit (66.88 mm) when the line says', () => {
    // 75.5 mm falling 0.4 mm a year, the smaller grip alternating between the two sides, given out of order.
    const inspections = [grips(after(4), 73.9, 74.2), grips(after(0), 76, 75.5), grips(after(2), 74.7, 76)];
    const trend = wearTrend(chain, inspections, mm76);
    expect(trend?.series).toEqual([
      { date: after(0), value: 75.5 },
      { date: after(2), value: 74.7 },
      { date: after(4), value: 73.9 },
    ]);
    expect(trend?.label).toBe('Grip diameter 1, Grip diameter 2');
    expect(trend?.unit).toBe('mm');
    // The first condemning limit reached as the diameter falls: 12 % (66.88 mm), not 15 % (64.6 mm).
    expect(trend?.limit).toBe(66.88);
    expect(trend?.ratePerYear).toBeCloseTo(0.4, 4);
    // 75.5 - 0.4 t = 66.88 at t = 21.55 years.
    expect(trend?.predictedDiscardDate).toBe(after(21.55));
  });

  it('has no rate until two inspections on two dates, and leaves out an inspection without both grips', () => {
    expect(wearTrend(chain, [grips('2024-05-01', 75, 75.2)], mm76)).toMatchObject({ ratePerYear: null, predictedDiscardDate: null });
    const sameDay = [grips('2024-05-01', 75, 75.2), grips('2024-05-01', 74.8, 75)];
    expect(wearTrend(chain, sameDay, mm76)).toMatchObject({ ratePerYear: null, predictedDiscardDate: null });
    const partial = { date: '2025-05-01', measurements: [{ key: 'gripDiameter1', value: 70 }] };
    expect(wearTrend(chain, [grips('2024-05-01', 75, 75.2), partial], mm76)?.series).toEqual([{ date: '2024-05-01', value: 75 }]);
  });

  it('predicts no discard for a diameter that does not fall, or without a nominal size (rate still given)', () => {
    const steady = wearTrend(chain, [grips('2022-01-01', 75, 75), grips('2024-01-01', 75.1, 75.3)], mm76);
    expect(steady?.ratePerYear).toBeLessThan(0);
    expect(steady?.predictedDiscardDate).toBeNull();
    const unsized = wearTrend(chain, [grips('2022-01-01', 75, 75), grips('2024-01-01', 74, 74)], null);
    expect(unsized?.limit).toBeNull();
    expect(unsized?.ratePerYear).toBeCloseTo(0.5, 2);
    expect(unsized?.predictedDiscardDate).toBeNull();
  });

  it('gives a date already past when the line crossed the limit, converts an inch nominal, and trends nothing without a loss', () => {
    const worn = wearTrend(chain, [grips('2020-01-01', 70, 70), grips('2022-01-01', 66, 66)], mm76);
    expect(worn?.predictedDiscardDate && worn.predictedDiscardDate < '2022-01-01').toBe(true);
    // 3 in = 76.2 mm; 12 % below is 67.056 mm.
    expect(wearTrend(chain, [], { nominalSize: 3, nominalUnit: 'in' })?.limit).toBe(67.056);
    const fibre = templateBody.parse({ fields: [{ key: 'abrasion', label: 'Abrasion', kind: 'choice', choices: ['None', 'Severe'] }] });
    expect(wearTrend(fibre, [], mm76)).toBeNull();
  });
});
