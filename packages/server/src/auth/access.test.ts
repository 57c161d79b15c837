import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/app.ts';
import { buildApp } from '../app.ts';
import { readConfig } from '../config.ts';

const t = await setupTestApp();

describe('route permission walker', () => {
  it('every registered API route declares its access', () => {
    expect(t.app.declaredRoutes.length).toBeGreaterThan(5);
    const undeclared = t.app.declaredRoutes.filter((route) => !route.access);
    expect(undeclared).toEqual([]);
  });

  it('every route that is not public refuses a request without a token', async () => {
    const guarded = t.app.declaredRoutes.filter((route) => route.access && !('public' in route.access) && route.method !== 'HEAD');
    expect(guarded.length).toBeGreaterThan(3);
    for (const route of guarded) {
      const url = route.url.replace(/:[A-Za-z_]\w*/g, '1');
      const response = await t.app.inject({ method: route.method as 'GET', url, payload: route.method === 'GET' ? undefined : {} });
      expect({ route: `${route.method} ${route.url}`, status: response.statusCode }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 401,
      });
    }
  });

  it('refuses to start when a route has no access declaration', async () => {
    const app = await buildApp({ db: t.db, databaseReady: t.handle.ready, config: readConfig({}) });
    const start = async () => {
      await app.register(async (api) => api.get('/api/undeclared', () => 'x'));
      await app.ready();
    };
    await expect(start()).rejects.toThrow(/does not declare its access/);
  });
});

describe('error model', () => {
  it('answers unknown API paths with the JSON 404 body', async () => {
    const response = await t.app.inject({ url: '/api/NoSuchThing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 404, title: 'Not Found', correlationId: expect.any(String) });
  });

  it('answers malformed JSON with 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/Account/Login',
      headers: { 'content-type': 'application/json' },
      payload: '{bad',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 400, title: 'Bad Request' });
  });
});

describe('OpenAPI', () => {
  it('documents the account endpoints with their schemas', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    const login = doc.paths['/api/Account/Login'].post;
    expect(login.requestBody.content['application/json'].schema.properties).toHaveProperty('username');
    expect(login.responses['200'].content['application/json'].schema.properties).toHaveProperty('token');
    expect(doc.paths['/api/Account/CurrentUser'].get.responses['200']).toBeDefined();
    expect(doc.paths['/api/Account/Logout'].post).toBeDefined();
  });

  it('serves browsable docs', async () => {
    const response = await t.app.inject({ url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    // Its inline boot script is allowed there, and nowhere else.
    expect(response.headers['content-security-policy']).toContain("script-src 'self' 'unsafe-inline'");
    const other = await t.app.inject({ url: '/api/health' });
    expect(other.headers['content-security-policy']).toContain("script-src 'self';");
  });
});
