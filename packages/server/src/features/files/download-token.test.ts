import { DOWNLOAD_TOKEN_TTL_MS, messages } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { createFile, createHelpFile, samplePdf } from '../../../test/factories-files.ts';
import { downloadTokens } from '../../db/schema.ts';

const t = await setupTestApp();
const reader = await t.loginAs({ level: 'Read' });

const newToken = async (authorization: string) => {
  const response = await t.app.inject({ method: 'POST', url: '/api/Account/DownloadToken', headers: { authorization } });
  expect(response.statusCode).toBe(200);
  return response.json() as { token: string; expiresAt: string };
};
const download = (id: number, token: string) => t.app.inject({ url: `/api/Files/${id}?access_token=${encodeURIComponent(token)}` });

describe('POST /api/Account/DownloadToken', () => {
  it('hands out a token valid about two minutes, stored only as a hash', async () => {
    const started = Date.now();
    const { token, expiresAt } = await newToken(reader.authorization);
    expect(token).toMatch(/^[\w-]{43}$/);
    const expires = new Date(expiresAt).getTime();
    expect(expires - started).toBeGreaterThanOrEqual(DOWNLOAD_TOKEN_TTL_MS - 1000);
    expect(expires - started).toBeLessThanOrEqual(DOWNLOAD_TOKEN_TTL_MS + 5000);
    const stored = await t.db.select().from(downloadTokens);
    expect(stored.some((row) => row.tokenHash === token)).toBe(false);
  });

  it('refuses a request without a session', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/Account/DownloadToken' })).statusCode).toBe(401);
  });
});

describe('GET /api/Files/{id}?access_token=', () => {
  it('downloads a help file once with the token; the same token is refused the second time', async () => {
    const pdf = samplePdf();
    const { file } = await createHelpFile(t.db, { data: pdf, fileName: 'Guide.pdf' });
    const { token } = await newToken(reader.authorization);
    const first = await download(file.id, token);
    expect(first.statusCode).toBe(200);
    expect(Buffer.compare(first.rawPayload, pdf)).toBe(0);
    expect(first.headers['content-disposition']).toContain('attachment; filename="Guide.pdf"');
    expect((await download(file.id, token)).statusCode).toBe(401);
  });

  it('refuses an expired token, an unknown token and a missing one', async () => {
    const { file } = await createHelpFile(t.db);
    const { token } = await newToken(reader.authorization);
    await t.db.update(downloadTokens).set({ expiresAt: sql`now() - interval '1 second'` });
    expect((await download(file.id, token)).statusCode).toBe(401);
    expect((await download(file.id, 'not-a-token')).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/Files/${file.id}` })).statusCode).toBe(401);
  });

  it('ends with the session that asked for it: after logout the link is refused', async () => {
    const { file } = await createHelpFile(t.db, { fileName: 'Guide.pdf' });
    const leaving = await t.loginAs({ level: 'Read' });
    const { token } = await newToken(leaving.authorization);
    const logout = await t.app.inject({ method: 'POST', url: '/api/Account/Logout', headers: { authorization: leaving.authorization } });
    expect(logout.statusCode).toBe(204);
    const response = await download(file.id, token);
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(messages.notSignedIn);
  });

  it('is declared a download link, so the access snapshot and walker see it', () => {
    const route = t.app.declaredRoutes.find((r) => r.method === 'GET' && r.url === '/api/Files/:id');
    expect(route?.access).toEqual({ level: 'None', ownerScoped: true, download: true });
  });

  it("applies the token user's own access: a Report user's token does not open a help file", async () => {
    const { file } = await createHelpFile(t.db);
    const report = await t.loginAs({ level: 'Admin', type: 'Report' });
    const { token } = await newToken(report.authorization);
    expect((await download(file.id, token)).statusCode).toBe(404);
  });

  it("does not widen access: another uploader's file stays hidden from an Events user", async () => {
    const file = await createFile(t.db, { createdBy: 'else@test.example' });
    const events = await t.loginAs({ level: 'Events' });
    expect((await download(file.id, (await newToken(events.authorization)).token)).statusCode).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('documents every files, help and tags call', async () => {
    const paths = (await t.app.inject({ url: '/api/openapi.json' })).json().paths;
    expect(Object.keys(paths['/api/Files'])).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(paths['/api/Files/{id}'])).toEqual(expect.arrayContaining(['get', 'put', 'delete']));
    expect(Object.keys(paths['/api/Help'])).toEqual(expect.arrayContaining(['get', 'post', 'delete']));
    expect(Object.keys(paths['/api/EquipmentTags'])).toEqual(expect.arrayContaining(['get', 'post']));
    expect(paths['/api/Account/DownloadToken'].post).toBeDefined();
    expect(paths['/api/Files'].post.requestBody.content['multipart/form-data'].schema.properties).toHaveProperty('File');
  });
});
