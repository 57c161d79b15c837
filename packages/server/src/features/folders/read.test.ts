import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { createFolder } from '../../../test/factories.ts';
import { createEventTypeWithStatuses } from '../../../test/factories-folders.ts';

const t = await setupTestApp();
const { type, statuses } = await createEventTypeWithStatuses(t.db, [
  { name: 'OK', color: 'success', isDefault: true },
  { name: 'Replace', color: 'danger' },
]);
const oldStatus = await createFolder(t.db, 'status', { parentId: type.id, name: 'Old', enabled: false, sortOrder: 2 });
const rig = await createFolder(t.db, 'rig', { name: 'Nordic Aurora', color: 'primary' });
const project = await createFolder(t.db, 'project', { parentId: rig.id, name: 'P-100' });

const reader = await t.loginAs({ level: 'Read' });
/** `null` sends no token. */
const get = (url: string, authorization: string | null = reader.authorization) =>
  t.app.inject({ url, headers: authorization ? { authorization } : {} });
const ids = (body: { id: number }[]) => body.map((f) => f.id);

describe('GET /api/Folders/{id}', () => {
  it('answers one folder in the spec shape with its audit', async () => {
    const response = await get(`/api/Folders/${statuses[0].id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: statuses[0].id,
      kind: 'status',
      name: 'OK',
      default: true,
      color: 'success',
      parentId: type.id,
      enabled: true,
      meaning: 'fit',
      createdBy: null,
      createdDate: expect.any(String),
      updatedBy: null,
      updatedDate: expect.any(String),
    });
  });

  it('answers 404 for an unknown id and 400 naming the id for a non-number', async () => {
    expect((await get('/api/Folders/999999')).statusCode).toBe(404);
    const bad = await get('/api/Folders/abc');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['id']);
  });
});

describe('GET /api/Folders/{id}/eventTypes', () => {
  it('lists the statuses of an event type in order, disabled ones included', async () => {
    const response = await get(`/api/Folders/${type.id}/eventTypes`);
    expect(response.statusCode).toBe(200);
    expect(response.json().map((s: { name: string }) => s.name)).toEqual(['OK', 'Replace', 'Old']);
    expect(response.json()[2]).toMatchObject({ id: oldStatus.id, enabled: false });
  });

  it('lists the event types for id 0', async () => {
    const body = (await get('/api/Folders/0/eventTypes')).json();
    expect(ids(body)).toContain(type.id);
    expect(body.every((f: { kind: string }) => f.kind === 'eventType')).toBe(true);
  });

  it('answers 404 for a folder that is not an event type', async () => {
    expect((await get(`/api/Folders/${rig.id}/eventTypes`)).statusCode).toBe(404);
    expect((await get(`/api/Folders/${statuses[0].id}/eventTypes`)).statusCode).toBe(404);
  });
});

describe('GET /api/Folders/{id}/oneLevel and /api/Folders/aggregated', () => {
  it("lists a folder's direct children, and the roots for id 0", async () => {
    expect(ids((await get(`/api/Folders/${rig.id}/oneLevel`)).json())).toEqual([project.id]);
    expect((await get(`/api/Folders/${project.id}/oneLevel`)).json()).toEqual([]);
    const roots = ids((await get('/api/Folders/0/oneLevel')).json());
    expect(roots).toEqual(expect.arrayContaining([type.id, rig.id]));
    expect(roots).not.toContain(project.id);
    expect((await get('/api/Folders/999999/oneLevel')).statusCode).toBe(404);
  });

  it('gives the whole tree in one call', async () => {
    const response = await get('/api/Folders/aggregated');
    expect(response.statusCode).toBe(200);
    const tree = response.json();
    const ourType = tree.eventTypes.find((f: { id: number }) => f.id === type.id);
    expect(ids(ourType.children)).toEqual([statuses[0].id, statuses[1].id, oldStatus.id]);
    const ourRig = tree.rigs.find((f: { id: number }) => f.id === rig.id);
    expect(ourRig).toMatchObject({
      name: 'Nordic Aurora',
      color: 'primary',
      children: [{ id: project.id, name: 'P-100', kind: 'project' }],
    });
  });
});

describe('reading folders: permissions', () => {
  const urls = () => [
    '/api/Folders/aggregated',
    `/api/Folders/${type.id}`,
    `/api/Folders/${type.id}/eventTypes`,
    `/api/Folders/${rig.id}/oneLevel`,
    '/api/Rigs',
    `/api/Rigs/${rig.id}`,
    `/api/Rigs/${rig.id}/projects`,
  ];

  it('needs a token (401), Read level and an internal user (403)', async () => {
    const none = await t.loginAs({ level: 'None' });
    const external = await t.loginAs({ level: 'SystemAdministrator', type: 'Report' });
    for (const url of urls()) {
      expect((await get(url, null)).statusCode, url).toBe(401);
      expect((await get(url, none.authorization)).statusCode, url).toBe(403);
      expect((await get(url, external.authorization)).statusCode, url).toBe(403);
      expect((await get(url)).statusCode, url).toBe(200);
    }
  });
});
