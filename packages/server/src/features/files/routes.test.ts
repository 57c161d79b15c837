import { createHash } from 'node:crypto';
import { fileMessages } from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { createEvent, createOwner } from '../../../test/factories.ts';
import { createCertificateWithFile, createFile, sampleDocx, samplePdf, samplePng } from '../../../test/factories-files.ts';
import { multipart, oneFile } from '../../../test/multipart.ts';
import { files } from '../../db/schema.ts';

const t = await setupTestApp();
const events = await t.loginAs({ level: 'Events' });
const admin = await t.loginAs({ level: 'Admin' });

const fileCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(files))[0].n;
const upload = (authorization: string | undefined, body: ReturnType<typeof multipart>, query = '') =>
  t.app.inject({
    method: 'POST',
    url: `/api/Files${query}`,
    headers: { ...body.headers, ...(authorization ? { authorization } : {}) },
    payload: body.payload,
  });
const expectFileError = async (response: { statusCode: number; json(): any }, message: string) => {
  expect(response.statusCode).toBe(400);
  expect(response.json().errors).toEqual({ File: [message] });
};

describe('POST /api/Files', () => {
  it('stores a PDF with its detected type, size and SHA-256, and answers its id and url', async () => {
    const pdf = samplePdf();
    const response = await upload(events.authorization, oneFile('Inspection report.pdf', pdf, 'text/plain'));
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      fileName: 'Inspection report.pdf',
      contentType: 'application/pdf',
      size: pdf.length,
      url: `/api/Files/${body.id}`,
      createdBy: events.email,
    });
    const [row] = await t.db.select().from(files).where(eq(files.id, body.id));
    expect(row.sha256).toBe(createHash('sha256').update(pdf).digest('hex'));
    expect(Buffer.compare(row.data, pdf)).toBe(0);
  });

  it('stores images and names them after their content', async () => {
    const response = await upload(events.authorization, oneFile('photo', samplePng()));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ fileName: 'photo.png', contentType: 'image/png' });
  });

  it('refuses a text file renamed .pdf, an office document, an empty file and no file, writing nothing', async () => {
    const before = await fileCount();
    const notAllowed = fileMessages.notAllowed('a PDF or an image (PNG, JPEG, GIF, WebP)');
    await expectFileError(await upload(events.authorization, oneFile('manual.pdf', 'plain text', 'application/pdf')), notAllowed);
    await expectFileError(await upload(events.authorization, oneFile('manual.docx', sampleDocx())), notAllowed);
    await expectFileError(await upload(events.authorization, oneFile('empty.pdf', Buffer.alloc(0))), fileMessages.empty);
    await expectFileError(await upload(events.authorization, multipart([], { note: 'no file' })), fileMessages.chooseFile);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/Files',
      headers: { authorization: events.authorization },
      payload: { File: 'x' },
    });
    await expectFileError(json, fileMessages.chooseFile);
    expect(await fileCount()).toBe(before);
  });

  it('refuses two files and a file over 20 MB', async () => {
    const before = await fileCount();
    const two = multipart([
      { fileName: 'a.pdf', data: samplePdf() },
      { fileName: 'b.pdf', data: samplePdf() },
    ]);
    await expectFileError(await upload(events.authorization, two), fileMessages.oneFileOnly);
    const big = Buffer.concat([samplePdf(), Buffer.alloc(20 * 1024 * 1024)]);
    await expectFileError(await upload(events.authorization, oneFile('big.pdf', big)), fileMessages.tooLarge(20));
    expect(await fileCount()).toBe(before);
  });

  it('takes office documents for the help list from Admin level only', async () => {
    const response = await upload(admin.authorization, oneFile('Guide.docx', sampleDocx()), '?purpose=help');
    expect(response.statusCode).toBe(201);
    expect(response.json().contentType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    const refused = await upload(events.authorization, oneFile('Guide.docx', sampleDocx()), '?purpose=help');
    expect(refused.statusCode).toBe(403);
    expect((await upload(admin.authorization, oneFile('x.pdf', samplePdf()), '?purpose=other')).json().errors).toHaveProperty('purpose');
  });

  it('refuses no token with 401, Read level and Report users with 403', async () => {
    const before = await fileCount();
    const read = await t.loginAs({ level: 'Read' });
    const report = await t.loginAs({ level: 'SystemAdministrator', type: 'Report' });
    expect((await upload(undefined, oneFile('a.pdf', samplePdf()))).statusCode).toBe(401);
    expect((await upload(read.authorization, oneFile('a.pdf', samplePdf()))).statusCode).toBe(403);
    expect((await upload(report.authorization, oneFile('a.pdf', samplePdf()))).statusCode).toBe(403);
    expect(await fileCount()).toBe(before);
  });
});

