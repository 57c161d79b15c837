import { API_TIMEOUT_MS, TRACE_HEADER } from '@portal/contract';
import { endSession, getToken } from '../session.ts';
import { ApiError } from './ApiError.ts';

/** The spec's {apiBase}: same origin in production, proxied by Vite in development. */
export const API_BASE = '/api';

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  query?: Record<string, QueryValue>;
  /** A plain object is sent as JSON; FormData is sent as multipart. */
  body?: unknown;
  responseType?: 'json' | 'text' | 'blob';
  signal?: AbortSignal;
  /** Login answers 401 for a wrong pair: that must not end the (absent) session. */
  skipUnauthorizedHandler?: boolean;
  /** Headers of the call's own (the Idempotency-Key of a create). */
  headers?: Record<string, string>;
}

let onUnauthorized: () => void = () => {};

/** The app registers how to return to the login page (the router lives outside this module). */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path.startsWith('/') ? path : `/${path}`}${search ? `?${search}` : ''}`;
}

export function newTraceId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(16)}-${Math.random().toString(16).slice(2)}`;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const url = buildUrl(path, options.query);
  const traceId = newTraceId();
  const headers: Record<string, string> = { ...options.headers, [TRACE_HEADER]: traceId, Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), API_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout.signal]) : timeout.signal;

  let response: Response;
  try {
    response = await fetch(url, { method: options.method ?? 'GET', headers, body, signal });
  } catch (error) {
    // A caller's own cancel (e.g. React Query) passes through untouched; anything else is "offline".
    if (options.signal?.aborted) throw error;
    const message = timeout.signal.aborted ? 'The server did not answer in time.' : 'The server cannot be reached.';
    throw new ApiError({ url, status: 0, correlationId: traceId, message });
  } finally {
    clearTimeout(timer);
  }

  if (!response.ok) {
    const errorBody = await readBody(response, 'json').catch(() => undefined);
    const error = new ApiError({
      url,
      status: response.status,
      body: errorBody,
      correlationId: response.headers.get(TRACE_HEADER) ?? traceId,
    });
    if (response.status === 401 && !options.skipUnauthorizedHandler) {
      endSession();
      onUnauthorized();
    }
    throw error;
  }
  if (response.status === 204) return undefined as T;
  return (await readBody(response, options.responseType ?? 'json')) as T;
}

async function readBody(response: Response, type: 'json' | 'text' | 'blob'): Promise<unknown> {
  if (type === 'blob') return response.blob();
  const text = await response.text();
  if (type === 'text') return text;
  if (text === '') return undefined;
  const contentType = response.headers.get('content-type') ?? '';
  return contentType.includes('json') ? JSON.parse(text) : text;
}
