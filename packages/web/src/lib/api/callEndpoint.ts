import {
  type EndpointDefinition,
  type EndpointInput,
  type EndpointOutput,
  endpointPath,
  IDEMPOTENCY_HEADER,
  isPublicAccess,
} from '@portal/contract';
import { apiRequest, newTraceId, type QueryValue } from './client.ts';

/**
 * The one typed client's sender: every call names an endpoint definition of the contract, so its
 * method, path, inputs and answer are written once (there). Errors are those of `apiRequest`: an
 * ApiError with the correlation id, the 401 handler, the timeout.
 *
 * Screens never send through this module (Biome's noRestrictedImports, decision 070): they read with
 * `useEndpoint` / `fetchEndpoint` (endpointQuery.ts, reads only) and write with `useEndpointMutation`
 * / `useWrite` (mutation.ts), which refresh what the write's endpoint declares. Besides those two, only
 * the offline queue's sender (lib/api/queueSender.ts, issue 29) may send from here.
 */

export interface CallOptions {
  signal?: AbortSignal;
  /** A change kept offline: the Idempotency-Key it got when made (the queue's sender, queueSender.ts). */
  idempotencyKey?: string;
}

/** The input may be left out when the endpoint needs none (no params, no required query or body). */
export type EndpointInputArg<E extends EndpointDefinition> =
  Record<never, never> extends EndpointInput<E> ? [input?: EndpointInput<E>] : [input: EndpointInput<E>];

export type CallArgs<E extends EndpointDefinition> =
  Record<never, never> extends EndpointInput<E>
    ? [input?: EndpointInput<E>, options?: CallOptions]
    : [input: EndpointInput<E>, options?: CallOptions];

/** Any endpoint's input, as the client reads it (the typed signatures above make sure of its shape). */
export interface LooseInput {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
}

export interface EndpointRequest {
  method: EndpointDefinition['method'];
  /** The path under /api with its parameters filled in. */
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
}

const toQueryValue = (value: unknown): QueryValue =>
  value === null || value === undefined || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? value
    : String(value);

/** Method, filled-in path, query and body of one call (empty query values are left out by `buildUrl`). */
export function endpointRequest(endpoint: EndpointDefinition, input?: unknown): EndpointRequest {
  const { params, query, body } = (input ?? {}) as LooseInput;
  if (endpoint.upload && !(body instanceof FormData)) throw new Error(`${endpoint.method} ${endpoint.path} takes a FormData body`);
  return {
    method: endpoint.method,
    path: endpointPath(endpoint.path, params),
    query: query && Object.fromEntries(Object.entries(query).map(([key, value]) => [key, toQueryValue(value)])),
    body,
  };
}

/** Creates waiting for their answer, by request: the Idempotency-Key they were sent with and how many share it. */
const creates = new Map<string, { key: string; calls: number }>();

/**
 * The untyped core of `callEndpoint`, for the query helpers that hold a generic input. A create (201;
 * all are signed-in POSTs) carries an Idempotency-Key: a fresh one, or, while an identical create is
 * still waiting for its answer (a double submit), that one's, so that the server runs it once and
 * answers both (docs/security.md rule 26). Once it has answered, the same create is a new one.
 */
export async function sendEndpoint<E extends EndpointDefinition>(
  endpoint: E,
  input?: unknown,
  options: CallOptions = {},
): Promise<EndpointOutput<E>> {
  const { method, path, query, body } = endpointRequest(endpoint, input);
  const fingerprint = endpoint.status === 201 && !(body instanceof FormData) ? JSON.stringify([path, query, body]) : '';
  // A kept change's own key is never shared: each change is one request.
  const create = fingerprint && !options.idempotencyKey ? (creates.get(fingerprint) ?? { key: newTraceId(), calls: 0 }) : undefined;
  if (create) {
    create.calls += 1;
    creates.set(fingerprint, create);
  }
  const key = options.idempotencyKey ?? create?.key;
  try {
    return await apiRequest<EndpointOutput<E>>(path, {
      method,
      query,
      body,
      signal: options.signal,
      // A public endpoint's 401 (a wrong login) is the screen's business: there is no session to end.
      skipUnauthorizedHandler: isPublicAccess(endpoint.access),
      headers: key ? { [IDEMPOTENCY_HEADER]: key } : undefined,
    });
  } finally {
    if (create && --create.calls === 0) creates.delete(fingerprint);
  }
}

/** Calls an endpoint: `callEndpoint(ownerEndpoints.get, { params: { id: 3 } })` answers an Owner. */
export function callEndpoint<E extends EndpointDefinition>(endpoint: E, ...[input, options]: CallArgs<E>): Promise<EndpointOutput<E>> {
  return sendEndpoint(endpoint, input, options);
}
