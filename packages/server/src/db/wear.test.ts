/**
 * The one trend calculation (decision 082): `equipment_wear`, kept by db/derived/equipment_wear.sql,
 * gives exactly what the contract's `wearTrend` (trend.ts, its specification) gives, on synthetic series
 * of known slope and on awkward ones, and its `skip` leaves points out as an external viewer's read does.
 */
import { type MeasuredInspection, type TemplateDefinition, templateBody, wearTrend } from '@portal/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.ts';
import { createEvent } from '../../test/factories.ts';
import { createCertificate, createEquipment } from '../../test/factories-items.ts';
import { createCatalogue, createDimension } from '../../test/factories-owners.ts';

const handle = await createTestDatabase();
afterAll(() => handle.close());
const run = (text: string, params?: unknown[]) => handle.pool.query(text, params);

const definition: TemplateDefinition = templateBody.parse({
  fields: [
    { key: 'gripDiameter1', label: 'Grip diameter 1', kind: 'number', unit: 'mm' },
    { key: 'gripDiameter2', label: 'Grip diameter 2', kind: 'number', unit: 'mm' },
  ],
  derived: [{ key: 'diameterLoss', label: 'Diameter loss', kind: 'lossPercentOfNominal', of: ['gripDiameter1', 'gripDiameter2'] }],
  criteria: [
    { subject: 'diameterLoss', op: '>=', limit: 15, meaning: 'condemned' },
    { subject: 'diameterLoss', op: '>=', limit: 12, meaning: 'condemned' },
  ],
});
const catalogue = await createCatalogue(handle.db, { type: 'Chain', dimension: '76 mm' });
const template = await run('insert into measurement_templates (certificate_type_id) values ($1) returning id', [catalogue.type.id]);
const version = await run('insert into measurement_template_versions (template_id, version, definition) values ($1, 1, $2) returning id', [
  template.rows[0].id,
  JSON.stringify(definition),
]);
const versionId: number = version.rows[0].id;
await run('update measurement_templates set current_version_id = $1 where id = $2', [versionId, template.rows[0].id]);
const { certificate } = await createCertificate(handle.db, { catalogue });
const DAY = 86_400_000;
const after = (years: number) => new Date(Date.UTC(2020, 0, 1) + Math.round(years * 365.25) * DAY).toISOString().slice(0, 10);
const grips = (date: string, d1: number, d2: number): MeasuredInspection => ({
  date,
  measurements: [
    { key: 'gripDiameter1', value: d1 },
    { key: 'gripDiameter2', value: d2 },
  ],
});

/** A new item on `certificateId` inspected as given; answers its id and event item ids. */
async function measured(inspections: MeasuredInspection[], certificateId = certificate.id) {
  const item = await createEquipment(handle.db, { certificateId });
  const eventItems: number[] = [];
  for (const inspection of inspections) {
    const event = await createEvent(handle.db, { eventDate: inspection.date });
    const { rows } = await run(
      `insert into event_items (event_id, equipment_id, sequence, measurements, measurement_version_id) values ($1, $2, 1, $3, $4) returning id`,
      [event.id, item.id, JSON.stringify(inspection.measurements), versionId],
    );
    eventItems.push(Number(rows[0].id));
  }
  return { id: item.id, eventItems };
}
const derived = async (id: number) =>
  (
    await run(
      `select rate_per_year as "ratePerYear", discard_limit as "limit", predicted_discard_date::text as "predictedDiscardDate"
       from equipment_wear where equipment_id = $1`,
      [id],
    )
  ).rows[0] ?? null;
const expected = (inspections: MeasuredInspection[], nominal = 76) => {
  const trend = wearTrend(definition, inspections, { nominalSize: nominal, nominalUnit: 'mm' });
  // + 0: a flat line's -0 and 0 answer the same JSON.
  return trend?.ratePerYear == null
    ? null
    : { ratePerYear: trend.ratePerYear + 0, limit: trend.limit, predictedDiscardDate: trend.predictedDiscardDate };
};

describe('equipment_wear', () => {
  it('gives what trend.ts gives: 0.4 mm a year from 75.5 mm meets the 12 % limit (66.88 mm) after 21.55 years', async () => {
    const series = [grips(after(4), 73.9, 74.2), grips(after(0), 76, 75.5), grips(after(2), 74.7, 76)];
    const item = await measured(series);
    const row = await derived(item.id);
    expect(row).toEqual(expected(series));
    expect(row).toMatchObject({ ratePerYear: 0.4, limit: 66.88 });
    expect(row.predictedDiscardDate).toBe(after(21.55));
  });

  it('agrees on awkward series: noisy, flat, rising, one date, past the limit, beyond the horizon', async () => {
    const cases: MeasuredInspection[][] = [
      [grips('2019-03-07', 75.3, 75.9), grips('2020-11-30', 74.81, 75), grips('2023-02-14', 74.95, 74.1), grips('2026-07-01', 73.07, 73.3)],
      [grips('2021-01-01', 75, 75), grips('2024-01-01', 75, 75.2)],
      [grips('2021-01-01', 74, 75), grips('2024-01-01', 74.6, 75)],
      [grips('2024-05-05', 74, 75), grips('2024-05-05', 73, 75)],
      [grips('2010-01-01', 70, 75), grips('2012-01-01', 67, 75)],
      [grips('2020-01-01', 75.9, 76), grips('2026-01-01', 75.89, 76)],
      [
        grips('2022-01-01', 75, 75),
        { date: '2023-01-01', measurements: [{ key: 'gripDiameter1', value: 74 }] },
        grips('2024-01-01', 74.2, 76),
      ],
    ];
    for (const series of cases) expect(await derived((await measured(series)).id), JSON.stringify(series)).toEqual(expected(series));
  });

  it('follows the nominal size, and a skipped point refits as trend.ts does without it', async () => {
    const series = [grips('2020-01-01', 75, 75), grips('2022-01-01', 73.5, 74), grips('2025-01-01', 72.9, 73)];
    const other = await createDimension(handle.db, catalogue.subType.id, { name: '80 mm' });
    const { certificate: larger } = await createCertificate(handle.db, { catalogue: { ...catalogue, dimension: other } });
    const item = await measured(series, larger.id);
    expect(await derived(item.id)).toEqual(expected(series, 80));
    await run('update dimensions set nominal_size = 78 where id = $1', [other.id]);
    expect(await derived(item.id)).toEqual(expected(series, 78));
    const { rows } = await run(
      `select rate_per_year as "ratePerYear", discard_limit as "limit", predicted_discard_date::text as "predictedDiscardDate"
       from equipment_wear_rows($1, $2)`,
      [[item.id], [item.eventItems[0]]],
    );
    expect(rows[0]).toEqual(expected(series.slice(1), 78));
  });
});