describe('GET /api/Files/{id} with the bearer header', () => {
  it('serves the same bytes as an attachment with the stored type and nosniff', async () => {
    const pdf = samplePdf();
    const { id } = (await upload(events.authorization, oneFile('Rapport ø 84mm.pdf', pdf))).json();
    const response = await t.app.inject({ url: `/api/Files/${id}`, headers: { authorization: events.authorization } });
    expect(response.statusCode).toBe(200);
    expect(Buffer.compare(response.rawPayload, pdf)).toBe(0);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Rapport _ 84mm.pdf"; filename*=UTF-8''Rapport%20%C3%B8%2084mm.pdf`,
    );
  });

  it('answers 401 without a token and 404 for a file the user may not see', async () => {
    const file = await createFile(t.db, { createdBy: 'someone@test.example' });
    expect((await t.app.inject({ url: `/api/Files/${file.id}` })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/Files/${file.id}`, headers: { authorization: events.authorization } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/Files/999999', headers: { authorization: admin.authorization } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/Files/${file.id}`, headers: { authorization: admin.authorization } })).statusCode).toBe(200);
  });

  it('lets Read users of the owner download a certificate PDF, and no one else below Admin', async () => {
    const file = await createFile(t.db, { createdBy: 'office@test.example' });
    const { owner } = await createCertificateWithFile(t.db, file.id);
    const otherOwner = await createOwner(t.db);
    const get = (authorization: string) => t.app.inject({ url: `/api/Files/${file.id}`, headers: { authorization } });
    expect((await get((await t.loginAs({ level: 'Read', type: 'Report', owners: [owner.id] })).authorization)).statusCode).toBe(200);
    expect((await get((await t.loginAs({ level: 'Read', type: 'Report', owners: [otherOwner.id] })).authorization)).statusCode).toBe(404);
    expect((await get((await t.loginAs({ level: 'None', owners: [owner.id] })).authorization)).statusCode).toBe(404);
  });

  it('lets internal Read users download event files, not Report users', async () => {
    const file = await createFile(t.db, { createdBy: 'inspector@test.example' });
    await createEvent(t.db, { fileId: file.id });
    const get = (authorization: string) => t.app.inject({ url: `/api/Files/${file.id}`, headers: { authorization } });
    expect((await get((await t.loginAs({ level: 'Read' })).authorization)).statusCode).toBe(200);
    expect((await get((await t.loginAs({ level: 'Admin', type: 'Report' })).authorization)).statusCode).toBe(404);
  });
});

describe('GET /api/Files', () => {
  it("lists only the caller's uploads, newest first", async () => {
    const own = await t.loginAs({ level: 'Events' });
    await createFile(t.db, { createdBy: 'other@test.example' });
    const first = (await upload(own.authorization, oneFile('first.pdf', samplePdf()))).json();
    const second = (await upload(own.authorization, oneFile('second.png', samplePng()))).json();
    const response = await t.app.inject({ url: '/api/Files?pageSize=10', headers: { authorization: own.authorization } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ total: 2, page: 0, pageSize: 10 });
    expect(response.json().items.map((f: { id: number }) => f.id)).toEqual([second.id, first.id]);
  });

  it('refuses Read level, Report users and no token', async () => {
    expect((await t.app.inject({ url: '/api/Files' })).statusCode).toBe(401);
    const read = await t.loginAs({ level: 'Read' });
    expect((await t.app.inject({ url: '/api/Files', headers: { authorization: read.authorization } })).statusCode).toBe(403);
    const report = await t.loginAs({ level: 'Admin', type: 'Report' });
    expect((await t.app.inject({ url: '/api/Files', headers: { authorization: report.authorization } })).statusCode).toBe(403);
  });
});
