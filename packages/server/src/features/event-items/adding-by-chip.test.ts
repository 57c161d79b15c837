/**
 * A chip scan is one request: POST component with `chipId` instead of the stamped id adds the item that
 * carries the chip (issue 22 part 4). Happy path, who may, and what is refused, each writing nothing.
 */
import { type EventItemsForEdit, eventItemMessages, messages, userMessages } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { createEvent } from '../../../test/factories.ts';
import { createEventTypeWithStatuses } from '../../../test/factories-folders.ts';
import { chipCode, createCertificate, createChip, createEquipment } from '../../../test/factories-items.ts';

const t = await setupTestApp();
const editor = await t.loginAs({ level: 'Events' });
const admin = await t.loginAs({ level: 'SystemAdministrator' });
const reader = await t.loginAs({ level: 'Read' });
const external = await t.loginAs({ level: 'SystemAdministrator', type: 'Report' });
const a = await createCertificate(t.db);
const b = await createCertificate(t.db);
const restricted = await t.loginAs({ level: 'Events', owners: [a.owner.id] });
const { type, statuses } = await createEventTypeWithStatuses(t.db, [{ name: 'OK', color: 'success', isDefault: true }]);
const [ok] = statuses;

const add = (as: { authorization: string }, eventId: number, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/EventComponents/${eventId}/component`, headers: { authorization: as.authorization }, payload });
const rows = async (eventId: number) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/EventComponents/${eventId}/GetChipsForEdit`,
      headers: { authorization: editor.authorization },
    })
  ).json<EventItemsForEdit>().items;
const newEvent = () => createEvent(t.db, { typeId: type.id });

/** An item (of a certificate, or unlinked) with one chip. */
async function chipped(certificateId?: number) {
  const item = await createEquipment(t.db, certificateId ? { certificateId } : {});
  const chip = await createChip(t.db, { equipmentId: item.id });
  return { item, chipId: chip.chipId };
}

describe('adding the item a scanned chip names', () => {
  it('adds it at the end with the status, whatever the case the reader types, and answers its row', async () => {
    const event = await newEvent();
    await add(editor, event.id, { stampedId: 'CHIP-FIRST-1' });
    const { item, chipId } = await chipped(a.certificate.id);
    const answer = await add(editor, event.id, { chipId: chipId.toLowerCase(), statusId: ok.id });
    expect(answer.statusCode).toBe(201);
    const [, row] = await rows(event.id);
    expect(row).toMatchObject({ sequence: 2, stampedId: item.stampedId, statusId: ok.id, ownerId: a.owner.id, anotherOwner: false });
    // The event component's fields and the editor's row: no certificate, chips or history of the equipment.
    expect(answer.json()).toEqual({ createdEquipment: false, item: { ...row, comment: null, files: [] }, warnings: expect.any(Array) });
    // The latest status follows the add, as by stamped id.
    const { rows: latest } = await t.db.execute(sql`select status_id from equipment_latest_status where equipment_id = ${item.id}`);
    expect(latest).toEqual([{ status_id: ok.id }]);
  });

  it('adds an unlinked item by its chip, to any internal user with Events level', async () => {
    const event = await newEvent();
    const loose = await chipped();
    const mine = await chipped(a.certificate.id);
    expect((await add(restricted, event.id, { chipId: loose.chipId })).statusCode).toBe(201);
    expect((await add(restricted, event.id, { chipId: mine.chipId })).statusCode).toBe(201);
    expect((await add(admin, event.id, { chipId: (await chipped(b.certificate.id)).chipId })).statusCode).toBe(201);
    expect((await rows(event.id)).map((r) => r.stampedId).slice(0, 2)).toEqual([loose.item.stampedId, mine.item.stampedId]);
  });
});

describe('who may scan into an event', () => {
  it('refuses Read level and external users (403), and writes nothing', async () => {
    const event = await newEvent();
    const { chipId } = await chipped();
    expect((await add(reader, event.id, { chipId })).statusCode).toBe(403);
    expect((await add(external, event.id, { chipId })).statusCode).toBe(403);
    expect(await rows(event.id)).toEqual([]);
  });

  it("refuses a restricted user another owner's item by its chip with 'Not available to you' on chipId, naming no owner", async () => {
    const event = await newEvent();
    const theirs = await chipped(b.certificate.id);
    const refused = await add(restricted, event.id, { chipId: theirs.chipId });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ chipId: [eventItemMessages.notAvailable] });
    expect(refused.body).not.toContain(b.owner.name);
    expect(refused.body).not.toContain(theirs.item.stampedId);
    expect(await rows(event.id)).toEqual([]);
  });
});

describe('bad scans', () => {
  it("answers 'No equipment found with chip {code}' for an unknown chip and for a user's chip", async () => {
    const event = await newEvent();
    const unknown = chipCode();
    const answer = await add(editor, event.id, { chipId: unknown });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      message: messages.noEquipmentWithChip(unknown),
      errors: { chipId: [messages.noEquipmentWithChip(unknown)] },
    });
    const personal = await createChip(t.db, { userId: reader.userId });
    expect((await add(editor, event.id, { chipId: personal.chipId })).json().errors.chipId).toEqual([
      messages.noEquipmentWithChip(personal.chipId),
    ]);
    expect(await rows(event.id)).toEqual([]);
  });

  it('needs a stamped id or a chip, not both, and a chip code of 16 letters or digits', async () => {
    const event = await newEvent();
    const { item, chipId } = await chipped();
    const both = await add(editor, event.id, { stampedId: item.stampedId, chipId });
    expect(both.statusCode).toBe(400);
    expect(both.json().errors).toEqual({ chipId: [eventItemMessages.stampedIdOrChip] });
    const neither = await add(editor, event.id, { statusId: ok.id });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().errors).toEqual({ stampedId: [messages.required('Stamped id')] });
    const short = await add(editor, event.id, { chipId: 'ABC' });
    expect(short.json().errors).toEqual({ chipId: [userMessages.chipCode] });
    expect(await rows(event.id)).toEqual([]);
  });

  it('refuses a chip whose item is already in the event, and answers 404 for a missing event', async () => {
    const event = await newEvent();
    const { item, chipId } = await chipped();
    expect((await add(editor, event.id, { chipId })).statusCode).toBe(201);
    const twice = await add(editor, event.id, { chipId });
    expect(twice.json().errors).toEqual({ chipId: [eventItemMessages.alreadyInEvent(item.stampedId)] });
    expect((await add(editor, 999_999, { chipId })).statusCode).toBe(404);
    expect((await add(editor, 999_999, { chipId: chipCode() })).statusCode).toBe(404);
    expect((await rows(event.id)).map((r) => r.stampedId)).toEqual([item.stampedId]);
  });
});
