import { messages } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { chipCode, createCertificate, createChip, createEquipment } from '../../../test/factories-items.ts';
import { chips, equipmentHistory } from '../../db/schema.ts';

const t = await setupTestApp();
const events = await t.loginAs({ level: 'Events' });

const { owner, certificate } = await createCertificate(t.db);
const item = await createEquipment(t.db, { certificateId: certificate.id });
const otherItem = await createEquipment(t.db, { certificateId: certificate.id });
const foreign = await createCertificate(t.db);
const foreignItem = await createEquipment(t.db, { certificateId: foreign.certificate.id });
const restricted = await t.loginAs({ level: 'Events', owners: [owner.id] });

const chipCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(chips))[0].n;
const add = (payload: object, authorization = events.authorization) =>
  t.app.inject({ method: 'POST', url: '/api/Chips', headers: { authorization }, payload });
const remove = (chipId: string, authorization = events.authorization) =>
  t.app.inject({ method: 'DELETE', url: `/api/Chips/${chipId}`, headers: { authorization } });
const list = (query = '', authorization = events.authorization) =>
  t.app.inject({ url: `/api/Chips/Chips${query}`, headers: { authorization } });

describe('POST /api/Chips', () => {
  it('puts a chip on an item; the item answers it, and no history row is written', async () => {
    const chipId = chipCode();
    const response = await add({ chipId, stampedId: item.stampedId });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ chipId, stampedId: item.stampedId, createdBy: events.email });
    const detail = (
      await t.app.inject({ url: `/api/Equipment/${item.stampedId}`, headers: { authorization: events.authorization } })
    ).json();
    expect(detail.chips.map((c: { chipId: string }) => c.chipId)).toContain(chipId);
    const history = await t.db.select().from(equipmentHistory).where(sql`${equipmentHistory.equipmentId} = ${item.id}`);
    expect(history).toHaveLength(1);
  });

  it("refuses a chip already in use with the spec's messages, writing nothing", async () => {
    const onThis = await createChip(t.db, { equipmentId: item.id });
    const onOther = await createChip(t.db, { equipmentId: otherItem.id });
    const onUser = await createChip(t.db, { userId: events.userId });
    const onForeign = await createChip(t.db, { equipmentId: foreignItem.id });
    const before = await chipCount();
    const refused = async (chipId: string, authorization = events.authorization) => {
      const response = await add({ chipId, stampedId: item.stampedId }, authorization);
      expect(response.statusCode).toBe(400);
      return response.json().errors.chipId;
    };
    expect(await refused(onThis.chipId.toLowerCase())).toEqual([messages.chipAlreadyOnThisEquipment]);
    expect(await refused(onOther.chipId)).toEqual([messages.chipAlreadyOnEquipment(otherItem.stampedId)]);
    expect(await refused(onUser.chipId)).toEqual([messages.unableToAddChip]);
    // Another owner's item is not named to a user restricted to this owner.
    expect(await refused(onForeign.chipId, restricted.authorization)).toEqual([messages.unableToAddChip]);
    expect(await refused(onForeign.chipId)).toEqual([messages.chipAlreadyOnEquipment(foreignItem.stampedId)]);
    expect(await chipCount()).toBe(before);
  });

  it('refuses Read level and external users (403), and a foreign item as unknown (400 on stampedId)', async () => {
    const before = await chipCount();
    expect(
      (await add({ chipId: chipCode(), stampedId: item.stampedId }, (await t.loginAs({ level: 'Read' })).authorization)).statusCode,
    ).toBe(403);
    const external = await t.loginAs({ type: 'Report', level: 'Admin', owners: [owner.id] });
    expect((await add({ chipId: chipCode(), stampedId: item.stampedId }, external.authorization)).statusCode).toBe(403);
    const foreignAdd = await add({ chipId: chipCode(), stampedId: foreignItem.stampedId }, restricted.authorization);
    expect(foreignAdd.statusCode).toBe(400);
    expect(foreignAdd.json().errors.stampedId).toEqual([`No equipment with stamped id ${foreignItem.stampedId}`]);
    expect(await chipCount()).toBe(before);
  });

  it('refuses a malformed chip code and a missing stamped id with 400 on the fields', async () => {
    const before = await chipCount();
    const response = await add({ chipId: 'ABC', stampedId: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ chipId: ['A chip code is 16 letters or digits'], stampedId: ['Stamped id is required'] });
    expect(await chipCount()).toBe(before);
  });
});

describe('DELETE /api/Chips/{chipId}', () => {
  it('takes the chip off its item, whatever the case typed', async () => {
    const chip = await createChip(t.db, { equipmentId: item.id });
    expect((await remove(chip.chipId.toLowerCase())).statusCode).toBe(204);
    expect((await remove(chip.chipId)).statusCode).toBe(404);
  });

  it("answers 404 for a user's chip and another owner's item's chip, removing nothing", async () => {
    const userChip = await createChip(t.db, { userId: (await t.loginAs({ level: 'Read' })).userId });
    const foreignChip = await createChip(t.db, { equipmentId: foreignItem.id });
    const before = await chipCount();
    expect((await remove(userChip.chipId)).statusCode).toBe(404);
    expect((await remove(foreignChip.chipId, restricted.authorization)).statusCode).toBe(404);
    expect(await chipCount()).toBe(before);
  });

  it('refuses Read level and external users (403) and a malformed code (400)', async () => {
    const chip = await createChip(t.db, { equipmentId: item.id });
    expect((await remove(chip.chipId, (await t.loginAs({ level: 'Read' })).authorization)).statusCode).toBe(403);
    const external = await t.loginAs({ type: 'Report', level: 'Admin', owners: [owner.id] });
    expect((await remove(chip.chipId, external.authorization)).statusCode).toBe(403);
    const bad = await remove('NOT-A-CHIP');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.id).toEqual(['A chip code is 16 letters or digits']);
  });
});

describe('GET /api/Chips/Chips', () => {
  it("pages the items' chips by chip id, searches their start, and leaves out users' chips and foreign items for a restricted user", async () => {
    const prefix = 'ZZLIST';
    const a = await createChip(t.db, { equipmentId: item.id, chipId: `${prefix}0000000001` });
    const b = await createChip(t.db, { equipmentId: foreignItem.id, chipId: `${prefix}0000000002` });
    await createChip(t.db, { userId: (await t.loginAs({ level: 'Read' })).userId, chipId: `${prefix}0000000003` });
    const all = (await list(`?search=${prefix.toLowerCase()}`)).json();
    expect(all).toMatchObject({ total: 2, page: 0 });
    expect(all.items).toEqual([
      expect.objectContaining({ chipId: a.chipId, stampedId: item.stampedId }),
      expect.objectContaining({ chipId: b.chipId, stampedId: foreignItem.stampedId }),
    ]);
    const mine = (await list(`?search=${prefix}`, restricted.authorization)).json();
    expect(mine.items.map((c: { chipId: string }) => c.chipId)).toEqual([a.chipId]);
    expect((await list('?pageSize=1')).json().items).toHaveLength(1);
    expect((await list('?search=100%25')).json().total).toBe(0);
  });

  it('refuses external users and level None (403), and a bad page size (400)', async () => {
    const external = await t.loginAs({ type: 'Report', level: 'Admin', owners: [owner.id] });
    expect((await list('', external.authorization)).statusCode).toBe(403);
    expect((await list('', (await t.loginAs({ level: 'None' })).authorization)).statusCode).toBe(403);
    expect(Object.keys((await list('?pageSize=0')).json().errors)).toEqual(['pageSize']);
  });
});
