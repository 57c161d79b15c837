/** The event form's calls: create, copy with equipment, get, edit with a version, delete, scaffolding, statuses. */
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { createEvent, createFolder } from '../../../test/factories.ts';
import { createFile } from '../../../test/factories-files.ts';
import { createEventTypeWithStatuses } from '../../../test/factories-folders.ts';
import { createEquipment, createEventItem } from '../../../test/factories-items.ts';
import { equipmentLatestStatus, eventItemImages, eventItems, events, files } from '../../db/schema.ts';
import { deleteExpiredUploads } from '../../db/unused-files.ts';

const t = await setupTestApp();
const { type, statuses } = await createEventTypeWithStatuses(t.db, [
  { name: 'OK', color: 'success', isDefault: true },
  { name: 'Reject', color: 'danger', meaning: 'condemned' },
]);
await createFolder(t.db, 'status', { parentId: type.id, name: 'Old', enabled: false, sortOrder: 9 });
const otherType = (await createEventTypeWithStatuses(t.db, [{ name: 'Seen', isDefault: true }])).type;
const rig = await createFolder(t.db, 'rig', { name: 'Form rig' });
const project = await createFolder(t.db, 'project', { name: 'Form project', parentId: rig.id });
const otherRig = await createFolder(t.db, 'rig', { name: 'Other rig' });
const otherProject = await createFolder(t.db, 'project', { name: 'Other project', parentId: otherRig.id });

