import { folderMessages, messages } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { createFolder } from '../../../test/factories.ts';
import { createEventTypeWithStatuses } from '../../../test/factories-folders.ts';
import { folders } from '../../db/schema.ts';

const t = await setupTestApp();
const admin = await t.loginAs({ level: 'Admin' });
const eventsUser = await t.loginAs({ level: 'Events' });
const post = (url: string, payload: Record<string, unknown>, authorization: string | null = admin.authorization) =>
  t.app.inject({ method: 'POST', url, payload, headers: authorization ? { authorization } : {} });
const folderCount = () => t.db.$count(folders);

describe('POST /api/Folders', () => {
  it('adds an event type (kind given) and a default status under it, clearing the old default', async () => {
    const typeResponse = await post('/api/Folders', { name: '  Load test ', kind: 'eventType', color: 'info' });
    expect(typeResponse.statusCode).toBe(201);
    const type = typeResponse.json();
    expect(type).toMatchObject({
      kind: 'eventType',
      name: 'Load test',
      color: 'info',
      default: false,
      parentId: null,
      enabled: true,
      createdBy: admin.email,
      updatedBy: admin.email,
    });

    const first = (await post('/api/Folders', { name: 'Passed', parentId: type.id, default: true, color: 'success' })).json();
    expect(first).toMatchObject({ kind: 'status', parentId: type.id, default: true });
    const second = await post('/api/Folders', { name: 'Failed', parentId: type.id, default: true, color: 'danger', kind: 'status' });
    expect(second.statusCode).toBe(201);
    const [old] = await t.db.select().from(folders).where(eq(folders.id, first.id));
    expect(old).toMatchObject({ isDefault: false, updatedBy: admin.email });
    // New folders go last in their parent's order.
    const names = (await t.app.inject({ url: `/api/Folders/${type.id}/oneLevel`, headers: { authorization: admin.authorization } })).json();
    expect(names.map((f: { name: string }) => f.name)).toEqual(['Passed', 'Failed']);
  });

  it('lets an Events user add a rig and a project, with colour default when left out', async () => {
    const rig = await post('/api/Folders', { name: 'Deepwater Tern', kind: 'rig' }, eventsUser.authorization);
    expect(rig.statusCode).toBe(201);
    expect(rig.json()).toMatchObject({ kind: 'rig', color: 'default', default: false });
    const project = await post('/api/Folders', { name: 'P-300', parentId: rig.json().id }, eventsUser.authorization);
    expect(project.statusCode).toBe(201);
    expect(project.json()).toMatchObject({ kind: 'project', parentId: rig.json().id, createdBy: eventsUser.email });
  });

  it('refuses event types and statuses below Admin, anything below Events, external users and no token; writes nothing', async () => {
    const { type } = await createEventTypeWithStatuses(t.db, []);
    const rig = await createFolder(t.db, 'rig');
    const reader = await t.loginAs({ level: 'Read' });
    const external = await t.loginAs({ level: 'SystemAdministrator', type: 'Report' });
    const before = await folderCount();
    expect((await post('/api/Folders', { name: 'X', kind: 'eventType' }, eventsUser.authorization)).statusCode).toBe(403);
    expect((await post('/api/Folders', { name: 'X', parentId: type.id }, eventsUser.authorization)).statusCode).toBe(403);
    for (const authorization of [reader.authorization, external.authorization]) {
      expect((await post('/api/Folders', { name: 'X', parentId: rig.id }, authorization)).statusCode).toBe(403);
    }
    expect((await post('/api/Folders', { name: 'X', parentId: rig.id }, null)).statusCode).toBe(401);
    expect(await folderCount()).toBe(before);
  });

  it('refuses bad bodies with 400 naming the field, and writes nothing', async () => {
    const { type, statuses } = await createEventTypeWithStatuses(t.db, [{ name: 'OK' }]);
    const rig = await createFolder(t.db, 'rig');
    const before = await folderCount();
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ name: '', kind: 'rig' }, 'name', messages.required('Name')],
      [{ kind: 'rig' }, 'name', messages.required('Name')],
      [{ name: 'x'.repeat(101), kind: 'rig' }, 'name', messages.maxLength('Name', 100)],
      [
        { name: 'A', kind: 'rig', color: 'purple' },
        'color',
        'Colour must be one of none, default, primary, success, info, warning, danger',
      ],
      [{ name: 'A', kind: 'rig', default: 'yes' }, 'default', 'Default must be true or false'],
      [{ name: 'A', kind: 'rig', enabled: false }, 'enabled', 'This field is not allowed'],
      [{ name: 'A' }, 'kind', folderMessages.kindRequired],
      [{ name: 'A', kind: 'status' }, 'parentId', folderMessages.parentRequired('status')],
      [{ name: 'A', parentId: rig.id, kind: 'status' }, 'kind', folderMessages.kindMismatch('rig', 'project')],
      [{ name: 'A', parentId: statuses[0].id }, 'parentId', folderMessages.parentCannotHaveChildren('status')],
      [{ name: 'A', parentId: 999999 }, 'parentId', folderMessages.parentNotFound],
      [{ name: 'ok', parentId: type.id }, 'name', "A status named 'ok' already exists"],
    ];
    for (const [payload, field, message] of cases) {
      const response = await post('/api/Folders', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(response.json().errors), JSON.stringify(payload)).toEqual([field]);
      if (message) expect(response.json().errors[field]).toEqual([message]);
    }
    expect(await folderCount()).toBe(before);
  });

  it('allows the same name under another parent', async () => {
    const a = await createEventTypeWithStatuses(t.db, [{ name: 'Monitor' }]);
    const b = await createEventTypeWithStatuses(t.db, []);
    expect(a.statuses).toHaveLength(1);
    expect((await post('/api/Folders', { name: 'Monitor', parentId: b.type.id })).statusCode).toBe(201);
  });
});

describe('POST /api/Rigs', () => {
  it('adds a rig by name for an Events user', async () => {
    const response = await post('/api/Rigs', { name: 'Stormsvale Explorer', color: 'primary', default: false }, eventsUser.authorization);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ kind: 'rig', name: 'Stormsvale Explorer', color: 'primary', parentId: null });
  });

  it('refuses Read level (403), no token (401), a missing name, a clash and unknown fields (400); writes nothing', async () => {
    await createFolder(t.db, 'rig', { name: 'Havørn' });
    const reader = await t.loginAs({ level: 'Read' });
    const before = await folderCount();
    expect((await post('/api/Rigs', { name: 'New rig' }, reader.authorization)).statusCode).toBe(403);
    expect((await post('/api/Rigs', { name: 'New rig' }, null)).statusCode).toBe(401);
    const missing = await post('/api/Rigs', {});
    expect(missing.json().errors).toEqual({ name: [messages.required('Name')] });
    const clash = await post('/api/Rigs', { name: 'HAVØRN' });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().errors).toEqual({ name: ["A rig named 'HAVØRN' already exists"] });
    const unknown = await post('/api/Rigs', { name: 'New rig', parentId: 3 });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json().errors)).toEqual(['parentId']);
    expect(await folderCount()).toBe(before);
  });
});
