/** Stamped ids open, search and take chips without regard to case (docs/event-items.md "Stamped ids"). */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { createCertificate, createEquipment } from '../../../test/factories-items.ts';

const t = await setupTestApp();
const { certificate } = await createCertificate(t.db);
const item = await createEquipment(t.db, { stampedId: 'srch-low-1', certificateId: certificate.id });
await createEquipment(t.db, { stampedId: 'A-srch-low-1', certificateId: certificate.id });
const events = await t.loginAs({ level: 'Events' });
const foreignOnly = await t.loginAs({ level: 'Events', owners: [] });

const get = (url: string, who = events) =>
  t.app.inject({ method: 'GET', url: `/api${url}`, headers: { authorization: who.authorization } });

describe('stamped ids in any case', () => {
  it('open the item and come first in the search', async () => {
    const detail = await get('/Equipment/Item/SRCH-LOW-1');
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ rowId: item.id, stampedId: 'srch-low-1' });
    const search = await get('/Equipment/Search?search=SRCH-LOW-1');
    expect(search.json().items.map((row: { stampedId: string }) => row.stampedId)).toEqual(['srch-low-1', 'A-srch-low-1']);
    // The owner rule still holds: a user without that owner does not find it in any case.
    expect((await get('/Equipment/Item/SRCH-LOW-1', foreignOnly)).statusCode).toBe(404);
  });

  it('take a chip by the id in another case; a new chip code is stored upper-case', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/Chips',
      headers: { authorization: events.authorization },
      payload: { chipId: 'e28011aabbccdd01', stampedId: 'Srch-Low-1' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ chipId: 'E28011AABBCCDD01', stampedId: 'srch-low-1' });
    const { rows } = await t.db.execute(sql`select chip_id from chips where equipment_id = ${item.id}`);
    expect(rows).toEqual([{ chip_id: 'E28011AABBCCDD01' }]);
    expect((await get('/Equipment/Chip/e28011aabbccdd01')).json()).toMatchObject({ rowId: item.id });
  });
});
