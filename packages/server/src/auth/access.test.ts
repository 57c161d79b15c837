import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/app.ts';
import { buildApp } from '../app.ts';
import { readConfig } from '../config.ts';
import { inlineScriptHashes } from '../http/security-headers.ts';

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
    // Its inline boot script is allowed by its hash; no page allows inline scripts as such.
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' 'sha256-[\w+/=]{44}';/);
    expect(csp.match(/script-src [^;]*/)?.[0]).toBe(`script-src 'self' ${inlineScriptHashes(response.body).join(' ')}`);
    const other = await t.app.inject({ url: '/api/health' });
    expect(other.headers['content-security-policy']).toContain("script-src 'self';");
  });

  it("serves the reference's script, and its address without the slash (loaded with the first request)", async () => {
    const script = await t.app.inject({ url: '/api/docs/js/scalar.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('application/javascript');
    expect(script.body.length).toBeGreaterThan(1_000_000);
    const bare = await t.app.inject({ url: '/api/docs' });
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe('/api/docs/');
  });
});

describe('security headers', () => {
  it('over plain HTTP: no HSTS and no upgrade-insecure-requests (a LAN install without TLS keeps working)', async () => {
    for (const url of ['/api/health', '/api/docs/', '/']) {
      const response = await t.app.inject({ url });
      expect(response.headers['strict-transport-security'], url).toBeUndefined();
      expect(String(response.headers['content-security-policy']), url).not.toContain('upgrade-insecure-requests');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(String(response.headers['content-security-policy']), url).toContain("frame-ancestors 'self'");
      expect(response.headers['referrer-policy'], url).toBe('no-referrer');
    }
  });

  it('behind HTTPS (a trusted proxy says so) or with FORCE_HTTPS: both are sent', async () => {
    const cases = [
      { config: { TRUST_PROXY: '127.0.0.1' }, headers: { 'x-forwarded-proto': 'https' } },
      { config: { FORCE_HTTPS: '1' }, headers: {} },
    ];
    for (const { config, headers } of cases) {
      const app = await buildApp({ db: t.db, databaseReady: t.handle.ready, config: readConfig(config) });
      const response = await app.inject({ url: '/api/health', headers });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(String(response.headers['content-security-policy'])).toMatch(/;upgrade-insecure-requests$/);
      await app.close();
    }
    // An untrusted client cannot switch it on for itself.
    const spoofed = await t.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });
});
