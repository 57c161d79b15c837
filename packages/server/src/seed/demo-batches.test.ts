import { evaluate, type Measurement, type StatusMeaning, type TemplateDefinition } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.ts';
import { pdfText } from '../../test/pdf.ts';
import { loadDemoData } from './demo.ts';

describe('demo data: chain readings', () => {
  it('has chain items measured over inspections, the criteria agreeing with each status given, and some predicted to reach discard', async () => {
    const handle = await createTestDatabase();
    try {
      await loadDemoData(handle.db);
      const { rows } = await handle.db.execute<{
        measurements: Measurement[];
        definition: TemplateDefinition;
        nominal: string;
        meaning: StatusMeaning;
        proposed: boolean;
      }>(sql`
        select i.measurements, v.definition, d.nominal_size as nominal, f.meaning, i.proposed_status_id = i.status_id as proposed
        from event_items i join measurement_template_versions v on v.id = i.measurement_version_id
        join folders f on f.id = i.status_id
        join equipment q on q.id = i.equipment_id join certificates c on c.id = q.certificate_id
        join dimensions d on d.id = c.dimension_id`);
      expect(rows.length).toBeGreaterThan(50);
      const judged = rows.map(
        (row) => evaluate(row.definition, row.measurements, { nominalSize: Number(row.nominal), nominalUnit: 'mm' }).meaning,
      );
      expect(judged).toEqual(rows.map((row) => row.meaning));
      expect(new Set(judged)).toEqual(new Set(['fit', 'monitor', 'condemned']));
      expect(rows.every((row) => row.proposed)).toBe(true);
      // Trends: most worsen; some items' lines reach the condemned limit within two years of today.
      const { rows: wear } = await handle.db.execute<{ trends: number; soon: number }>(sql`
        select count(*)::int as trends,
          count(*) filter (where predicted_discard_date <= current_date + interval '24 months')::int as soon
        from equipment_wear where not hidden`);
      expect(wear[0].trends).toBeGreaterThan(20);
      expect(wear[0].soon).toBeGreaterThan(0);
    } finally {
      await handle.close();
    }
  }, 60_000);
});

describe('demo data: certificates and help', () => {
  it('has batch certificates of many rows on several owners, besides the small ones, and help files', async () => {
    const handle = await createTestDatabase();
    try {
      await loadDemoData(handle.db);
      const { rows } = await handle.db.execute<{ owner_id: number; certificate_number: string; items: number }>(sql`
        select c.owner_id, c.certificate_number, count(e.id)::int as items
        from certificates c join equipment e on e.certificate_id = c.id
        group by c.id order by items desc limit 3`);
      expect(rows[0]).toMatchObject({ owner_id: 1, certificate_number: 'LC-2022-BATCH-0417', items: 320 });
      expect(rows[1]).toMatchObject({ owner_id: 83, certificate_number: 'GL-2023-BATCH-0088', items: 140 });
      expect(rows[2].items).toBeLessThanOrEqual(8);
      // And a few help files (spec section 2 "Help"), each a PDF that downloads.
      const help = await handle.db.execute<{ file_name: string; content_type: string }>(sql`
        select f.file_name, f.content_type from help_files h join files f on f.id = h.file_id order by f.file_name`);
      expect(help.rows.map((row) => row.file_name)).toEqual([
        'Getting started with the portal.pdf',
        'Mooring inspection checklist.pdf',
        'Scanning chips.pdf',
      ]);
      // Most certificates of owners 1 and 83 have their scanned certificate, written from their own facts.
      const files = await handle.db.execute<{ owner_id: number; with_file: number; total: number }>(sql`
        select owner_id, count(file_id)::int as with_file, count(*)::int as total
        from certificates where owner_id in (1, 83) group by owner_id order by owner_id`);
      for (const row of files.rows) expect(row.with_file / row.total).toBeGreaterThan(0.7);
      expect(files.rows.map((row) => row.owner_id)).toEqual([1, 83]);
      const { rows: sample } = await handle.db.execute<{
        data: Buffer;
        number: string;
        manufacturer: string;
        owner: string;
        ids: string[];
      }>(sql`
        select f.data, c.certificate_number as number, c.manufacturer, o.name as owner,
          array(select e.stamped_id from equipment e where e.certificate_id = c.id order by e.stamped_id) as ids
        from certificates c join files f on f.id = c.file_id join owners o on o.id = c.owner_id
        where c.owner_id = 83 and c.certificate_number not like '%BATCH%' order by c.id limit 1`);
      const text = pdfText(sample[0].data);
      for (const fact of [sample[0].number, sample[0].manufacturer, sample[0].owner]) expect(text).toContain(fact);
      for (const id of sample[0].ids) expect(text).toContain(id);
    } finally {
      await handle.close();
    }
  }, 60_000);
});
