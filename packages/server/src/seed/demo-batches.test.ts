import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.ts';
import { loadDemoData } from './demo.ts';

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
    } finally {
      await handle.close();
    }
  }, 60_000);
});
