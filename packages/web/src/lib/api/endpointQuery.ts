import type { CacheTarget, EndpointDefinition, EndpointInput, EndpointOutput } from '@portal/contract';
import { type QueryKey, queryOptions, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { type CallArgs, type EndpointInputArg, type LooseInput, sendEndpoint } from './callEndpoint.ts';

/**
 * Reads. Query keys follow from the endpoint, so no screen writes one:
 *
 *   endpointKey(ownerEndpoints.types, { params: { id: 3 } })
 *     -> ['Owners', '/Owners/:id/types', { id: 3 }, {}]
 *        [area,     endpoint path,       params,    query]
 *
 * TanStack matches keys by prefix (and objects by their given fields), so a write's declared targets
 * (contract cache.ts) refresh a whole area by its first path segment ('Owners' -> every /Owners/...
 * query) or one endpoint by its path ('/Owners/:id/types' -> that endpoint for every owner).
 */
export type EndpointKey = readonly [area: string, path: string, params: object, query: object];

/**
 * An endpoint that changes nothing the web caches: a GET, or a read sent as POST (`invalidates: []`).
 * Writes go through mutation.ts, which refreshes what they change.
 */
export type ReadEndpoint = EndpointDefinition & ({ method: 'GET' } | { invalidates: readonly [] });

/** '/Owners/:id/types' -> 'Owners'. */
export const endpointSegment = (endpoint: Pick<EndpointDefinition, 'path'>): string => endpoint.path.split('/')[1] ?? '';

function keyOf(endpoint: EndpointDefinition, input?: unknown): EndpointKey {
  const { params, query } = (input ?? {}) as LooseInput;
  return [endpointSegment(endpoint), endpoint.path, params ?? {}, query ?? {}];
}

export function endpointKey<E extends ReadEndpoint>(endpoint: E, ...[input]: EndpointInputArg<E>): EndpointKey {
  return keyOf(endpoint, input);
}

/** The key prefix of a declared target: an area ('Owners') or one GET path ('/Account/GetUsers'). */
export function targetKey(target: CacheTarget): QueryKey {
  return target.startsWith('/') ? [endpointSegment({ path: target }), target] : [target];
}

/** Calls a read outside a query (a check before a dialog, a query function of a screen's own key). */
export function fetchEndpoint<E extends ReadEndpoint>(endpoint: E, ...[input, options]: CallArgs<E>): Promise<EndpointOutput<E>> {
  return sendEndpoint(endpoint, input, options);
}

/** Query options (key and fetcher) of one call, for `useQuery`, prefetching or `setQueryData`. */
export function endpointQuery<E extends ReadEndpoint>(endpoint: E, ...[input]: EndpointInputArg<E>) {
  return queryOptions<EndpointOutput<E>, Error, EndpointOutput<E>, EndpointKey>({
    queryKey: keyOf(endpoint, input),
    queryFn: ({ signal }) => sendEndpoint(endpoint, input, { signal }),
  });
}

/** Options a screen may add to a query (`enabled`, `placeholderData`, `staleTime`, `meta`...). */
export type EndpointQueryOptions<E extends EndpointDefinition> = Omit<
  UseQueryOptions<EndpointOutput<E>, Error, EndpointOutput<E>, EndpointKey>,
  'queryKey' | 'queryFn'
>;

type QueryArgs<E extends EndpointDefinition> =
  Record<never, never> extends EndpointInput<E>
    ? [input?: EndpointInput<E>, options?: EndpointQueryOptions<E>]
    : [input: EndpointInput<E>, options?: EndpointQueryOptions<E>];

/** `useEndpoint(ownerEndpoints.list)`, `useEndpoint(ownerEndpoints.get, { params: { id } }, { meta: { toastErrors: false } })`. */
export function useEndpoint<E extends ReadEndpoint>(endpoint: E, ...[input, options]: QueryArgs<E>) {
  const query = endpointQuery(endpoint, ...([input] as EndpointInputArg<E>));
  return useQuery({ ...options, queryKey: query.queryKey, queryFn: query.queryFn });
}
