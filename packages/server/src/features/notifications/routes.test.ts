import type { NotificationPage } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { createEvent } from '../../../test/factories.ts';
import { createEventTypeWithStatuses } from '../../../test/factories-folders.ts';

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
