/**
 * Event item versions (decision 083): each change of an item's status or comment makes a new version;
 * PUT component/{id} with `baseVersion` applies only to that version, else answers 409 with the values
 * stored and the ones sent, writing nothing. The rest of the PUT (fields, access) is routes.test.ts's.
 */
import { type EventItemsForEdit, eventItemMessages, IDEMPOTENCY_HEADER, idempotencyMessages, signOffMessages } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { createEvent } from '../../../test/factories.ts';
import { createEventTypeWithStatuses } from '../../../test/factories-folders.ts';
import { createCertificate, createEquipment } from '../../../test/factories-items.ts';

const t = await setupTestApp();
const editor = await t.loginAs({ level: 'Events' });
const other = await t.loginAs({ level: 'Events' });
const reader = await t.loginAs({ level: 'Read' });
const external = await t.loginAs({ level: 'SystemAdministrator', type: 'Report' });
const { type, statuses } = await createEventTypeWithStatuses(t.db, [
  { name: 'OK', color: 'success', isDefault: true },
  { name: 'Replace', color: 'danger', meaning: 'condemned' },
]);
const [ok, replace] = statuses;
const a = await createCertificate(t.db);
const b = await createCertificate(t.db);
const restricted = await t.loginAs({ level: 'Events', owners: [a.owner.id] });

const base = (eventId: number) => `/api/EventComponents/${eventId}`;
const put = (as: { authorization: string }, url: string, payload: object, key?: string) =>
  t.app.inject({ method: 'PUT', url, headers: { authorization: as.authorization, ...(key && { [IDEMPOTENCY_HEADER]: key }) }, payload });
const rows = async (eventId: number) =>
  (
    await t.app.inject({ method: 'GET', url: `${base(eventId)}/GetChipsForEdit`, headers: { authorization: editor.authorization } })
  ).json<EventItemsForEdit>().items;

/** An event with A's item and B's item, both OK, at version 2 (the import's status is version 1). */
async function setup() {
  const event = await createEvent(t.db, { typeId: type.id });
  const mine = await createEquipment(t.db, { certificateId: a.certificate.id });
  const theirs = await createEquipment(t.db, { certificateId: b.certificate.id });
  await t.app.inject({
    method: 'POST',
    url: `${base(event.id)}/componentsImport`,
    headers: { authorization: editor.authorization },
    payload: { stampedIds: [mine.stampedId, theirs.stampedId], statusId: ok.id },
  });
  const [own, foreign] = await rows(event.id);
  for (const item of [own, foreign]) await put(editor, `${base(event.id)}/component/${item.id}`, { comment: 'Checked' });
  return { event, own: { ...own, version: own.version + 1 }, foreign: { ...foreign, version: foreign.version + 1 } };
}

