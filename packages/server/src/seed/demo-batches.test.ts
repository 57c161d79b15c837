import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.ts';
import { loadDemoData } from './demo.ts';

describe('demo data: certificates', () => {
  it('has batch certificates of many rows on several owners, besides the small ones', async () => {
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
    } finally {
      await handle.close();
    }
  }, 60_000);
});
