import type { EndpointDefinition, EndpointInput, EndpointOutput, endpointsByFeature } from '@portal/contract';
import {
  type QueryClient,
  type QueryKey,
  queryOptions,
  type UseMutationOptions,
  type UseQueryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { type EndpointInputArg, type LooseInput, sendEndpoint } from './callEndpoint.ts';

/**
 * Query keys follow from the endpoint, so no screen writes one:
 *
 *   endpointKey(ownerEndpoints.types, { params: { id: 3 } })
 *     -> ['Owners', '/Owners/:id/types', { id: 3 }, {}]
 *        [segment,  endpoint path,       params,    query]
 *
 * TanStack matches keys by prefix (and objects by their given fields), so a write refreshes
 *   - a whole area by its first path segment: 'Owners' -> every /Owners/... query;
 *   - one endpoint: ownerEndpoints.types -> /Owners/:id/types for every owner;
 *   - one call: endpointKey(ownerEndpoints.types, { params: { id: 3 } }).
 * Segments are spelled as in the paths ('Owners', 'Folders', 'Rigs'), checked against the contract.
 */
export type EndpointKey = readonly [segment: string, path: string, params: object, query: object];

type AllEndpoints = {
  [F in keyof typeof endpointsByFeature]: (typeof endpointsByFeature)[F][keyof (typeof endpointsByFeature)[F]];
}[keyof typeof endpointsByFeature];
type FirstSegment<P> = P extends `/${infer S}/${string}` ? S : P extends `/${infer S}` ? S : never;
/** The first path segments of the API: 'Account', 'Owners', 'CertificateTypes', 'Folders', 'Rigs', ... */
export type EndpointSegment = FirstSegment<AllEndpoints['path']>;

/** What a write refreshes: a segment, an endpoint, or an exact key (e.g. from `endpointKey`). */
export type InvalidationTarget = EndpointSegment | EndpointDefinition | QueryKey;

/** '/Owners/:id/types' -> 'Owners'. */
export const endpointSegment = (endpoint: Pick<EndpointDefinition, 'path'>): string => endpoint.path.split('/')[1] ?? '';

function keyOf(endpoint: EndpointDefinition, input?: unknown): EndpointKey {
  const { params, query } = (input ?? {}) as LooseInput;
  return [endpointSegment(endpoint), endpoint.path, params ?? {}, query ?? {}];
}

export function endpointKey<E extends EndpointDefinition>(endpoint: E, ...[input]: EndpointInputArg<E>): EndpointKey {
  return keyOf(endpoint, input);
}

/** The key prefix a target stands for. */
export function invalidationKey(target: InvalidationTarget): QueryKey {
  if (typeof target === 'string') return [target];
  if ('path' in target && 'method' in target) return [endpointSegment(target), target.path];
  return target;
}

export function invalidateEndpoints(queryClient: QueryClient, targets: readonly InvalidationTarget[]): Promise<unknown> {
  return Promise.all(targets.map((target) => queryClient.invalidateQueries({ queryKey: invalidationKey(target) })));
}

/** Query options (key and fetcher) of one call, for `useQuery`, prefetching or `setQueryData`. */
export function endpointQuery<E extends EndpointDefinition>(endpoint: E, ...[input]: EndpointInputArg<E>) {
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
export function useEndpoint<E extends EndpointDefinition>(endpoint: E, ...[input, options]: QueryArgs<E>) {
  const query = endpointQuery(endpoint, ...([input] as EndpointInputArg<E>));
  return useQuery({ ...options, queryKey: query.queryKey, queryFn: query.queryFn });
}

/** What `mutate` takes: the endpoint's input, or nothing when it needs none. */
export type MutationInput<E extends EndpointDefinition> =
  Record<never, never> extends EndpointInput<E> ? EndpointInput<E> | undefined : EndpointInput<E>;

export interface EndpointMutationOptions<E extends EndpointDefinition, OnMutate = unknown>
  extends Omit<UseMutationOptions<EndpointOutput<E>, Error, MutationInput<E>, OnMutate>, 'mutationFn'> {
  /** Refreshed after a success (after the screen's own onSuccess): segments, endpoints or keys. */
  invalidates?: readonly InvalidationTarget[];
}

/** `useEndpointMutation(ownerEndpoints.create, { invalidates: ['Owners'] })`; `mutate({ body })`. */
export function useEndpointMutation<E extends EndpointDefinition, OnMutate = unknown>(
  endpoint: E,
  { invalidates = [], onSuccess, ...options }: EndpointMutationOptions<E, OnMutate> = {},
) {
  const queryClient = useQueryClient();
  return useMutation<EndpointOutput<E>, Error, MutationInput<E>, OnMutate>({
    ...options,
    mutationFn: (input) => sendEndpoint(endpoint, input),
    onSuccess: async (...args) => {
      await onSuccess?.(...args);
      await invalidateEndpoints(queryClient, invalidates);
    },
  });
}
