import { fileMessages } from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { createEvent } from '../../../test/factories.ts';
import { createCertificateWithFile, createFile, createHelpFile, samplePng } from '../../../test/factories-files.ts';
import { files } from '../../db/schema.ts';

const t = await setupTestApp();
const uploader = await t.loginAs({ level: 'Events' });
const colleague = await t.loginAs({ level: 'Certificates' });
const admin = await t.loginAs({ level: 'Admin' });

const fileCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(files))[0].n;
const rename = (id: number, authorization: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: `/api/Files/${id}`, headers: { authorization }, payload: payload as object });
const remove = (id: number, authorization?: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/Files/${id}`, headers: authorization ? { authorization } : {} });

describe('PUT /api/Files/{id}', () => {
  it("renames the uploader's file, keeping the extension of its kind, and records who did it", async () => {
    const file = await createFile(t.db, { createdBy: uploader.email });
    const response = await rename(file.id, uploader.authorization, { fileName: '  Mooring report  ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: file.id, fileName: 'Mooring report.pdf', updatedBy: uploader.email });
    const image = await createFile(t.db, { createdBy: uploader.email, data: samplePng(), contentType: 'image/png', fileName: 'a.png' });
    expect((await rename(image.id, admin.authorization, { fileName: 'Chain.png' })).json().fileName).toBe('Chain.png');
  });

  it('refuses an empty name and unknown fields with 400, changing nothing', async () => {
    const file = await createFile(t.db, { createdBy: uploader.email, fileName: 'keep.pdf' });
    const empty = await rename(file.id, uploader.authorization, { fileName: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ fileName: ['File name is required'] });
    const extra = await rename(file.id, uploader.authorization, { fileName: 'x', contentType: 'text/html' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().errors).toHaveProperty('contentType');
    const long = await rename(file.id, uploader.authorization, { fileName: 'x'.repeat(201) });
    expect(long.json().errors.fileName).toEqual(['File name must not contain more than 200 characters']);
    const [row] = await t.db.select().from(files).where(eq(files.id, file.id));
    expect(row.fileName).toBe('keep.pdf');
  });

  it('refuses a colleague below Admin: 404 for a file they cannot see, 403 for one they can', async () => {
    const own = await createFile(t.db, { createdBy: uploader.email });
    expect((await rename(own.id, colleague.authorization, { fileName: 'x' })).statusCode).toBe(404);
    const eventFile = await createFile(t.db, { createdBy: uploader.email });
    await createEvent(t.db, { fileId: eventFile.id });
    const refused = await rename(eventFile.id, colleague.authorization, { fileName: 'x' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(fileMessages.notYours);
  });

  it('refuses no token, Read level and Report users', async () => {
    const file = await createFile(t.db, { createdBy: uploader.email });
    expect((await t.app.inject({ method: 'PUT', url: `/api/Files/${file.id}`, payload: { fileName: 'x' } })).statusCode).toBe(401);
    expect((await rename(file.id, (await t.loginAs({ level: 'Read' })).authorization, { fileName: 'x' })).statusCode).toBe(403);
    expect((await rename(file.id, (await t.loginAs({ level: 'Admin', type: 'Report' })).authorization, { fileName: 'x' })).statusCode).toBe(
      403,
    );
  });
});

describe('DELETE /api/Files/{id}', () => {
  it('deletes an unused file of the uploader', async () => {
    const file = await createFile(t.db, { createdBy: uploader.email });
    expect((await remove(file.id, uploader.authorization)).statusCode).toBe(204);
    expect(await t.db.select().from(files).where(eq(files.id, file.id))).toEqual([]);
  });

  it('refuses a file in use (certificate, event, help list) with 409 and keeps it', async () => {
    const onCertificate = await createFile(t.db, { createdBy: admin.email });
    await createCertificateWithFile(t.db, onCertificate.id);
    const onEvent = await createFile(t.db, { createdBy: admin.email });
    await createEvent(t.db, { fileId: onEvent.id });
    const { file: help } = await createHelpFile(t.db, { createdBy: admin.email });
    const before = await fileCount();
    for (const id of [onCertificate.id, onEvent.id, help.id]) {
      const response = await remove(id, admin.authorization);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(fileMessages.inUse);
    }
    expect(await fileCount()).toBe(before);
  });

  it('refuses other users below Admin, Report users and no token, deleting nothing', async () => {
    const file = await createFile(t.db, { createdBy: uploader.email });
    const before = await fileCount();
    expect((await remove(file.id)).statusCode).toBe(401);
    expect((await remove(file.id, colleague.authorization)).statusCode).toBe(404);
    expect((await remove(file.id, (await t.loginAs({ level: 'Read' })).authorization)).statusCode).toBe(403);
    expect((await remove(file.id, (await t.loginAs({ level: 'Admin', type: 'Report' })).authorization)).statusCode).toBe(403);
    expect((await remove(0, uploader.authorization)).statusCode).toBe(400);
    expect(await fileCount()).toBe(before);
    expect((await remove(file.id, admin.authorization)).statusCode).toBe(204);
  });
});
