import { API_TIMEOUT_MS, fairUseMessages, TRACE_HEADER } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToken, startSession } from '../session.ts';
import { ApiError } from './ApiError.ts';
import { apiRequest, buildUrl, setUnauthorizedHandler } from './client.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('api client', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    localStorage.clear();
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    vi.useRealTimers();
    setUnauthorizedHandler(() => {});
  });

  it('builds urls under /api and leaves out empty query values', () => {
    expect(buildUrl('/Events/byFilter', { user: 'a@b.c', rig: 3, eventType: null, page: 0, x: '' })).toBe(
      '/api/Events/byFilter?user=a%40b.c&rig=3&page=0',
    );
  });

  it('sends the bearer token and a fresh trace id, and parses JSON', async () => {
    startSession('tok-1', 'user@example.com');
    fetchMock.mockImplementation(async () => json(200, { total: 1 }));
    await expect(apiRequest('/Events', { query: { page: 0 } })).resolves.toEqual({ total: 1 });
    await apiRequest('/Events');
    const [url, init] = fetchMock.mock.calls[0];
    const headers = init?.headers as Record<string, string>;
    expect(url).toBe('/api/Events?page=0');
    expect(headers.Authorization).toBe('Bearer tok-1');
    expect(headers[TRACE_HEADER]).toMatch(/.{8,}/);
    const secondHeaders = fetchMock.mock.calls[1][1]?.headers as Record<string, string>;
    expect(secondHeaders[TRACE_HEADER]).not.toBe(headers[TRACE_HEADER]);
  });

  it('sends JSON bodies and reads 204 as undefined and text as text', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(apiRequest('/Account/Logout', { method: 'POST', body: { a: 1 } })).resolves.toBeUndefined();
    expect(fetchMock.mock.calls[0][1]?.body).toBe('{"a":1}');
    fetchMock.mockResolvedValueOnce(new Response('hello', { status: 200 }));
    await expect(apiRequest('/x', { responseType: 'text' })).resolves.toBe('hello');
  });

  it('turns an error body into an ApiError with title, message, field errors and correlation id', async () => {
    fetchMock.mockResolvedValue(
      json(400, {
        status: 400,
        title: 'Bad Request',
        message: 'The request has invalid fields',
        errors: { rig: ['Rig is required'], eventDate: ['Event date is required', 'Bad date'] },
        correlationId: 'c-1',
      }),
    );
    const error = (await apiRequest('/Events', { method: 'POST', body: {} }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, title: 'Bad Request', message: 'The request has invalid fields', correlationId: 'c-1' });
    expect(error.url).toBe('/api/Events');
    expect(error.fieldErrors.eventDate).toEqual(['Event date is required', 'Bad date']);
    expect(error.problemCount).toBe(3);
  });

  it('ends the session on a 401 and calls the unauthorized handler, except for login', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    startSession('tok-1', 'u');
    fetchMock.mockImplementation(async () => json(401, { status: 401, title: 'Unauthorized', message: 'nope', correlationId: 'c' }));
    await expect(apiRequest('/Account/Login', { method: 'POST', body: {}, skipUnauthorizedHandler: true })).rejects.toMatchObject({
      status: 401,
    });
    expect(handler).not.toHaveBeenCalled();
    expect(getToken()).toBe('tok-1');
    await expect(apiRequest('/Account/CurrentUser')).rejects.toMatchObject({ status: 401, message: 'nope' });
    expect(handler).toHaveBeenCalledOnce();
    expect(getToken()).toBeNull();
  });

  it("maps a network failure to status 0 'API Offline'", async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiRequest('/Events')).rejects.toMatchObject({ status: 0, title: 'API Offline' });
  });

  it("titles a proxy's page by status (section 8): 502 'Bad Gateway', 403 'Forbidden', an unlisted status 'Generic Error'", async () => {
    fetchMock.mockImplementation(
      async () => new Response('<html>bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }),
    );
    await expect(apiRequest('/Events')).rejects.toMatchObject({ status: 502, title: 'Bad Gateway' });
    fetchMock.mockImplementation(async () => new Response('', { status: 403 }));
    await expect(apiRequest('/Events')).rejects.toMatchObject({ status: 403, title: 'Forbidden' });
    fetchMock.mockImplementation(async () => new Response('', { status: 429 }));
    await expect(apiRequest('/Events')).rejects.toMatchObject({ status: 429, title: 'Generic Error', message: 'Generic Error' });
  });

  it("shows a fair-use refusal (429) under 'Generic Error' with the server's message to wait", async () => {
    fetchMock.mockImplementation(async () =>
      json(429, { status: 429, title: 'Generic Error', message: fairUseMessages.report, correlationId: 'c-1' }),
    );
    await expect(apiRequest('/Reports/Due')).rejects.toMatchObject({
      status: 429,
      title: 'Generic Error',
      message: fairUseMessages.report,
    });
  });

  it('gives up after API_TIMEOUT_MS as API Offline', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    const pending = apiRequest('/Events').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS);
    await expect(pending).resolves.toMatchObject({ status: 0, title: 'API Offline', message: 'The server did not answer in time.' });
  });

  it("passes the caller's own cancel through untouched", async () => {
    const controller = new AbortController();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    const pending = apiRequest('/Events', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    expect(await pending).toBeInstanceOf(DOMException);
  });
});