describe('event item versions', () => {
  it('start at 1 and grow with each change of status or comment (set on all too), not with the flag', async () => {
    const { event, own } = await setup();
    expect(own.version).toBe(2);
    const url = `${base(event.id)}/component/${own.id}`;
    const changed = await put(editor, url, { statusId: replace.id, baseVersion: 2 });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ statusId: replace.id, version: 3 });
    expect((await put(editor, url, { notifications: true })).json().version).toBe(3);
    const all = await t.app.inject({
      method: 'POST',
      url: `${base(event.id)}/SetStatusOnAll`,
      headers: { authorization: editor.authorization },
      payload: { statusId: ok.id },
    });
    expect(all.statusCode).toBe(200);
    expect((await rows(event.id)).map((row) => row.version)).toEqual([4, 3]);
  });

  it('refuses a change based on an older version with 409, the values stored and the ones sent, writing nothing', async () => {
    const { event, own } = await setup();
    const url = `${base(event.id)}/component/${own.id}`;
    // Another session changes the item; a change made offline on version 2 arrives after it.
    expect((await put(other, url, { statusId: replace.id, comment: 'Cracked link', baseVersion: 2 })).statusCode).toBe(200);
    const stale = await put(editor, url, { statusId: ok.id, baseVersion: 2 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      message: eventItemMessages.changedMeanwhile,
      conflict: { version: 3, current: { statusId: replace.id, comment: 'Cracked link', notifications: false }, sent: { statusId: ok.id } },
    });
    const [row] = await rows(event.id);
    expect([row.statusId, row.version]).toEqual([replace.id, 3]);
    // Choosing the value sent: the same change based on the version now stored.
    expect((await put(editor, url, { statusId: ok.id, baseVersion: 3 })).json()).toMatchObject({ statusId: ok.id, version: 4 });
    // Without a base version a change applies as before.
    expect((await put(editor, url, { comment: 'Any' })).statusCode).toBe(200);
  });

  it('refuses a bad base version (400) and a bad Idempotency-Key (400), writing nothing; a base version alone changes nothing', async () => {
    const { event, own } = await setup();
    const url = `${base(event.id)}/component/${own.id}`;
    for (const baseVersion of [0, -1, 1.5, 'two', null]) {
      const answer = await put(editor, url, { statusId: replace.id, baseVersion });
      expect(answer.statusCode, String(baseVersion)).toBe(400);
      expect(answer.json().errors.baseVersion).toBeDefined();
    }
    expect((await put(editor, url, { baseVersion: 2 })).statusCode).toBe(400);
    const badKey = await put(editor, url, { statusId: replace.id, baseVersion: 2 }, 'not a key');
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().errors['Idempotency-Key']).toEqual([idempotencyMessages.badKey]);
    const [row] = await rows(event.id);
    expect([row.statusId, row.version]).toEqual([ok.id, 2]);
  });

  it('runs a change sent twice with its key once: the second gets the first answer, not a conflict', async () => {
    const { event, own } = await setup();
    const url = `${base(event.id)}/component/${own.id}`;
    const first = await put(editor, url, { statusId: replace.id, baseVersion: 2 }, 'offline-change-1');
    const again = await put(editor, url, { statusId: replace.id, baseVersion: 2 }, 'offline-change-1');
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await rows(event.id))[0].version).toBe(3);
  });

  it('lets no one below Events level or of another user type change, and answers 404 for another owner’s item', async () => {
    const { event, own, foreign } = await setup();
    const body = { statusId: replace.id, baseVersion: 2 };
    expect((await put(reader, `${base(event.id)}/component/${own.id}`, body)).statusCode).toBe(403);
    expect((await put(external, `${base(event.id)}/component/${own.id}`, body)).statusCode).toBe(403);
    // Not even the version of another owner's item is told: 404, as a missing item.
    const theirs = await put(restricted, `${base(event.id)}/component/${foreign.id}`, { statusId: replace.id, baseVersion: 1 });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().conflict).toBeUndefined();
    expect((await put(restricted, `${base(event.id)}/component/${own.id}`, body)).statusCode).toBe(200);
    expect((await rows(event.id)).map((row) => [row.statusId, row.version])).toEqual([
      [replace.id, 3],
      [ok.id, 2],
    ]);
  });

  it('answers a change of a signed-off event with the seal, whatever its version', async () => {
    const { event, own, foreign } = await setup();
    await t.app.inject({
      method: 'DELETE',
      url: `${base(event.id)}/component/${foreign.id}`,
      headers: { authorization: editor.authorization },
    });
    const signed = await t.app.inject({
      method: 'POST',
      url: `/api/Events/${event.id}/SignOff`,
      headers: { authorization: editor.authorization },
      payload: { inspector: 'Kari Nordmann', qualification: 'Level 2 MPI', company: 'Nordic Rope Survey AS' },
    });
    expect(signed.statusCode).toBe(201);
    const sealed = await put(editor, `${base(event.id)}/component/${own.id}`, { statusId: replace.id, baseVersion: own.version });
    expect(sealed.statusCode).toBe(409);
    expect(sealed.json().message).toBe(signOffMessages.sealed);
  });
});
