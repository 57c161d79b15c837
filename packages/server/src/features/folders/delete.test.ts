import { folderMessages } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { createEvent, createFolder } from '../../../test/factories.ts';
import { createEventTypeWithStatuses, createItemWithStatus } from '../../../test/factories-folders.ts';
import { folders } from '../../db/schema.ts';

const t = await setupTestApp();
const admin = await t.loginAs({ level: 'Admin' });
const eventsUser = await t.loginAs({ level: 'Events' });
const remove = (id: number, authorization: string | null = admin.authorization) =>
  t.app.inject({ method: 'DELETE', url: `/api/Folders/${id}`, headers: authorization ? { authorization } : {} });
const folderCount = () => t.db.$count(folders);

describe('DELETE /api/Folders/{id}', () => {
  it('deletes an unused status, project, rig and event type', async () => {
    const { type, statuses } = await createEventTypeWithStatuses(t.db, [{ name: 'OK' }]);
    const rig = await createFolder(t.db, 'rig');
    const project = await createFolder(t.db, 'project', { parentId: rig.id });
    const before = await folderCount();
    for (const id of [statuses[0].id, type.id, project.id, rig.id]) {
      const response = await remove(id);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
    }
    expect(await folderCount()).toBe(before - 4);
    expect((await remove(type.id)).statusCode).toBe(404);
  });

  it('refuses a status used by event items with 409 and a clear message, and deletes nothing', async () => {
    const { type, statuses } = await createEventTypeWithStatuses(t.db, [{ name: 'Replace', color: 'danger' }]);
    await createItemWithStatus(t.db, { typeId: type.id, statusId: statuses[0].id });
    const before = await folderCount();
    const response = await remove(statuses[0].id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ status: 409, message: folderMessages.inUse('status', 'Replace', '1 event item') });
    expect(response.json().message).toBe("The status 'Replace' is used by 1 event item and cannot be deleted. Disable it instead.");
    expect(await folderCount()).toBe(before);
  });

  it('refuses event types, rigs and projects used by events, and folders with children', async () => {
    const { type, statuses } = await createEventTypeWithStatuses(t.db, [{ name: 'OK' }]);
    const rig = await createFolder(t.db, 'rig', { name: 'Bluefin' });
    const project = await createFolder(t.db, 'project', { parentId: rig.id, name: 'P-9' });
    await createEvent(t.db, { rigId: rig.id, projectId: project.id });
    await createEvent(t.db, { rigId: rig.id, projectId: project.id });
    const usedType = await createFolder(t.db, 'eventType', { name: 'Used type' });
    await createEvent(t.db, { typeId: usedType.id });
    const before = await folderCount();

    const cases: [number, string][] = [
      [type.id, folderMessages.hasChildren('eventType', type.name, 1)],
      [usedType.id, folderMessages.inUse('eventType', 'Used type', '1 event')],
      [rig.id, folderMessages.inUse('rig', 'Bluefin', '2 events')],
      [project.id, folderMessages.inUse('project', 'P-9', '2 events')],
    ];
    for (const [id, message] of cases) {
      const response = await remove(id);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(message);
    }
    expect(folderMessages.hasChildren('eventType', 'Inspection', 2)).toBe(
      "The event type 'Inspection' has 2 statuses. Delete them first, or disable the event type instead.",
    );
    expect(statuses).toHaveLength(1);
    expect(await folderCount()).toBe(before);
  });

  it('refuses Events level on statuses and event types, Read level on anything, no token; 400 on a bad id', async () => {
    const { type, statuses } = await createEventTypeWithStatuses(t.db, [{ name: 'OK' }]);
    const rig = await createFolder(t.db, 'rig');
    const reader = await t.loginAs({ level: 'Read' });
    const external = await t.loginAs({ level: 'SystemAdministrator', type: 'Report' });
    const before = await folderCount();
    expect((await remove(statuses[0].id, eventsUser.authorization)).statusCode).toBe(403);
    expect((await remove(type.id, eventsUser.authorization)).statusCode).toBe(403);
    expect((await remove(rig.id, reader.authorization)).statusCode).toBe(403);
    expect((await remove(rig.id, external.authorization)).statusCode).toBe(403);
    expect((await remove(rig.id, null)).statusCode).toBe(401);
    const bad = await t.app.inject({ method: 'DELETE', url: '/api/Folders/0', headers: { authorization: admin.authorization } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['id']);
    expect(await folderCount()).toBe(before);
    expect((await remove(rig.id, eventsUser.authorization)).statusCode).toBe(204);
  });
});

describe('GET /api/Rigs, /api/Rigs/{id}, /api/Rigs/{id}/projects', () => {
  it('lists rigs, one rig and its projects; other kinds are not rigs (404)', async () => {
    const reader = await t.loginAs({ level: 'Read' });
    const get = (url: string) => t.app.inject({ url, headers: { authorization: reader.authorization } });
    const rig = await createFolder(t.db, 'rig', { name: 'Ocean Terne', color: 'info' });
    const projects = [
      await createFolder(t.db, 'project', { parentId: rig.id, name: 'A-1', sortOrder: 0 }),
      await createFolder(t.db, 'project', { parentId: rig.id, name: 'A-2', sortOrder: 1, enabled: false }),
    ];
    const list = (await get('/api/Rigs')).json();
    expect(list.every((f: { kind: string }) => f.kind === 'rig')).toBe(true);
    expect(list.map((f: { id: number }) => f.id)).toContain(rig.id);
    expect((await get(`/api/Rigs/${rig.id}`)).json()).toMatchObject({ id: rig.id, name: 'Ocean Terne', color: 'info', kind: 'rig' });
    expect((await get(`/api/Rigs/${rig.id}/projects`)).json().map((p: { id: number }) => p.id)).toEqual(projects.map((p) => p.id));
    expect((await get(`/api/Rigs/${projects[0].id}`)).statusCode).toBe(404);
    expect((await get(`/api/Rigs/${projects[0].id}/projects`)).statusCode).toBe(404);
    expect((await get('/api/Rigs/x')).statusCode).toBe(400);
  });
});

describe('GET /api/Folders/{id}/Usage', () => {
  const usage = (id: number | string, authorization: string | null = admin.authorization) =>
    t.app.inject({ url: `/api/Folders/${id}/Usage`, headers: authorization ? { authorization } : {} });

  it('says whether the folder can be deleted, with the reason the delete would give', async () => {
    const { type, statuses } = await createEventTypeWithStatuses(t.db, [{ name: 'Used' }, { name: 'Free' }]);
    await createItemWithStatus(t.db, { typeId: type.id, statusId: statuses[0].id });
    expect((await usage(statuses[1].id)).json()).toEqual({ deletable: true, reason: null });
    const used = await usage(statuses[0].id);
    expect(used.statusCode).toBe(200);
    expect(used.json()).toEqual({ deletable: false, reason: folderMessages.inUse('status', 'Used', '1 event item') });
    expect((await remove(statuses[0].id)).json().message).toBe(used.json().reason);
  });

  it("needs the folder kind's write level and a session; a missing folder is 404; a bad id is 400", async () => {
    const { statuses } = await createEventTypeWithStatuses(t.db, [{ name: 'OK' }]);
    expect((await usage(statuses[0].id, null)).statusCode).toBe(401);
    expect((await usage(statuses[0].id, eventsUser.authorization)).statusCode).toBe(403);
    expect((await usage(2_000_000)).statusCode).toBe(404);
    const bad = await usage('abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.id).toBeDefined();
  });
});
