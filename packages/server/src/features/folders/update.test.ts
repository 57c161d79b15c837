import { messages } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { createEvent, createFolder } from '../../../test/factories.ts';
import { createEventTypeWithStatuses, createItemWithStatus } from '../../../test/factories-folders.ts';
import { equipmentLatestStatus, folders } from '../../db/schema.ts';

const t = await setupTestApp();
const admin = await t.loginAs({ level: 'Admin' });
const eventsUser = await t.loginAs({ level: 'Events' });
const put = (url: string, payload: Record<string, unknown> | undefined, authorization: string | null = admin.authorization) =>
  t.app.inject({ method: 'PUT', url, payload, headers: authorization ? { authorization } : {} });
const rowOf = async (id: number) => (await t.db.select().from(folders).where(eq(folders.id, id)))[0];

describe('PUT /api/Folders/{id}', () => {
  it('renames, recolours and makes a status the default, clearing the old default in the same write', async () => {
    const { statuses } = await createEventTypeWithStatuses(t.db, [
      { name: 'OK', isDefault: true },
      { name: 'Monitor', color: 'warning' },
    ]);
    const response = await put(`/api/Folders/${statuses[1].id}`, { name: 'Watch', color: 'info', default: true });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: statuses[1].id, name: 'Watch', color: 'info', default: true, updatedBy: admin.email });
    expect(await rowOf(statuses[0].id)).toMatchObject({ isDefault: false });
  });

  it('keeps the red/yellow reports in step when a status changes colour', async () => {
    const { type, statuses } = await createEventTypeWithStatuses(t.db, [{ name: 'Damaged', color: 'warning' }]);
    const { equipment } = await createItemWithStatus(t.db, { typeId: type.id, statusId: statuses[0].id });
    const latestColor = async () =>
      (await t.db.select().from(equipmentLatestStatus).where(eq(equipmentLatestStatus.equipmentId, equipment.id)))[0].color;
    expect(await latestColor()).toBe('warning');
    expect((await put(`/api/Folders/${statuses[0].id}`, { name: 'Damaged', color: 'danger', default: false })).statusCode).toBe(200);
    expect(await latestColor()).toBe('danger');
  });

  it('allows a change of case of its own name and refuses a sibling name with 400 on name', async () => {
    const { statuses } = await createEventTypeWithStatuses(t.db, [{ name: 'OK' }, { name: 'Replace' }]);
    expect((await put(`/api/Folders/${statuses[0].id}`, { name: 'Ok', color: 'success', default: false })).statusCode).toBe(200);
    const clash = await put(`/api/Folders/${statuses[1].id}`, { name: 'ok', color: 'danger', default: false });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().errors).toEqual({ name: ["A status named 'ok' already exists"] });
    expect(await rowOf(statuses[1].id)).toMatchObject({ name: 'Replace', color: 'default' });
  });

  it('refuses bad bodies with 400 naming the field and changes nothing', async () => {
    const rig = await createFolder(t.db, 'rig', { name: 'Kvitbjørn' });
    for (const [payload, field] of [
      [{ name: '', color: 'primary', default: false }, 'name'],
      [{ name: 'A', color: 'light', default: false }, 'color'],
      [{ name: 'A', color: 'primary' }, 'default'],
      [{ name: 'A', color: 'primary', default: false, parentId: 1 }, 'parentId'],
    ] as const) {
      const response = await put(`/api/Folders/${rig.id}`, payload);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().errors)).toEqual([field]);
    }
    expect((await put(`/api/Folders/${rig.id}`, { name: '', color: 'primary', default: false })).json().errors.name).toEqual([
      messages.required('Name'),
    ]);
    expect(await rowOf(rig.id)).toMatchObject({ name: 'Kvitbjørn', color: 'default', updatedBy: null });
  });

  it('lets Events level edit rigs and projects but not event types or statuses; 404 for unknown ids', async () => {
    const rig = await createFolder(t.db, 'rig');
    const { type, statuses } = await createEventTypeWithStatuses(t.db, [{ name: 'OK' }]);
    const body = { name: 'Renamed', color: 'primary', default: false };
    expect((await put(`/api/Folders/${rig.id}`, body, eventsUser.authorization)).statusCode).toBe(200);
    for (const id of [type.id, statuses[0].id]) {
      expect((await put(`/api/Folders/${id}`, body, eventsUser.authorization)).statusCode).toBe(403);
      expect(await rowOf(id)).toMatchObject({ color: 'default', updatedBy: null });
    }
    const reader = await t.loginAs({ level: 'Read' });
    expect((await put(`/api/Folders/${rig.id}`, body, reader.authorization)).statusCode).toBe(403);
    expect((await put(`/api/Folders/${rig.id}`, body, null)).statusCode).toBe(401);
    expect((await put('/api/Folders/999999', body)).statusCode).toBe(404);
  });
});

describe('PUT /api/Folders/{id}/enabled/{flag}', () => {
  it('disables a project: it leaves the event form pick lists and stays on its events', async () => {
    const reader = await t.loginAs({ level: 'Read' });
    const rig = await createFolder(t.db, 'rig');
    const project = await createFolder(t.db, 'project', { parentId: rig.id });
    const event = await createEvent(t.db, { rigId: rig.id, projectId: project.id });
    const response = await put(`/api/Folders/${project.id}/enabled/false`, undefined, eventsUser.authorization);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: project.id, enabled: false, updatedBy: eventsUser.email });
    const codeTables = (await t.app.inject({ url: '/api/Events/codetables', headers: { authorization: reader.authorization } })).json();
    expect(codeTables.projects.map((p: { id: number }) => p.id)).not.toContain(project.id);
    const events = (
      await t.app.inject({ url: `/api/Events/byFilter?rig=${rig.id}`, headers: { authorization: reader.authorization } })
    ).json();
    expect(events.items).toEqual([expect.objectContaining({ id: event.id, referenceNo: { id: project.id, name: project.name } })]);
    // Still on the admin screens, and back on with true.
    expect(
      (await t.app.inject({ url: `/api/Rigs/${rig.id}/projects`, headers: { authorization: reader.authorization } })).json()[0],
    ).toMatchObject({ enabled: false });
    expect((await put(`/api/Folders/${project.id}/enabled/true`, undefined)).json()).toMatchObject({ enabled: true });
  });

  it('refuses a flag other than true/false (400), Events level on statuses (403), no token (401)', async () => {
    const { statuses } = await createEventTypeWithStatuses(t.db, [{ name: 'OK' }]);
    const bad = await put(`/api/Folders/${statuses[0].id}/enabled/maybe`, undefined);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['flag']);
    expect((await put(`/api/Folders/${statuses[0].id}/enabled/false`, undefined, eventsUser.authorization)).statusCode).toBe(403);
    expect((await put(`/api/Folders/${statuses[0].id}/enabled/false`, undefined, null)).statusCode).toBe(401);
    expect(await rowOf(statuses[0].id)).toMatchObject({ enabled: true });
  });
});
