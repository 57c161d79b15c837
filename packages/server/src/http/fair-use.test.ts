/** Fair use (docs/security.md rule 25): per user and kind, at most FAIR_USE_LIMITS calls at once; then 429 with Retry-After. */
import { FAIR_USE_LIMITS, FAIR_USE_RETRY_AFTER_SECONDS, fairUseMessages } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/app.ts';
import { createReportDataset } from '../../test/factories-reports.ts';

const t = await setupTestApp();
const data = await createReportDataset(t.db);

async function download(path: string, who: { authorization: string }) {
  const token = (
    await t.app.inject({ method: 'POST', url: '/api/Account/DownloadToken', headers: { authorization: who.authorization } })
  ).json().token as string;
  return t.app.inject({ url: `/api${path}${path.includes('?') ? '&' : '?'}access_token=${token}` });
}

/** Takes `n` of the user's slots of a kind, as that many running calls would; answers the function that ends them. */
function running(userId: number, kind: keyof typeof FAIR_USE_LIMITS, n: number) {
  const releases = Array.from({ length: n }, () => t.app.fairUse.acquire(userId, kind));
  return () => {
    for (const release of releases) release();
  };
}

describe('fair use', () => {
  it("a user's third export at once answers 429 with Retry-After and the message; another user's export still runs", async () => {
    const busy = await t.loginAs({ level: 'Read' });
    const other = await t.loginAs({ level: 'Read' });
    const end = running(busy.userId, 'heavy', FAIR_USE_LIMITS.heavy);
    const refused = await download(`/Export/Pdf/${data.event.id}`, busy);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(FAIR_USE_RETRY_AFTER_SECONDS));
    expect(refused.json()).toMatchObject({ status: 429, title: 'Generic Error', message: fairUseMessages.heavy });
    // Excel is the same kind: one pool of exports, imports and backups.
    expect((await download(`/Export/${data.event.id}`, busy)).statusCode).toBe(429);
    expect((await download(`/Export/Pdf/${data.event.id}`, other)).statusCode).toBe(200);
    // Lighter calls of the busy user are not held back.
    expect((await t.app.inject({ url: '/api/Events', headers: { authorization: busy.authorization } })).statusCode).toBe(200);
    end();
    expect((await download(`/Export/Pdf/${data.event.id}`, busy)).statusCode).toBe(200);
  });

  it('a finished export, a refused one and a bad request give their slot back', async () => {
    const user = await t.loginAs({ level: 'Read' });
    const end = running(user.userId, 'heavy', FAIR_USE_LIMITS.heavy - 1);
    // With one slot left, each call must have given its slot back for the next to run.
    expect((await download(`/Export/${data.event.id}`, user)).statusCode).toBe(200);
    expect((await download('/Export/999999', user)).statusCode).toBe(404);
    expect((await download(`/Export/Pdf/${data.event.id}?orientation=sideways`, user)).statusCode).toBe(400);
    expect((await download(`/Export/Pdf/${data.event.id}`, user)).statusCode).toBe(200);
    end();
  });

  it('report reads: the seventh at once answers 429; exports of the same user are another pool', async () => {
    const user = await t.loginAs({ level: 'Read' });
    const end = running(user.userId, 'report', FAIR_USE_LIMITS.report);
    const due = await t.app.inject({ url: '/api/Reports/Due', headers: { authorization: user.authorization } });
    expect(due.statusCode).toBe(429);
    expect(due.json().message).toBe(fairUseMessages.report);
    expect(due.headers['retry-after']).toBe(String(FAIR_USE_RETRY_AFTER_SECONDS));
    expect((await t.app.inject({ url: '/api/Report/keyinfo', headers: { authorization: user.authorization } })).statusCode).toBe(429);
    expect((await download(`/Export/${data.event.id}`, user)).statusCode).toBe(200);
    end();
    expect((await t.app.inject({ url: '/api/Reports/Due', headers: { authorization: user.authorization } })).statusCode).toBe(200);
  });
});
