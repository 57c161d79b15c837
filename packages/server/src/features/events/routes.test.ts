import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { createEvent, createFolder } from '../../../test/factories.ts';
import { equipment, eventItems } from '../../db/schema.ts';

const t = await setupTestApp();
const inspection = await createFolder(t.db, 'eventType', { name: 'Inspection' });
const renewal = await createFolder(t.db, 'eventType', { name: 'Renewal survey' });
const aurora = await createFolder(t.db, 'rig', { name: 'Nordic Aurora' });
const tern = await createFolder(t.db, 'rig', { name: 'Deepwater Tern' });
const auroraProject = await createFolder(t.db, 'project', { name: 'P-100', parentId: aurora.id, isDefault: true });
const ternProject = await createFolder(t.db, 'project', { name: 'P-200', parentId: tern.id });
await createFolder(t.db, 'project', { name: 'Old project', parentId: tern.id, enabled: false });

const older = await createEvent(t.db, {
  typeId: inspection.id,
  rigId: aurora.id,
  projectId: auroraProject.id,
  eventDate: '2025-03-01',
  createdBy: 'anna@test.example',
});
const newer = await createEvent(t.db, {
  typeId: renewal.id,
  rigId: tern.id,
  projectId: ternProject.id,
  eventDate: '2026-06-01',
  createdBy: 'bob@test.example',
  isRenewal: true,
});
const middle = await createEvent(t.db, {
  typeId: inspection.id,
  rigId: tern.id,
  projectId: ternProject.id,
  eventDate: '2025-09-01',
  createdBy: 'anna@test.example',
});
const items = await t.db
  .insert(equipment)
  .values([{ stampedId: 'EV-1' }, { stampedId: 'EV-2' }])
  .returning();
await t.db.insert(eventItems).values(items.map((item, i) => ({ eventId: middle.id, equipmentId: item.id, sequence: i + 1 })));

const internalRead = await t.loginAs({ level: 'Read' });
const get = (url: string, authorization = internalRead.authorization) => t.app.inject({ url, headers: { authorization } });

describe('GET /api/Events', () => {
  it('pages all events newest first with type, rig, project and item count', async () => {
    const response = await get('/api/Events?page=0&pageSize=2');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ total: 3, page: 0, pageSize: 2 });
    expect(body.items.map((e: { id: number }) => e.id)).toEqual([newer.id, middle.id]);
    expect(body.items[1]).toMatchObject({
      type: { id: inspection.id, name: 'Inspection' },
      rig: { id: tern.id, name: 'Deepwater Tern' },
      referenceNo: { id: ternProject.id, name: 'P-200' },
      eventDate: '2025-09-01',
      itemCount: 2,
      createdBy: 'anna@test.example',
    });
    const second = (await get('/api/Events?page=1&pageSize=2')).json();
    expect(second.items.map((e: { id: number }) => e.id)).toEqual([older.id]);
  });

  it('refuses external users and level None with 403, and no token with 401', async () => {
    const external = await t.loginAs({ level: 'SystemAdministrator', type: 'Report' });
    const none = await t.loginAs({ level: 'None' });
    for (const url of ['/api/Events', '/api/Events/byFilter', '/api/Events/getFilters', '/api/Events/codetables']) {
      expect((await get(url, external.authorization)).statusCode).toBe(403);
      expect((await get(url, none.authorization)).statusCode).toBe(403);
      expect((await t.app.inject({ url })).statusCode).toBe(401);
    }
  });

  it('refuses a bad page size with 400 naming the field', async () => {
    const response = await get('/api/Events?pageSize=100000');
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual(['pageSize']);
  });
});

describe('GET /api/Events/byFilter', () => {
  it('filters by user, event type and rig, alone and together', async () => {
    const ids = async (query: string) => (await get(`/api/Events/byFilter?${query}`)).json().items.map((e: { id: number }) => e.id);
    expect(await ids('user=anna@test.example')).toEqual([middle.id, older.id]);
    expect(await ids(`eventType=${renewal.id}`)).toEqual([newer.id]);
    expect(await ids(`rig=${tern.id}`)).toEqual([newer.id, middle.id]);
    expect(await ids(`user=anna@test.example&rig=${tern.id}&eventType=${inspection.id}`)).toEqual([middle.id]);
    expect(await ids('user=nobody@test.example')).toEqual([]);
  });

  it('refuses a non-numeric rig with 400', async () => {
    const response = await get('/api/Events/byFilter?rig=abc');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.rig).toHaveLength(1);
  });
});

describe('GET /api/Events/getFilters and /api/Events/codetables', () => {
  it('lists the users who registered events, the rigs and the event types', async () => {
    const body = (await get('/api/Events/getFilters')).json();
    expect(body.users).toEqual([
      { id: 'anna@test.example', name: 'anna@test.example' },
      { id: 'bob@test.example', name: 'bob@test.example' },
    ]);
    expect(body.rigs.map((r: { name: string }) => r.name)).toEqual(expect.arrayContaining(['Deepwater Tern', 'Nordic Aurora']));
    expect(body.types.map((r: { name: string }) => r.name)).toEqual(expect.arrayContaining(['Inspection', 'Renewal survey']));
  });

  it('gives enabled projects with their rig, rigs and types for the event form', async () => {
    const body = (await get('/api/Events/codetables')).json();
    const projects = body.projects.filter((p: { parentId: number }) => [aurora.id, tern.id].includes(p.parentId));
    expect(projects).toEqual([
      { id: auroraProject.id, name: 'P-100', color: 'default', default: true, parentId: aurora.id },
      { id: ternProject.id, name: 'P-200', color: 'default', default: false, parentId: tern.id },
    ]);
    expect(body.rigs.some((r: { id: number }) => r.id === aurora.id)).toBe(true);
  });
});
