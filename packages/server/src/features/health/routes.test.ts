import { messages } from '@portal/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { buildApp } from '../../app.ts';
import { readConfig } from '../../config.ts';
import { openPostgres } from '../../db/client.ts';

const t = await setupTestApp();

describe('GET /api/health', () => {
  it('answers 200 while the database answers', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', uptimeSeconds: expect.any(Number) });
  });

  describe('with the database down (a PostgreSQL server that does not answer)', async () => {
    // Port 9 (discard) on loopback: nothing listens, so every connection is refused at once.
    const handle = openPostgres('postgres://portal:portal@127.0.0.1:9/portal');
    const app = await buildApp({ db: handle.db, databaseReady: handle.ready, config: readConfig({}) });
    afterAll(async () => {
      await app.close();
      await handle.close();
    });

    it('health answers 503, so a load balancer stops sending traffic', async () => {
      const response = await app.inject({ url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 503, title: 'Service Unavailable', message: messages.databaseUnavailable });
    });

    it('a data call answers 503 with the error model, not a 500, and the server keeps serving', async () => {
      for (let i = 0; i < 3; i++) {
        const response = await app.inject({ url: '/api/Account/CurrentUser', headers: { authorization: `Bearer ${'x'.repeat(43)}` } });
        expect(response.statusCode).toBe(503);
        expect(response.json()).toMatchObject({ message: messages.databaseUnavailable, correlationId: expect.any(String) });
      }
      const login = await app.inject({ method: 'POST', url: '/api/Account/Login', payload: { username: 'a@b.example', password: 'x' } });
      expect(login.statusCode).toBe(503);
    });
  });
});
