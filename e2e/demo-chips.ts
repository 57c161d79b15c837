/**
 * No API lists equipment chips yet, and the e2e server's embedded database cannot be opened from a
 * second process. The demo data is reproducible (seeded), so loading it into a scratch embedded
 * database gives the same chip codes as the server's; the journey then proves it by the server's answer.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openEmbedded } from '../packages/server/src/db/client.ts';
import { runMigrations } from '../packages/server/src/db/migrate.ts';
import { loadDemoData } from '../packages/server/src/seed/demo.ts';

/** A chip code that the demo data puts on an equipment item. */
export async function demoEquipmentChip(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-e2e-chips-'));
  const handle = await openEmbedded(dir);
  try {
    await runMigrations(handle.db);
    await loadDemoData(handle.db);
    const { rows } = await handle.pool.query<{ chip_id: string }>(
      'select chip_id from chips where equipment_id is not null order by chip_id limit 1',
    );
    return rows[0].chip_id;
  } finally {
    await handle.close();
    await rm(dir, { recursive: true, force: true });
  }
}
