/**
 * Events store the event they were copied from (issue 29 part 2, decision 084): POST /Events with
 * eventToCopyFromId sets it, with equipment or without; the editor's header (GET equipmentDetails)
 * answers it; deleting the source leaves the copy with none. Events span owners (docs/security.md rule
 * 17): a user restricted to some owners learns the source's id, and of its items no more than its rows
 * tell anyone of theirs (another owner's: place and stamped id).
 */
import type { EventEquipmentDetails, EventItemsForEdit } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { createEvent } from '../../../test/factories.ts';
import { createEventTypeWithStatuses } from '../../../test/factories-folders.ts';
import { createCertificate, createChip, createEquipment, createEventItem } from '../../../test/factories-items.ts';

const t = await setupTestApp();
const { type } = await createEventTypeWithStatuses(t.db, [{ name: 'OK', color: 'success', isDefault: true }]);
const writer = await t.loginAs({ level: 'Events' });
const reader = await t.loginAs({ level: 'Read' });
const external = await t.loginAs({ level: 'SystemAdministrator', type: 'Report' });
const a = await createCertificate(t.db);
const b = await createCertificate(t.db);
const restricted = await t.loginAs({ level: 'Events', owners: [a.owner.id] });

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, as: { authorization: string }, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: { authorization: as.authorization }, payload });
const header = async (eventId: number, as = reader) =>
  (await call('GET', `/EventComponents/${eventId}/equipmentDetails`, as)).json<EventEquipmentDetails>();

/** A source event with A's item (chipped) and B's item (chipped). */
async function source() {
  const event = await createEvent(t.db, { typeId: type.id });
  const mine = await createEquipment(t.db, { certificateId: a.certificate.id });
  const theirs = await createEquipment(t.db, { certificateId: b.certificate.id });
  await createChip(t.db, { equipmentId: mine.id });
  await createChip(t.db, { equipmentId: theirs.id });
  await createEventItem(t.db, { eventId: event.id, equipmentId: mine.id, sequence: 1 });
  await createEventItem(t.db, { eventId: event.id, equipmentId: theirs.id, sequence: 2 });
  return { event, mine, theirs };
}
describe('the event a copy was copied from', () => {
  it('is stored by a copy with equipment and without, answered in the editor header, null for a new event', async () => {
    const { event } = await source();
    const base = await header(event.id);
    const values = { type: type.id, rig: base.rig.id, referenceNo: base.referenceNo.id, eventDate: '2026-11-06' };
    const without = await call('POST', '/Events', writer, { ...values, eventToCopyFromId: event.id });
    const withItems = await call('POST', '/Events', writer, { ...values, eventToCopyFromId: event.id, createWithEquipment: true });
    const fresh = await call('POST', '/Events', writer, values);
    for (const created of [without, withItems, fresh]) expect(created.statusCode).toBe(201);
    expect((await header(without.json().id)).copiedFromEventId).toBe(event.id);
    expect(await header(withItems.json().id)).toMatchObject({ copiedFromEventId: event.id, itemCount: 2 });
    expect((await header(fresh.json().id)).copiedFromEventId).toBeNull();
    expect(base.copiedFromEventId).toBeNull();
    // The source deleted: the copy stays, copied from nothing.
    expect((await call('DELETE', `/Events/${event.id}`, writer)).statusCode).toBe(204);
    expect((await header(without.json().id)).copiedFromEventId).toBeNull();
  });

  it("tells a restricted user the source's id and, of its items, another owner's only by place and stamped id", async () => {
    const { event, theirs } = await source();
    const base = await header(event.id);
    const values = { type: type.id, rig: base.rig.id, referenceNo: base.referenceNo.id, eventDate: '2026-11-07' };
    const created = await call('POST', '/Events', restricted, { ...values, eventToCopyFromId: event.id, createWithEquipment: true });
    expect(created.statusCode).toBe(201);
    const copied = await header(created.json().id, restricted);
    // B's item is left out of a restricted user's copy with equipment (routes.test.ts); the source is named.
    expect(copied).toMatchObject({ copiedFromEventId: event.id, itemCount: 1 });
    const rows = (await call('GET', `/EventComponents/${event.id}/GetChipsForEdit`, restricted)).json<EventItemsForEdit>().items;
    expect(rows[1]).toMatchObject({ stampedId: theirs.stampedId, anotherOwner: true, ownerId: null, description: null, chips: [] });
  });

  it('is refused where the copy is: below Events level, to external users, for a bad or missing event to copy', async () => {
    const { event } = await source();
    const base = await header(event.id);
    const values = { type: type.id, rig: base.rig.id, referenceNo: base.referenceNo.id, eventDate: '2026-11-08' };
    expect((await call('POST', '/Events', reader, { ...values, eventToCopyFromId: event.id })).statusCode).toBe(403);
    expect((await call('POST', '/Events', external, { ...values, eventToCopyFromId: event.id })).statusCode).toBe(403);
    expect((await call('GET', `/EventComponents/${event.id}/equipmentDetails`, external)).statusCode).toBe(403);
    const bad = await call('POST', '/Events', writer, { ...values, eventToCopyFromId: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['eventToCopyFromId']);
    const missing = await call('POST', '/Events', writer, { ...values, eventToCopyFromId: 999_999 });
    expect(missing.json().errors).toEqual({ eventToCopyFromId: ['The event to copy was not found'] });
  });
});
