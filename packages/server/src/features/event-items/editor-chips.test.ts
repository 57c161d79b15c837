/**
 * The editor's rows carry each item's chip codes (decision 084), so a device that goes offline knows
 * which item a scanned chip is on: happy path, who may read them, and what is refused.
 */
import type { EventItemsForEdit } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { createEvent } from '../../../test/factories.ts';
import { createCertificate, createChip, createEquipment } from '../../../test/factories-items.ts';

const t = await setupTestApp();
const editor = await t.loginAs({ level: 'Events' });
const reader = await t.loginAs({ level: 'Read' });
const external = await t.loginAs({ level: 'SystemAdministrator', type: 'Report' });
const a = await createCertificate(t.db);
const b = await createCertificate(t.db);
const restricted = await t.loginAs({ level: 'Read', owners: [a.owner.id] });

const get = (as: { authorization: string }, eventId: number | string) =>
  t.app.inject({ method: 'GET', url: `/api/EventComponents/${eventId}/GetChipsForEdit`, headers: { authorization: as.authorization } });

/** An event with A's item (two chips), B's item (one chip) and an unlinked item without chips. */
async function setup() {
  const event = await createEvent(t.db);
  const mine = await createEquipment(t.db, { certificateId: a.certificate.id });
  const theirs = await createEquipment(t.db, { certificateId: b.certificate.id });
  const bare = await createEquipment(t.db);
  const mineChips = [await createChip(t.db, { equipmentId: mine.id }), await createChip(t.db, { equipmentId: mine.id })].map(
    (c) => c.chipId,
  );
  const theirChip = (await createChip(t.db, { equipmentId: theirs.id })).chipId;
  const imported = await t.app.inject({
    method: 'POST',
    url: `/api/EventComponents/${event.id}/componentsImport`,
    headers: { authorization: editor.authorization },
    payload: { stampedIds: [mine.stampedId, theirs.stampedId, bare.stampedId] },
  });
  expect(imported.statusCode).toBe(201);
  return { event, mineChips: mineChips.sort(), theirChip };
}

describe("the editor rows' chip codes", () => {
  it('lists each item its chips, sorted, and none for an item without', async () => {
    const { event, mineChips, theirChip } = await setup();
    for (const as of [editor, reader]) {
      const answer = await get(as, event.id);
      expect(answer.statusCode).toBe(200);
      expect(answer.json<EventItemsForEdit>().items.map((row) => row.chips)).toEqual([mineChips, [theirChip], []]);
    }
  });

  it("tells a user restricted to some owners no chip of another owner's item (an unlinked item is anyone's)", async () => {
    const { event, mineChips } = await setup();
    const rows = (await get(restricted, event.id)).json<EventItemsForEdit>().items;
    expect(rows.map((row) => [row.anotherOwner, row.chips])).toEqual([
      [false, mineChips],
      [true, []],
      [false, []],
    ]);
  });

  it('is refused to external users, and answers 400 for a bad event id and 404 for no such event', async () => {
    const { event } = await setup();
    expect((await get(external, event.id)).statusCode).toBe(403);
    expect((await get(reader, 'abc')).statusCode).toBe(400);
    expect((await get(reader, 999_999)).statusCode).toBe(404);
  });
});
