import {
  accountEndpoints,
  equipmentTagEndpoints,
  eventEndpoints,
  eventFormEndpoints,
  fileEndpoints,
  IDEMPOTENCY_HEADER,
  ownerEndpoints,
  userEndpoints,
} from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callEndpoint, endpointRequest } from './callEndpoint.ts';
import { setUnauthorizedHandler } from './client.ts';
import { downloadUrl } from './download.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** No DOM: a small in-memory localStorage for the session module. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

describe('endpointRequest', () => {
  it('fills in path parameters, URI-encoded', () => {
    expect(endpointRequest(ownerEndpoints.subType, { params: { id: 1, t: 2, s: 3 } })).toEqual({
      method: 'GET',
      path: '/Owners/1/types/2/subtypes/3',
      query: undefined,
      body: undefined,
    });
    expect(endpointRequest(userEndpoints.setChip, { params: { userId: 7, chipId: 'AB/CD' } }).path).toBe('/Account/SetUserChip/7/AB%2FCD');
  });

  it('refuses a missing path parameter', () => {
    expect(() => endpointRequest(ownerEndpoints.get, { params: {} })).toThrow('Missing path parameter id for /Owners/:id');
  });

  it('passes the query and the body on', () => {
    expect(endpointRequest(eventEndpoints.byFilter, { query: { page: 0, user: 'a@b.c', rig: null } })).toMatchObject({
      path: '/Events/byFilter',
      query: { page: 0, user: 'a@b.c', rig: null },
    });
    expect(endpointRequest(ownerEndpoints.update, { params: { id: 4 }, body: { name: 'N', shortCode: 'C' } })).toMatchObject({
      method: 'PUT',
      path: '/Owners/4',
      body: { name: 'N', shortCode: 'C' },
    });
  });

  it('takes only FormData for an upload endpoint', () => {
    expect(() => endpointRequest(equipmentTagEndpoints.import, { body: { File: 'x' } })).toThrow('takes a FormData body');
    const form = new FormData();
    expect(endpointRequest(equipmentTagEndpoints.import, { query: { validate: 'true' }, body: form }).body).toBe(form);
  });
});

describe('callEndpoint', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('localStorage', memoryStorage());
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    setUnauthorizedHandler(() => {});
  });

  it('sends a create with an Idempotency-Key: one key for a double submit, a fresh one once it has answered, none on other calls', async () => {
    const answers: ((response: Response) => void)[] = [];
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => answers.push(resolve)));
    const create = () => callEndpoint(eventFormEndpoints.create, { body: { type: 1, rig: 2, referenceNo: 3, eventDate: '2026-05-04' } });
    const keyOf = (call: number) => new Headers(fetchMock.mock.calls[call][1]?.headers).get(IDEMPOTENCY_HEADER);
    const first = create();
    const second = create();
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    expect(keyOf(0)).toMatch(/^[\x21-\x7e]{1,200}$/);
    expect(keyOf(1)).toBe(keyOf(0));
    for (const answer of answers) answer(json(201, { id: 9 }));
    await Promise.all([first, second]);
    const third = create();
    await vi.waitFor(() => expect(answers).toHaveLength(3));
    expect(keyOf(2)).not.toBe(keyOf(0));
    answers[2](json(201, { id: 10 }));
    await third;
    fetchMock.mockResolvedValue(json(200, { id: 10, version: 2 }));
    await callEndpoint(eventFormEndpoints.update, {
      params: { id: 10 },
      body: { rig: 2, referenceNo: 3, eventDate: '2026-05-04', version: 1 },
    }).catch(() => undefined);
    expect(keyOf(3)).toBeNull();
  });

  it("sends a kept change's own Idempotency-Key as given, on any write, never shared with an identical create", async () => {
    fetchMock.mockImplementation(async () => json(201, { id: 9 }));
    const keyOf = (call: number) => new Headers(fetchMock.mock.calls[call][1]?.headers).get(IDEMPOTENCY_HEADER);
    const body = { type: 1, rig: 2, referenceNo: 3, eventDate: '2026-05-04' };
    await Promise.all([
      callEndpoint(eventFormEndpoints.create, { body }, { idempotencyKey: 'kept-1' }),
      callEndpoint(eventFormEndpoints.create, { body }, { idempotencyKey: 'kept-2' }),
      callEndpoint(eventFormEndpoints.create, { body }),
    ]);
    await callEndpoint(ownerEndpoints.update, { params: { id: 4 }, body: { name: 'N', shortCode: 'C' } }, { idempotencyKey: 'kept-3' });
    expect([keyOf(0), keyOf(1), keyOf(3)]).toEqual(['kept-1', 'kept-2', 'kept-3']);
    expect(keyOf(2)).not.toMatch(/^kept/);
  });

  it('calls the endpoint under /api with its method, query and JSON body', async () => {
    fetchMock.mockResolvedValue(json(200, { items: [], total: 0, page: 1, pageSize: 20 }));
    await expect(
      callEndpoint(eventEndpoints.byFilter, { query: { page: 1, pageSize: 20, user: 'a@b.c', rig: '' } }),
    ).resolves.toMatchObject({
      total: 0,
    });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/Events/byFilter?page=1&pageSize=20&user=a%40b.c');
    expect(fetchMock.mock.calls[0][1]?.method).toBe('GET');

    fetchMock.mockResolvedValue(json(201, { id: 1 }));
    await callEndpoint(ownerEndpoints.createType, { body: { name: 'Chains', owner: 2 } });
    const [url, init] = fetchMock.mock.calls[1];
    expect(url).toBe('/api/CertificateTypes/certificateType');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"name":"Chains","owner":2}');
  });

  it("reads a 204 as undefined and passes the caller's signal on", async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    const controller = new AbortController();
    await expect(callEndpoint(userEndpoints.delete, { params: { id: 9 } }, { signal: controller.signal })).resolves.toBeUndefined();
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/Users/9');
    expect(init?.method).toBe('DELETE');
    controller.abort();
    expect(init?.signal?.aborted).toBe(true);
  });

  it('ends the session on a 401 of a guarded endpoint, but not on a failed login (public)', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    fetchMock.mockImplementation(async () => json(401, { status: 401, title: 'Unauthorized', message: 'nope', correlationId: 'c' }));
    await expect(callEndpoint(accountEndpoints.login, { body: { username: 'u', password: 'p' } })).rejects.toMatchObject({
      status: 401,
      correlationId: 'c',
    });
    expect(handler).not.toHaveBeenCalled();
    await expect(callEndpoint(accountEndpoints.currentUser)).rejects.toMatchObject({ status: 401 });
    expect(handler).toHaveBeenCalledOnce();
  });

  it('builds a download link with a fresh download token', async () => {
    fetchMock.mockResolvedValue(json(200, { token: 't-1', expiresAt: '2030-01-01T00:00:00Z' }));
    await expect(downloadUrl(fileEndpoints.download, { id: 12 })).resolves.toBe('/api/Files/12?access_token=t-1');
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/Account/DownloadToken');
    expect(init?.method).toBe('POST');
  });
});
