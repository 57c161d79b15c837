import { fileMessages } from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { createEvent } from '../../../test/factories.ts';
import { createFile, createHelpFile, sampleDocx } from '../../../test/factories-files.ts';
import { oneFile } from '../../../test/multipart.ts';
import { files, helpFiles } from '../../db/schema.ts';

const t = await setupTestApp();
const admin = await t.loginAs({ level: 'Admin' });
const reader = await t.loginAs({ level: 'Read' });

const count = async (table: typeof files | typeof helpFiles) => (await t.db.select({ n: sql<number>`count(*)::int` }).from(table))[0].n;
const addHelp = (authorization: string | undefined, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/Help', headers: authorization ? { authorization } : {}, payload: payload as object });
const deleteHelp = (query: string, authorization?: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/Help${query}`, headers: authorization ? { authorization } : {} });

describe('GET /api/Help', () => {
  it('lists help files by name with their download url', async () => {
    const { help: zulu } = await createHelpFile(t.db, { fileName: 'Zulu checklist.pdf' });
    const { help: alpha, file } = await createHelpFile(t.db, { fileName: 'Alpha guide.pdf' });
    const response = await t.app.inject({ url: '/api/Help', headers: { authorization: reader.authorization } });
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list.map((h: { id: number }) => h.id)).toEqual([alpha.id, zulu.id]);
    expect(list[0]).toMatchObject({
      id: alpha.id,
      fileId: file.id,
      fileName: 'Alpha guide.pdf',
      url: `/api/Files/${file.id}`,
      contentType: 'application/pdf',
    });
  });

  it('is hidden from Report users only (section 6), and needs a session', async () => {
    expect((await t.app.inject({ url: '/api/Help' })).statusCode).toBe(401);
    const report = await t.loginAs({ level: 'SystemAdministrator', type: 'Report' });
    expect((await t.app.inject({ url: '/api/Help', headers: { authorization: report.authorization } })).statusCode).toBe(403);
  });

  it('lists and downloads for internal users at level None', async () => {
    const { file } = await createHelpFile(t.db, { fileName: 'None level guide.pdf' });
    const none = await t.loginAs({ level: 'None' });
    const list = await t.app.inject({ url: '/api/Help', headers: { authorization: none.authorization } });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((h: { fileName: string }) => h.fileName)).toContain('None level guide.pdf');
    const download = await t.app.inject({ url: `/api/Files/${file.id}`, headers: { authorization: none.authorization } });
    expect(download.statusCode).toBe(200);
  });
});

describe('POST /api/Help', () => {
  it('adds an uploaded office document to the list (upload with purpose=help first)', async () => {
    const { payload, headers } = oneFile('Rigging manual.docx', sampleDocx());
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/Files?purpose=help',
      headers: { ...headers, authorization: admin.authorization },
      payload,
    });
    expect(uploaded.statusCode).toBe(201);
    const response = await addHelp(admin.authorization, { fileId: uploaded.json().id });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ fileId: uploaded.json().id, fileName: 'Rigging manual.docx', createdBy: admin.email });
  });

  it('refuses a missing, unknown, already listed or otherwise used file with 400 on fileId, adding nothing', async () => {
    const { file: listed } = await createHelpFile(t.db, { createdBy: admin.email });
    const onEvent = await createFile(t.db, { createdBy: admin.email });
    await createEvent(t.db, { fileId: onEvent.id });
    const before = await count(helpFiles);
    const cases: [unknown, string][] = [
      [{}, 'File is required'],
      [{ fileId: 'abc' }, 'File is required'],
      [{ fileId: 99999999 }, fileMessages.expired],
      [{ fileId: listed.id }, fileMessages.alreadyHelp],
      [{ fileId: onEvent.id }, fileMessages.usedElsewhere],
    ];
    for (const [payload, message] of cases) {
      const response = await addHelp(admin.authorization, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({ fileId: [message] });
    }
    const extra = await addHelp(admin.authorization, { fileId: onEvent.id, name: 'x' });
    expect(extra.json().errors).toHaveProperty('name');
    expect(await count(helpFiles)).toBe(before);
  });

  it("refuses another user's upload as if it did not exist: attaching would open it to every Read user", async () => {
    const private_ = await createFile(t.db, { fileName: 'private notes.pdf', createdBy: reader.email });
    const before = await count(helpFiles);
    const response = await addHelp(admin.authorization, { fileId: private_.id });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ fileId: [fileMessages.expired] });
    expect(await count(helpFiles)).toBe(before);
    const asSystemAdministrator = await addHelp((await t.loginAs({ level: 'SystemAdministrator' })).authorization, { fileId: private_.id });
    expect(asSystemAdministrator.statusCode).toBe(400);
  });

  it('needs Admin level and an internal user', async () => {
    const file = await createFile(t.db);
    const before = await count(helpFiles);
    expect((await addHelp(undefined, { fileId: file.id })).statusCode).toBe(401);
    expect((await addHelp((await t.loginAs({ level: 'Certificates' })).authorization, { fileId: file.id })).statusCode).toBe(403);
    expect(
      (await addHelp((await t.loginAs({ level: 'SystemAdministrator', type: 'Report' })).authorization, { fileId: file.id })).statusCode,
    ).toBe(403);
    expect(await count(helpFiles)).toBe(before);
  });
});

describe('DELETE /api/Help?id', () => {
  it('removes the entry and its file', async () => {
    const { help, file } = await createHelpFile(t.db);
    expect((await deleteHelp(`?id=${help.id}`, admin.authorization)).statusCode).toBe(204);
    expect(await t.db.select().from(helpFiles).where(eq(helpFiles.id, help.id))).toEqual([]);
    expect(await t.db.select({ id: files.id }).from(files).where(eq(files.id, file.id))).toEqual([]);
  });

  it('answers 404 for an unknown id and 400 without one, deleting nothing', async () => {
    await createHelpFile(t.db);
    const before = [await count(helpFiles), await count(files)];
    expect((await deleteHelp('?id=99999999', admin.authorization)).statusCode).toBe(404);
    const missing = await deleteHelp('', admin.authorization);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ id: ['Id is required'] });
    expect([await count(helpFiles), await count(files)]).toEqual(before);
  });

  it("refuses another user's upload as if it did not exist: attaching would open it to every Read user", async () => {
    const private_ = await createFile(t.db, { fileName: 'private notes.pdf', createdBy: reader.email });
    const before = await count(helpFiles);
    const response = await addHelp(admin.authorization, { fileId: private_.id });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ fileId: [fileMessages.expired] });
    expect(await count(helpFiles)).toBe(before);
    const asSystemAdministrator = await addHelp((await t.loginAs({ level: 'SystemAdministrator' })).authorization, { fileId: private_.id });
    expect(asSystemAdministrator.statusCode).toBe(400);
  });

  it('needs Admin level and an internal user', async () => {
    const { help } = await createHelpFile(t.db);
    const before = await count(helpFiles);
    expect((await deleteHelp(`?id=${help.id}`)).statusCode).toBe(401);
    expect((await deleteHelp(`?id=${help.id}`, (await t.loginAs({ level: 'Certificates' })).authorization)).statusCode).toBe(403);
    expect((await deleteHelp(`?id=${help.id}`, (await t.loginAs({ level: 'Admin', type: 'Report' })).authorization)).statusCode).toBe(403);
    expect(await count(helpFiles)).toBe(before);
  });
});
