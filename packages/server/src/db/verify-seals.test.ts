/** `npm run verify-seals` (db/verify-seals.ts): the whole chain intact, then each kind of break named at its seal. */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/app.ts';
import { createEvent } from '../../test/factories.ts';
import { samplePng } from '../../test/factories-files.ts';
import { createEventTypeWithStatuses } from '../../test/factories-folders.ts';
import { createCertificate, createEquipment, createEventItem } from '../../test/factories-items.ts';
import { oneFile } from '../../test/multipart.ts';
import { verifySeals } from './verify-seals.ts';

const t = await setupTestApp();
const editor = await t.loginAs({ level: 'Events' });
const { type, statuses } = await createEventTypeWithStatuses(t.db, [
  { name: 'OK', color: 'success', isDefault: true, meaning: 'fit' },
  { name: 'Replace', color: 'danger', meaning: 'condemned' },
]);
const [ok, replace] = statuses;
const { certificate } = await createCertificate(t.db);
const inspector = { inspector: 'Kari Nordmann', qualification: 'Level 2 MPI', company: 'Nordic Rope Survey AS' };

const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { authorization: editor.authorization }, payload });

/** A signed-off event of two items, the first with an image. */
async function signedEvent() {
  const event = await createEvent(t.db, { typeId: type.id });
  const rows = [];
  for (const sequence of [1, 2]) {
    const item = await createEquipment(t.db, { certificateId: certificate.id });
    rows.push(await createEventItem(t.db, { eventId: event.id, equipmentId: item.id, sequence, statusId: ok.id }));
  }
  const image = oneFile('crown.png', samplePng());
  const uploaded = await t.app.inject({
    method: 'POST',
    url: `/api/EventComponents/${event.id}/component/${rows[0].id}/images`,
    headers: { authorization: editor.authorization, ...image.headers },
    payload: image.payload,
  });
  expect(uploaded.statusCode).toBe(201);
  expect((await post(`/api/Events/${event.id}/SignOff`, inspector)).statusCode).toBe(201);
  return { event, rows, fileId: uploaded.json().id as number };
}

/** A change behind the portal: the seal trigger of the table switched off for it. */
const behindThePortal = (table: string, trigger: string, change: ReturnType<typeof sql>) =>
  t.db.transaction(async (tx) => {
    await tx.execute(sql.raw(`alter table ${table} disable trigger ${trigger}`));
    await tx.execute(change);
    await tx.execute(sql.raw(`alter table ${table} enable trigger ${trigger}`));
  });

describe('verify-seals', () => {
  it('walks an intact chain of sign-offs and amendments, rehashing the stored files', async () => {
    const first = await signedEvent();
    await signedEvent();
    const amended = await post(`/api/Events/${first.event.id}/Amendments`, {
      eventComponentId: first.rows[1].id,
      statusId: replace.id,
      comment: 'Crack found on re-reading the MPI film',
      reason: 'Film read again',
    });
    expect(amended.statusCode, amended.body).toBe(201);
    expect(await verifySeals(t.db)).toEqual({ seals: 3, files: 2, broken: null });
  });

  it('names the first seal whose files, rows or link were changed', async () => {
    const { event } = await signedEvent();
    const [{ id: sealId }] = (
      await t.db.execute<{ id: number }>(sql`select id::int from event_seals where event_id = ${event.id} and kind = 'signOff'`)
    ).rows;
    const [{ file_id: fileId }] = (
      await t.db.execute<{ file_id: number }>(
        sql`select im.file_id from event_item_images im join event_items ei on ei.id = im.event_item_id where ei.event_id = ${event.id}`,
      )
    ).rows;

    // The image's stored bytes replaced: its SHA-256 column still holds the old hash.
    await t.db.execute(sql`update files set data = ${Buffer.from('not the image')} where id = ${fileId}`);
    const bytes = await verifySeals(t.db);
    expect(bytes.broken).toEqual({
      sealId,
      eventId: event.id,
      kind: 'signOff',
      problem: `the stored bytes of file ${fileId} (crown.png) no longer give its SHA-256`,
    });
    expect(bytes.seals).toBe(4);
    await t.db.execute(sql`update files set data = ${samplePng()} where id = ${fileId}`);
    expect((await verifySeals(t.db)).broken).toBeNull();

    // A sealed item's status changed by SQL.
    await behindThePortal(
      'event_items',
      'seal_event_items',
      sql`update event_items set status_id = ${replace.id} where event_id = ${event.id}`,
    );
    expect((await verifySeals(t.db)).broken).toMatchObject({ sealId, problem: 'the event or its items differ from what was signed off' });
    await behindThePortal('event_items', 'seal_event_items', sql`update event_items set status_id = ${ok.id} where event_id = ${event.id}`);
    expect((await verifySeals(t.db)).broken).toBeNull();

    // A link of the chain rewritten.
    await t.db.execute(sql`alter table event_seals disable trigger user`);
    await t.db.execute(sql`update event_seals set previous_hash = repeat('0', 64) where id = ${sealId}`);
    await t.db.execute(sql`alter table event_seals enable trigger user`);
    expect((await verifySeals(t.db)).broken).toMatchObject({ sealId, problem: 'its previous hash is not the hash of the seal before it' });
  });
});
