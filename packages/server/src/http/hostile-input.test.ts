/**
 * Hostile input answers 400 or 404, never 500: ids beyond PostgreSQL's integer, negative, fractional
 * or not numbers; text with NUL and control characters; malformed multipart bodies. Generated from
 * the registered routes, so every new route is probed too.
 */
import { allEndpoints } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { setupTestApp } from '../../test/app.ts';

const t = await setupTestApp();
const admin = await t.loginAs({ level: 'SystemAdministrator' });
const headers = { authorization: admin.authorization };

const badIds = ['2147483648', '99999999999999999999', '-1', '1.5', 'abc', '%00', '1e3'];
const withParams = allEndpoints.filter((endpoint) => endpoint.path.includes(':'));

/** Path parameters that are text, not ids (a stamped id): any printable text is valid, control characters are not. */
const isTextParam = (endpoint: (typeof allEndpoints)[number], name: string) => {
  const shape = endpoint.params instanceof z.ZodObject ? (endpoint.params.shape as Record<string, z.ZodType>) : {};
  const parsed = shape[name]?.safeParse('abc');
  return parsed?.success === true && typeof parsed.data === 'string';
};
const withTextParams = withParams.filter((endpoint) =>
  [...endpoint.path.matchAll(/:(\w+)/g)].some(([, name]) => isTextParam(endpoint, name)),
);

describe('hostile path parameters', () => {
  // An endpoint whose parameters are all text has no id to probe: the text probes below cover it.
  for (const endpoint of withParams.filter((e) => [...e.path.matchAll(/:(\w+)/g)].some(([, name]) => !isTextParam(e, name)))) {
    it(`${endpoint.method} ${endpoint.path}`, async () => {
      for (const bad of badIds) {
        const url = `/api${endpoint.path.replace(/:(\w+)/g, (_, name: string) => (name === 'flag' ? 'true' : name === 'chipId' ? 'ABCDEFGH12345678' : isTextParam(endpoint, name) ? 'ABC-1' : bad))}`;
        const response = await t.app.inject({ method: endpoint.method, url, headers, ...(endpoint.method !== 'GET' && { payload: {} }) });
        expect([400, 404], `${url}: ${response.body}`).toContain(response.statusCode);
      }
    });
  }
});

const hostileText = ['\u0000', 'a\u0000b', '\u001b[31m', '\u007f'];

describe('hostile text path parameters', () => {
  for (const endpoint of withTextParams) {
    it(`${endpoint.method} ${endpoint.path}`, async () => {
      for (const bad of hostileText) {
        const url = `/api${endpoint.path.replace(/:(\w+)/g, (_, name: string) => (isTextParam(endpoint, name) ? encodeURIComponent(bad) : '1'))}`;
        const response = await t.app.inject({ method: endpoint.method, url, headers, ...(endpoint.method !== 'GET' && { payload: {} }) });
        expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
      }
    });
  }
});

const withQueryText = allEndpoints.flatMap((endpoint) => {
  const shape = endpoint.query instanceof z.ZodObject ? Object.keys(endpoint.query.shape) : [];
  return shape.filter((key) => key !== 'access_token').map((key) => ({ endpoint, key }));
});

describe('hostile query strings', () => {
  for (const { endpoint, key } of withQueryText) {
    it(`${endpoint.method} ${endpoint.path} ?${key}`, async () => {
      for (const bad of hostileText) {
        const path = endpoint.path.replace(/:(\w+)/g, '1');
        const response = await t.app.inject({
          method: endpoint.method,
          url: `/api${path}`,
          query: { [key]: bad },
          headers,
          payload: endpoint.method === 'GET' ? undefined : {},
        });
        expect(response.statusCode, `${key}=${JSON.stringify(bad)}: ${response.body}`).toBe(400);
      }
    });
  }
});

describe('hostile text in bodies reaches no database', () => {
  it('a login name with NUL is a 400 naming the field', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/Account/Login', payload: { username: 'a\u0000b', password: 'x' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.username).toEqual(['Username must not contain control characters']);
  });

  it('an owner name with a control character is a 400 naming the field, and nothing is written', async () => {
    const before = (await t.app.inject({ url: '/api/Owners', headers })).json().length;
    const response = await t.app.inject({ method: 'POST', url: '/api/Owners', headers, payload: { name: 'Evil\u0007', shortCode: 'EV' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.name).toEqual(['Name must not contain control characters']);
    expect((await t.app.inject({ url: '/api/Owners', headers })).json().length).toBe(before);
  });
});

describe('unknown body keys named like object internals', () => {
  it("'constructor', 'toString' and '__proto__' are 400s naming the key (a 500 once)", async () => {
    for (const key of ['constructor', 'toString', '__proto__']) {
      const payload = `{"name":"Owner","shortCode":"OW","${key}":1}`;
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/Owners',
        headers: { ...headers, 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, key).toBe(400);
      // The JSON parser itself refuses '__proto__'; the others reach validation.
      if (key !== '__proto__') expect(response.json().errors[key], key).toEqual(['This field is not allowed']);
      else expect(response.json()).toMatchObject({ status: 400, title: 'Bad Request' });
    }
  });
});

describe('malformed multipart bodies', () => {
  const uploads = allEndpoints.filter((endpoint) => endpoint.upload);
  const bodies = [
    { contentType: 'multipart/form-data', payload: 'no boundary at all' },
    {
      contentType: 'multipart/form-data; boundary=X',
      payload: '--X\r\nContent-Disposition: form-data; name="File"; filename="a.pdf"\r\n\r\n%PDF-1.4 cut short',
    },
    { contentType: 'multipart/form-data; boundary=X', payload: '--X\r\nbroken header line\r\n\r\nx\r\n--X--\r\n' },
  ];
  for (const endpoint of uploads) {
    it(`${endpoint.method} ${endpoint.path} answers 400 naming File`, async () => {
      for (const body of bodies) {
        const response = await t.app.inject({
          method: endpoint.method,
          // Valid ids in the path, so that the body is what is refused.
          url: `/api${endpoint.path.replace(/:\w+/g, '1')}`,
          headers: { ...headers, 'content-type': body.contentType },
          payload: body.payload,
        });
        expect(response.statusCode, response.body).toBe(400);
        expect(Object.keys(response.json().errors ?? { File: [] })).toEqual(['File']);
      }
    });
  }
});

describe('API responses', () => {
  it('carry Cache-Control: no-store', async () => {
    const response = await t.app.inject({ url: '/api/Account/CurrentUser', headers });
    expect(response.headers['cache-control']).toBe('no-store');
    expect((await t.app.inject({ url: '/api/Nope', headers })).headers['cache-control']).toBe('no-store');
  });
});