const writer = await t.loginAs({ level: 'Events' });
const certifier = await t.loginAs({ level: 'Certificates' });
const reader = await t.loginAs({ level: 'Read' });
const external = await t.loginAs({ level: 'SystemAdministrator', type: 'Report' });

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, authorization: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api${url}`, headers: { authorization }, payload: payload as object });

const body = (values: Record<string, unknown> = {}) => ({
  type: type.id,
  rig: rig.id,
  referenceNo: project.id,
  eventDate: '2026-05-04',
  eventLocation: 'Ågotnes base',
  documentNo: 'DOC-1',
  ...values,
});
const eventCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(events))[0].n;

describe('POST /api/Events', () => {
  it('creates the event (201 with its id) and GET /Events/{id} shows it with names, version 1 and audit', async () => {
    const pdf = await createFile(t.db, { createdBy: writer.email, fileName: 'report.pdf' });
    const created = await call('POST', '/Events', writer.authorization, body({ fileId: pdf.id, ahv: 'Normand Ranger', comment: 'Line 4' }));
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    const got = (await call('GET', `/Events/${id}`, reader.authorization)).json();
    expect(got).toMatchObject({
      id,
      type: { id: type.id },
      rig: { id: rig.id, name: 'Form rig' },
      referenceNo: { id: project.id, name: 'Form project' },
      eventDate: '2026-05-04',
      ahv: 'Normand Ranger',
      comment: 'Line 4',
      file: { id: pdf.id, fileName: 'report.pdf', url: `/api/Files/${pdf.id}` },
      itemCount: 0,
      version: 1,
      createdBy: writer.email,
    });
  });

  it("answers 'Event type is required' for the placeholder -1 or no type; rig, project and date are required; nothing is written", async () => {
    const before = await eventCount();
    const placeholder = await call('POST', '/Events', writer.authorization, body({ type: -1 }));
    expect(placeholder.statusCode).toBe(400);
    expect(placeholder.json().errors.type).toEqual(['Event type is required']);
    const { type: _, rig: __, referenceNo: ___, eventDate: ____, ...rest } = body();
    const missing = await call('POST', '/Events', writer.authorization, rest);
    expect(missing.json().errors).toMatchObject({
      type: ['Event type is required'],
      rig: ['Rig is required'],
      referenceNo: ['Project is required'],
      eventDate: ['Event date is required'],
    });
    expect(await eventCount()).toBe(before);
  });

  it('requires ageAtReset when reset age is on and renewal off; renewal clears reset age', async () => {
    const refused = await call('POST', '/Events', writer.authorization, body({ resetAge: true }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ ageAtReset: ['Age at reset is required'] });
    const reset = await call('POST', '/Events', writer.authorization, body({ resetAge: true, ageAtReset: 2.5 }));
    expect((await call('GET', `/Events/${reset.json().id}`, reader.authorization)).json()).toMatchObject({
      resetAge: true,
      ageAtReset: 2.5,
    });
    const renewal = await call('POST', '/Events', certifier.authorization, body({ isRenewal: true, resetAge: true }));
    expect(renewal.statusCode).toBe(201);
    expect((await call('GET', `/Events/${renewal.json().id}`, reader.authorization)).json()).toMatchObject({
      isRenewal: true,
      resetAge: false,
      ageAtReset: null,
    });
  });

  it('refuses a renewal below Certificates level (403), a project of another rig and a file not yours (400)', async () => {
    const before = await eventCount();
    const renewal = await call('POST', '/Events', writer.authorization, body({ isRenewal: true }));
    expect(renewal.statusCode).toBe(403);
    expect(renewal.json().message).toBe('Only users with Certificates level can mark an event as a renewal');
    const mixed = await call('POST', '/Events', writer.authorization, body({ referenceNo: otherProject.id }));
    expect(mixed.json().errors).toEqual({ referenceNo: ['Choose a project of the chosen rig'] });
    const notType = await call('POST', '/Events', writer.authorization, body({ type: rig.id }));
    expect(notType.json().errors).toEqual({ type: ['Choose an event type'] });
    const someoneElses = await createFile(t.db, { createdBy: 'someone@test.example' });
    const file = await call('POST', '/Events', writer.authorization, body({ fileId: someoneElses.id }));
    expect(file.json().errors).toEqual({ fileId: ['The file expired, upload it again'] }); // as if it did not exist
    const png = await createFile(t.db, { createdBy: writer.email, contentType: 'image/png' });
    expect((await call('POST', '/Events', writer.authorization, body({ fileId: png.id }))).statusCode).toBe(400);
    expect(await eventCount()).toBe(before);
  });

  it('asks for the upload again when the named file expired (deleted after a day unattached), writing nothing', async () => {
    const before = await eventCount();
    const upload = await createFile(t.db, { createdBy: writer.email, createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) });
    expect(await deleteExpiredUploads(t.db)).toBeGreaterThanOrEqual(1);
    const response = await call('POST', '/Events', writer.authorization, body({ fileId: upload.id }));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ fileId: ['The file expired, upload it again'] });
    expect(await eventCount()).toBe(before);
  });

  it('is for Events level and internal users only', async () => {
    expect((await call('POST', '/Events', reader.authorization, body())).statusCode).toBe(403);
    expect((await call('POST', '/Events', external.authorization, body())).statusCode).toBe(403);
  });
});

const source = await createEvent(t.db, { typeId: type.id, rigId: rig.id, projectId: project.id, eventDate: '2025-01-01' });
const items = [await createEquipment(t.db), await createEquipment(t.db), await createEquipment(t.db)];
for (const [i, item] of items.entries()) {
  await createEventItem(t.db, {
    eventId: source.id,
    equipmentId: item.id,
    sequence: 3 - i,
    statusId: statuses[1].id,
    comment: 'Crack',
    notification: true,
  });
}

describe('copying an event (POST /Events with eventToCopyFromId)', () => {
  it('GET /Events/getAddScaffolding/{id} gives the values without the id, today as date, and the copied event with its date and item count', async () => {
    const scaffold = (await call('GET', `/Events/getAddScaffolding/${source.id}`, writer.authorization)).json();
    expect(scaffold).toMatchObject({
      id: null,
      version: null,
      copyOf: { id: source.id, eventDate: '2025-01-01', itemCount: 3 },
      values: { type: type.id, rig: rig.id, referenceNo: project.id, eventDate: new Date().toISOString().slice(0, 10) },
    });
    expect(scaffold.quickLocations).toHaveLength(2);
  });

  it("with equipment: the same items in the same order, with the new type's first notInspected status, no comments or flags; latest status follows", async () => {
    // The default flag and the source's status are findings nobody made in the new event.
    const { type: surveyType, statuses: survey } = await createEventTypeWithStatuses(t.db, [
      { name: 'Fit', color: 'success', isDefault: true },
      { name: 'Not inspected', meaning: 'notInspected' },
      { name: 'Not seen', meaning: 'notInspected' },
    ]);
    const created = await call(
      'POST',
      '/Events',
      writer.authorization,
      body({ type: surveyType.id, eventToCopyFromId: source.id, createWithEquipment: true, eventDate: '2026-06-01' }),
    );
    expect(created.statusCode).toBe(201);
    const copied = await t.db.select().from(eventItems).where(eq(eventItems.eventId, created.json().id)).orderBy(eventItems.sequence);
    expect(copied.map((row) => row.equipmentId)).toEqual([items[2].id, items[1].id, items[0].id]);
    expect(copied.map((row) => row.sequence)).toEqual([1, 2, 3]);
    expect(copied.map((row) => [row.statusId, row.comment, row.notification])).toEqual(Array(3).fill([survey[1].id, null, false]));
    const latest = await t.db.select().from(equipmentLatestStatus).where(eq(equipmentLatestStatus.equipmentId, items[0].id));
    expect(latest[0]).toMatchObject({ eventId: created.json().id, statusId: survey[1].id });
    const page = (await call('GET', `/Events/${created.json().id}/chips`, reader.authorization)).json();
    expect(page.items.map((row: { status: { name: string } }) => row.status.name)).toEqual([
      'Not inspected',
      'Not inspected',
      'Not inspected',
    ]);
  });

  it('with equipment into a type without a notInspected status: the copies have no status, not the default one', async () => {
    const created = await call(
      'POST',
      '/Events',
      writer.authorization,
      body({ eventToCopyFromId: source.id, createWithEquipment: true, eventDate: '2026-06-02' }),
    );
    expect(created.statusCode).toBe(201);
    const copied = await t.db.select().from(eventItems).where(eq(eventItems.eventId, created.json().id));
    expect(copied.map((row) => row.statusId)).toEqual([null, null, null]);
  });

  it('without equipment: an empty event; a missing event to copy is a 400', async () => {
    const created = await call('POST', '/Events', writer.authorization, body({ eventToCopyFromId: source.id }));
    expect((await call('GET', `/Events/${created.json().id}`, reader.authorization)).json().itemCount).toBe(0);
    const missing = await call('POST', '/Events', writer.authorization, body({ eventToCopyFromId: 999999, createWithEquipment: true }));
    expect(missing.json().errors).toEqual({ eventToCopyFromId: ['The event to copy was not found'] });
  });
});

describe('PUT /api/Events/{id}', () => {
  it('saves with the version, bumps it, keeps the type; a stale version answers 409 and changes nothing', async () => {
    const event = await createEvent(t.db, { typeId: type.id, rigId: rig.id, projectId: project.id, eventDate: '2026-01-01' });
    const saved = await call('PUT', `/Events/${event.id}`, writer.authorization, {
      ...body({ documentNo: 'DOC-2', eventDate: '2026-01-02' }),
      type: undefined,
      version: 1,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      documentNo: 'DOC-2',
      eventDate: '2026-01-02',
      version: 2,
      type: { id: type.id },
      updatedBy: writer.email,
    });
    const stale = await call('PUT', `/Events/${event.id}`, writer.authorization, {
      ...body({ documentNo: 'LOST', type: undefined }),
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      'Someone else saved this event after you opened it. Reload it to see their changes, then make yours again.',
    );
    expect((await call('GET', `/Events/${event.id}`, reader.authorization)).json()).toMatchObject({ documentNo: 'DOC-2', version: 2 });
  });

  it('lets one of two parallel saves of the same version through; the other answers 409', async () => {
    const event = await createEvent(t.db, { typeId: type.id, rigId: rig.id, projectId: project.id });
    const save = (documentNo: string) =>
      call('PUT', `/Events/${event.id}`, writer.authorization, { ...body({ documentNo, type: undefined }), version: 1 });
    const answers = await Promise.all([save('FIRST'), save('SECOND')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.statusCode === 200)!.json();
    expect((await call('GET', `/Events/${event.id}`, reader.authorization)).json()).toMatchObject({
      documentNo: winner.documentNo,
      version: 2,
    });
  });

  it('moves the latest status when the date changes', async () => {
    const item = await createEquipment(t.db);
    const early = await createEvent(t.db, { typeId: type.id, rigId: rig.id, projectId: project.id, eventDate: '2024-01-01' });
    const late = await createEvent(t.db, { typeId: type.id, rigId: rig.id, projectId: project.id, eventDate: '2024-06-01' });
    await createEventItem(t.db, { eventId: early.id, equipmentId: item.id, sequence: 1, statusId: statuses[0].id });
    await createEventItem(t.db, { eventId: late.id, equipmentId: item.id, sequence: 1, statusId: statuses[1].id });
    const latestOf = async () => (await t.db.select().from(equipmentLatestStatus).where(eq(equipmentLatestStatus.equipmentId, item.id)))[0];
    expect(await latestOf()).toMatchObject({ eventId: late.id, eventDate: '2024-06-01' });
    const moved = await call('PUT', `/Events/${early.id}`, writer.authorization, {
      ...body({ eventDate: '2024-09-01', type: undefined }),
      version: 1,
    });
    expect(moved.statusCode).toBe(200);
    expect(await latestOf()).toMatchObject({ eventId: early.id, eventDate: '2024-09-01', color: 'success' });
  });

  it('refuses turning renewal on below Certificates level, a missing event (404), a missing version (400), Read level (403)', async () => {
    const event = await createEvent(t.db, { typeId: type.id, rigId: rig.id, projectId: project.id });
    const put = (authorization: string, values: Record<string, unknown>, id = event.id) =>
      call('PUT', `/Events/${id}`, authorization, { ...body({ type: undefined }), version: 1, ...values });
    expect((await put(writer.authorization, { isRenewal: true })).statusCode).toBe(403);
    expect((await put(writer.authorization, {}, 999999)).statusCode).toBe(404);
    const noVersion = await put(writer.authorization, { version: undefined });
    expect(noVersion.json().errors).toEqual({ version: ['Version is required'] });
    expect((await put(reader.authorization, {})).statusCode).toBe(403);
    expect((await put(external.authorization, {})).statusCode).toBe(403);
    expect((await call('GET', `/Events/${event.id}`, reader.authorization)).json().version).toBe(1);
    expect((await put(certifier.authorization, { isRenewal: true })).json()).toMatchObject({ isRenewal: true, version: 2 });
  });

  it('refuses the type in the body (edit cannot change it)', async () => {
    const event = await createEvent(t.db, { typeId: type.id, rigId: rig.id, projectId: project.id });
    const response = await call('PUT', `/Events/${event.id}`, writer.authorization, { ...body({ type: otherType.id }), version: 1 });
    expect(response.statusCode).toBe(400);
  });
});

describe('DELETE /api/Events/{id}', () => {
  it("deletes the event, its items, its file and its items' images; the latest status falls back to the earlier event", async () => {
    const item = await createEquipment(t.db);
    const pdf = await createFile(t.db, { createdBy: writer.email });
    const early = await createEvent(t.db, { typeId: type.id, rigId: rig.id, projectId: project.id, eventDate: '2024-01-01' });
    const late = await createEvent(t.db, {
      typeId: type.id,
      rigId: rig.id,
      projectId: project.id,
      eventDate: '2024-06-01',
      fileId: pdf.id,
    });
    await createEventItem(t.db, { eventId: early.id, equipmentId: item.id, sequence: 1, statusId: statuses[0].id });
    const lateItem = await createEventItem(t.db, { eventId: late.id, equipmentId: item.id, sequence: 1, statusId: statuses[1].id });
    // The items' images are files in the database (decision 017): they go in the same transaction.
    const pictures = [
      await createFile(t.db, { createdBy: writer.email, contentType: 'image/png' }),
      await createFile(t.db, { createdBy: writer.email, contentType: 'image/jpeg' }),
    ];
    await t.db
      .insert(eventItemImages)
      .values(
        pictures.map((picture) => ({ eventItemId: lateItem.id, fileId: picture.id, createdBy: writer.email, updatedBy: writer.email })),
      );
    const picture = (id: number) => call('GET', `/Files/${id}`, reader.authorization);
    expect((await picture(pictures[0].id)).statusCode).toBe(200);
    expect((await call('DELETE', `/Events/${late.id}`, reader.authorization)).statusCode).toBe(403);
    expect((await call('DELETE', `/Events/${late.id}`, writer.authorization)).statusCode).toBe(204);
    expect((await call('GET', `/Events/${late.id}`, reader.authorization)).statusCode).toBe(404);
    expect(await t.db.select().from(eventItems).where(eq(eventItems.eventId, late.id))).toEqual([]);
    expect(await t.db.select().from(files).where(eq(files.id, pdf.id))).toEqual([]);
    for (const { id } of pictures) expect((await picture(id)).statusCode).toBe(404);
    expect(
      await t.db
        .select()
        .from(files)
        .where(
          inArray(
            files.id,
            pictures.map(({ id }) => id),
          ),
        ),
    ).toEqual([]);
    const [latest] = await t.db.select().from(equipmentLatestStatus).where(eq(equipmentLatestStatus.equipmentId, item.id));
    expect(latest).toMatchObject({ eventId: early.id, color: 'success' });
    expect((await call('DELETE', `/Events/${late.id}`, writer.authorization)).statusCode).toBe(404);
    expect((await call('DELETE', '/Events/abc', writer.authorization)).statusCode).toBe(400);
  });
});

describe('scaffolding and statuses', () => {
  it('add: placeholder type -1 (no default type), pick lists of enabled folders, two quick locations', async () => {
    const scaffold = (await call('GET', '/Events/getAddScaffolding', writer.authorization)).json();
    expect(scaffold.values.type).toBe(-1);
    expect(scaffold.quickLocations).toEqual(['Ågotnes base', 'Kristiansund base']);
    expect(scaffold.projects.find((p: { id: number }) => p.id === project.id)).toMatchObject({ parentId: rig.id });
    expect((await call('GET', '/Events/getAddScaffolding', reader.authorization)).statusCode).toBe(403);
  });

  it('edit: the values, id and version; 404 for a missing event; 400 for a bad id', async () => {
    const event = await createEvent(t.db, { typeId: type.id, rigId: rig.id, projectId: project.id, documentNo: 'ED-1' });
    const scaffold = (await call('GET', `/Events/${event.id}/getEditScaffolding`, writer.authorization)).json();
    expect(scaffold).toMatchObject({ id: event.id, version: 1, copyOf: null, values: { documentNo: 'ED-1', type: type.id } });
    expect((await call('GET', '/Events/999999/getEditScaffolding', writer.authorization)).statusCode).toBe(404);
    expect((await call('GET', '/Events/0/getEditScaffolding', writer.authorization)).statusCode).toBe(400);
    expect((await call('GET', `/Events/${event.id}/getEditScaffolding`, reader.authorization)).statusCode).toBe(403);
  });

  it("GET /Events/{id}/Statuses lists the type's statuses (disabled too); getAvailableStatuses/{typeId} the enabled ones", async () => {
    const event = await createEvent(t.db, { typeId: type.id, rigId: rig.id, projectId: project.id });
    const all = (await call('GET', `/Events/${event.id}/Statuses`, reader.authorization)).json();
    expect(all.map((s: { name: string }) => s.name)).toEqual(['OK', 'Reject', 'Old']);
    const available = (await call('GET', `/Events/getAvailableStatuses/${type.id}`, reader.authorization)).json();
    expect(available).toEqual([
      { id: statuses[0].id, name: 'OK', color: 'success', default: true, enabled: true, meaning: 'fit' },
      { id: statuses[1].id, name: 'Reject', color: 'danger', default: false, enabled: true, meaning: 'condemned' },
    ]);
    expect((await call('GET', `/Events/getAvailableStatuses/${rig.id}`, reader.authorization)).statusCode).toBe(404);
    expect((await call('GET', '/Events/getAvailableStatuses/x', reader.authorization)).statusCode).toBe(400);
    expect((await call('GET', `/Events/${event.id}/Statuses`, external.authorization)).statusCode).toBe(403);
    expect((await call('GET', '/Events/999999/Statuses', reader.authorization)).statusCode).toBe(404);
  });
});
