/** Idempotency-Key on every signed-in write (docs/security.md rule 26): one run per key, its answer replayed for a day. */
import { IDEMPOTENCY_HEADER, IDEMPOTENT_REPLAY_HEADER, idempotencyMessages } from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/app.ts';
import { createFolder } from '../../test/factories.ts';
import { createEventTypeWithStatuses } from '../../test/factories-folders.ts';
import { events, idempotentAnswers } from '../db/schema.ts';

const t = await setupTestApp();
const { type } = await createEventTypeWithStatuses(t.db, [{ name: 'OK', color: 'success', isDefault: true }]);
const rig = await createFolder(t.db, 'rig', { name: 'Idempotent rig' });
const project = await createFolder(t.db, 'project', { name: 'Idempotent project', parentId: rig.id });
const writer = await t.loginAs({ level: 'Events' });

let keys = 0;
const freshKey = () => `test-key-${++keys}-${Date.now()}`;
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, options: { key?: string; payload?: object; authorization?: string } = {}) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: { authorization: options.authorization ?? writer.authorization, ...(options.key && { [IDEMPOTENCY_HEADER]: options.key }) },
    payload: options.payload,
  });
const eventBody = (documentNo: string) => ({
  type: type.id,
  rig: rig.id,
  referenceNo: project.id,
  eventDate: '2026-05-04',
  documentNo,
});
const eventsWith = async (documentNo: string) => t.db.select().from(events).where(eq(events.documentNo, documentNo));

describe('Idempotency-Key', () => {
  it('a double-submitted POST /Events creates one event; the second call gets the same answer, marked replayed', async () => {
    const key = freshKey();
    const first = await send('POST', '/Events', { key, payload: eventBody('IDEM-1') });
    expect(first.statusCode).toBe(201);
    expect(first.headers[IDEMPOTENT_REPLAY_HEADER]).toBeUndefined();
    const again = await send('POST', '/Events', { key, payload: eventBody('IDEM-1') });
    expect(again.statusCode).toBe(201);
    expect(again.headers[IDEMPOTENT_REPLAY_HEADER]).toBe('true');
    expect(again.body).toBe(first.body);
    expect(await eventsWith('IDEM-1')).toHaveLength(1);
    // Without the key each call is its own.
    await send('POST', '/Events', { payload: eventBody('IDEM-1') });
    expect(await eventsWith('IDEM-1')).toHaveLength(2);
  });

  it('two calls at once with one key create one event, and both answer it', async () => {
    const key = freshKey();
    const [a, b] = await Promise.all([
      send('POST', '/Events', { key, payload: eventBody('IDEM-2') }),
      send('POST', '/Events', { key, payload: eventBody('IDEM-2') }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().id).toBe(b.json().id);
    expect(await eventsWith('IDEM-2')).toHaveLength(1);
  });

  it('the same key for another request answers 422 and runs nothing; another user has keys of their own', async () => {
    const key = freshKey();
    expect((await send('POST', '/Events', { key, payload: eventBody('IDEM-3') })).statusCode).toBe(201);
    const other = await send('POST', '/Events', { key, payload: eventBody('IDEM-3b') });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ status: 422, title: 'Generic Error', message: idempotencyMessages.otherRequest });
    expect(await eventsWith('IDEM-3b')).toHaveLength(0);
    const colleague = await t.loginAs({ level: 'Events' });
    const theirs = await send('POST', '/Events', { key, payload: eventBody('IDEM-3'), authorization: colleague.authorization });
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers[IDEMPOTENT_REPLAY_HEADER]).toBeUndefined();
    expect(await eventsWith('IDEM-3')).toHaveLength(2);
  });

  it('an answer is not kept after an error, so the corrected call runs with the same key', async () => {
    const key = freshKey();
    const bad = await send('POST', '/Events', { key, payload: { ...eventBody('IDEM-4'), eventDate: 'not a date' } });
    expect(bad.statusCode).toBe(400);
    const good = await send('POST', '/Events', { key, payload: eventBody('IDEM-4') });
    expect(good.statusCode).toBe(201);
    expect(await eventsWith('IDEM-4')).toHaveLength(1);
  });

  it('holds on PUT and DELETE too: a repeated delete answers its first 204, not 404', async () => {
    const id = (await send('POST', '/Events', { payload: eventBody('IDEM-5') })).json().id;
    const key = freshKey();
    expect((await send('DELETE', `/Events/${id}`, { key })).statusCode).toBe(204);
    const again = await send('DELETE', `/Events/${id}`, { key });
    expect(again.statusCode).toBe(204);
    expect(again.headers[IDEMPOTENT_REPLAY_HEADER]).toBe('true');
    expect((await send('DELETE', `/Events/${id}`, { key: freshKey() })).statusCode).toBe(404);
  });

  it('keeps an answer for a day: after that the key runs again', async () => {
    const key = freshKey();
    expect((await send('POST', '/Events', { key, payload: eventBody('IDEM-6') })).statusCode).toBe(201);
    await t.db.update(idempotentAnswers).set({ createdAt: sql`now() - interval '25 hours'` }).where(eq(idempotentAnswers.key, key));
    const later = await send('POST', '/Events', { key, payload: eventBody('IDEM-6') });
    expect(later.statusCode).toBe(201);
    expect(later.headers[IDEMPOTENT_REPLAY_HEADER]).toBeUndefined();
    expect(await eventsWith('IDEM-6')).toHaveLength(2);
  });

  it('refuses a malformed key with 400 on the header; a refused caller keeps nothing', async () => {
    for (const key of ['has space', 'x'.repeat(201), 'tab\there']) {
      const response = await send('POST', '/Events', { key, payload: eventBody('IDEM-7') });
      expect(response.statusCode, key).toBe(400);
      expect(response.json().errors).toEqual({ 'Idempotency-Key': [idempotencyMessages.badKey] });
    }
    const reader = await t.loginAs({ level: 'Read' });
    const key = freshKey();
    expect((await send('POST', '/Events', { key, payload: eventBody('IDEM-7'), authorization: reader.authorization })).statusCode).toBe(
      403,
    );
    expect(await eventsWith('IDEM-7')).toHaveLength(0);
    expect(await t.db.select().from(idempotentAnswers).where(eq(idempotentAnswers.key, key))).toHaveLength(0);
  });
});
