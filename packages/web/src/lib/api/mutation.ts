import type { EndpointDefinition, EndpointOutput } from '@portal/contract';
import { type QueryClient, type UseMutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { isApiError } from './ApiError.ts';
import { type CallArgs, type EndpointInputArg, type LooseInput, sendEndpoint } from './callEndpoint.ts';
import { targetKey } from './endpointQuery.ts';

/**
 * Writes (decision 070). Every write's endpoint declares what it changes in the cache (contract
 * `invalidates`: areas or GET paths); once the call settles, these refresh it, so no screen lists
 * keys and no list stays stale until its `staleTime` runs out. After a failure too: a timeout may
 * have written, and a refusal puts back what a screen showed ahead of the answer (a moved row, a
 * flipped switch). Not after a 401: the session is gone and the login page follows. A dry run
 * (`?dryRun=true`, `?validate=true`, as the endpoint names its flag) wrote nothing and refreshes nothing.
 */

/** An endpoint that writes: any method but GET. */
export type WriteEndpoint = EndpointDefinition & { method: 'POST' | 'PUT' | 'DELETE' };

/** What `mutate` takes: the endpoint's input, or nothing when it needs none. */
export type MutationInput<E extends EndpointDefinition> = EndpointInputArg<E>[0];

/** Refreshes what a settled write of this endpoint may have changed. */
export function refreshAfterWrite(
  queryClient: QueryClient,
  endpoint: EndpointDefinition,
  input: unknown,
  error?: unknown,
): Promise<unknown> {
  const { query } = (input ?? {}) as LooseInput;
  const dryRun = endpoint.dryRun !== undefined && String(query?.[endpoint.dryRun]) === 'true';
  if (dryRun || (isApiError(error) && error.status === 401)) return Promise.resolve();
  return Promise.all((endpoint.invalidates ?? []).map((target) => queryClient.invalidateQueries({ queryKey: targetKey(target) })));
}

/**
 * Sends one write and starts refreshing what it changed; resolves (or fails) with the call, without
 * waiting for the refresh, so a flow goes on at once (the next step, another page).
 */
export async function sendWrite<E extends WriteEndpoint>(
  queryClient: QueryClient,
  endpoint: E,
  ...[input, options]: CallArgs<E>
): Promise<EndpointOutput<E>> {
  try {
    const answer = await sendEndpoint(endpoint, input, options);
    void refreshAfterWrite(queryClient, endpoint, input);
    return answer;
  } catch (error) {
    void refreshAfterWrite(queryClient, endpoint, input, error);
    throw error;
  }
}

/**
 * The writes of a flow of several steps (upload a file, then attach it; save, then go on): `const
 * write = useWrite(); await write(fileEndpoints.upload, { body })`. Each refreshes what it changed.
 */
export function useWrite() {
  const queryClient = useQueryClient();
  return useCallback(
    <E extends WriteEndpoint>(endpoint: E, ...args: CallArgs<E>) => sendWrite(queryClient, endpoint, ...args),
    [queryClient],
  );
}

export interface EndpointMutationOptions<E extends EndpointDefinition, OnMutate = unknown>
  extends Omit<UseMutationOptions<EndpointOutput<E>, Error, MutationInput<E>, OnMutate>, 'mutationFn'> {
  /**
   * Refresh once this many milliseconds pass without another call of this mutation settling, not after
   * each (scans: redrawing the list between two scans would hold up the reader's keys). Leaving the
   * screen refreshes at once.
   */
  refreshWhenIdle?: number;
}

/** Whether another write of the scope is still waiting or running beside the one settling (itself still pending). */
function laterInScope(queryClient: QueryClient, scope: string | undefined): boolean {
  if (scope === undefined) return false;
  const pending = queryClient.getMutationCache().findAll({ status: 'pending', predicate: (m) => m.options.scope?.id === scope });
  return pending.length > 1;
}

/**
 * `useEndpointMutation(ownerEndpoints.create)`; `mutate({ body })`. The screen's own onSettled runs
 * first; the mutation stays pending until the refresh has read what changed.
 */
export function useEndpointMutation<E extends WriteEndpoint, OnMutate = unknown>(
  endpoint: E,
  { refreshWhenIdle, onSettled, ...options }: EndpointMutationOptions<E, OnMutate> = {},
) {
  const queryClient = useQueryClient();
  const waiting = useRef<{ timer: ReturnType<typeof setTimeout>; refresh: () => void } | undefined>(undefined);
  useEffect(
    () => () => {
      clearTimeout(waiting.current?.timer);
      waiting.current?.refresh();
    },
    [],
  );
  return useMutation<EndpointOutput<E>, Error, MutationInput<E>, OnMutate>({
    ...options,
    mutationFn: (input) => sendEndpoint(endpoint, input),
    onSettled: async (data, error, input, onMutateResult, context) => {
      await onSettled?.(data, error, input, onMutateResult, context);
      // Writes of one scope go one after another (the editor's moves): a refresh between two would read
      // the order before the later one and show it over that one's own order until its answer, so a
      // drag in that moment took the wrong row. Only the last write waiting in the scope refreshes.
      if (laterInScope(queryClient, options.scope?.id)) return;
      if (refreshWhenIdle === undefined) return refreshAfterWrite(queryClient, endpoint, input, error);
      clearTimeout(waiting.current?.timer);
      const refresh = () => {
        waiting.current = undefined;
        void refreshAfterWrite(queryClient, endpoint, input, error);
      };
      waiting.current = { timer: setTimeout(refresh, refreshWhenIdle), refresh };
    },
  });
}
