import type { NotificationPage } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { createEvent } from '../../../test/factories.ts';
import { createEventTypeWithStatuses } from '../../../test/factories-folders.ts';
import { createCertificate, createEquipment, createEventItem } from '../../../test/factories-items.ts';

const t = await setupTestApp();
const events = await t.loginAs({ level: 'Events' });
const reader = await t.loginAs({ level: 'Read' });
const external = await t.loginAs({ level: 'SystemAdministrator', type: 'Report' });
const { type, statuses } = await createEventTypeWithStatuses(t.db, [{ name: 'Replace', color: 'danger' }]);
const older = await createEvent(t.db, { typeId: type.id, eventDate: '2025-03-01', responsible: 'Kari Nordmann' });
const newer = await createEvent(t.db, { typeId: type.id, eventDate: '2026-02-01' });

const call = (as: { authorization: string }, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: { authorization: as.authorization }, ...(payload && { payload }) });

async function flagged(eventId: number, stampedId: string, comment: string) {
  const added = await call(events, 'POST', `/EventComponents/${eventId}/component`, { stampedId, statusId: statuses[0].id });
  const id = added.json().item.id as number;
  await call(events, 'PUT', `/EventComponents/${eventId}/component/${id}`, { comment, notifications: true });
  return id;
}

const a = await flagged(older.id, 'NT-CHAIN-1', 'Crack at the weld');
const b = await flagged(newer.id, 'NT-KENTER-2', 'Pin loose');
await call(events, 'POST', `/EventComponents/${newer.id}/component`, { stampedId: 'NT-QUIET-3' });

describe('GET /Notification', () => {
  it('lists the flagged items, newest event first, with their event and audit', async () => {
    const page = (await call(events, 'GET', '/Notification')).json<NotificationPage>();
    expect(page.total).toBe(2);
    expect(page.items.map((n) => n.stampedId)).toEqual(['NT-KENTER-2', 'NT-CHAIN-1']);
    expect(page.items[1]).toMatchObject({
      eventComponentId: a,
      eventId: older.id,
      comment: 'Crack at the weld',
      eventBy: 'Kari Nordmann',
      eventDate: '2025-03-01',
      active: true,
      status: { name: 'Replace', color: 'danger' },
      createdBy: events.email,
    });
  });

  it('searches stamped ids and comments, and pages', async () => {
    expect(
      (await call(events, 'GET', '/Notification?search=kenter')).json<NotificationPage>().items.map((n) => n.eventComponentId),
    ).toEqual([b]);
    expect((await call(events, 'GET', '/Notification?search=weld')).json<NotificationPage>().items.map((n) => n.eventComponentId)).toEqual([
      a,
    ]);
    expect((await call(events, 'GET', '/Notification?search=100%25')).json<NotificationPage>().total).toBe(0);
    const second = (await call(events, 'GET', '/Notification?page=1&pageSize=1')).json<NotificationPage>();
    expect(second).toMatchObject({ total: 2, page: 1, pageSize: 1, items: [{ eventComponentId: a }] });
  });

  it('drops an item once its flag is cleared', async () => {
    await call(events, 'PUT', `/EventComponents/${newer.id}/component/${b}`, { notifications: false });
    expect((await call(events, 'GET', '/Notification')).json<NotificationPage>().items.map((n) => n.eventComponentId)).toEqual([a]);
    await call(events, 'PUT', `/EventComponents/${newer.id}/component/${b}`, { notifications: true });
  });

  it('needs Events level and an internal user, and refuses a bad page', async () => {
    expect((await call(reader, 'GET', '/Notification')).statusCode).toBe(403);
    expect((await call(external, 'GET', '/Notification')).statusCode).toBe(403);
    expect((await call(events, 'GET', '/Notification?page=-1')).statusCode).toBe(400);
    expect((await call(events, 'GET', `/Notification?search=${'x'.repeat(101)}`)).statusCode).toBe(400);
  });
});

describe('GET /Notification for a user with an owner list (docs/security.md rule 17)', () => {
  it("lists their owners' and unlinked flagged items only, in the page and the total", async () => {
    const mine = await createCertificate(t.db);
    const theirs = await createCertificate(t.db);
    const event = await createEvent(t.db, { typeId: type.id, eventDate: '2026-03-01' });
    const flags = [
      ['NT-SCOPE-MINE', mine.certificate.id],
      ['NT-SCOPE-THEIRS', theirs.certificate.id],
    ] as const;
    for (const [index, [stampedId, certificateId]] of flags.entries()) {
      const item = await createEquipment(t.db, { stampedId, certificateId });
      await createEventItem(t.db, {
        eventId: event.id,
        equipmentId: item.id,
        sequence: index + 1,
        notification: true,
        comment: `Flag ${stampedId}`,
      });
    }
    const restricted = await t.loginAs({ level: 'Events', owners: [mine.owner.id] });
    const answer = await call(restricted, 'GET', '/Notification?search=NT-SCOPE');
    expect(answer.json()).toMatchObject({ total: 1, items: [{ stampedId: 'NT-SCOPE-MINE' }] });
    expect(answer.body).not.toContain(theirs.owner.name);
    // Unlinked flagged items (the NT- items of the other tests) stay in every internal user's list.
    const all = (await call(restricted, 'GET', '/Notification')).json<NotificationPage>();
    const everyone = (await call(events, 'GET', '/Notification')).json<NotificationPage>();
    expect(all.items.map((n) => n.stampedId)).toEqual(everyone.items.map((n) => n.stampedId).filter((id) => id !== 'NT-SCOPE-THEIRS'));
    expect(all.items.map((n) => n.stampedId)).toContain('NT-KENTER-2');
    expect(all.total).toBe(everyone.total - 1);
    expect((await call(events, 'GET', '/Notification?search=NT-SCOPE')).json().total).toBe(2);
  });
});
