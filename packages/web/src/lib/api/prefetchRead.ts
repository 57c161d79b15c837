import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * A page's first read started early (a page's `prefetch`, app/lazyPage.ts), with the key its own query
 * uses (`endpointQuery(...)`). Without toasts: if it fails, the page's query tries again when it mounts
 * and shows the failure its own way (LoadFailed, not found, access denied).
 */
export function prefetchRead<T, K extends QueryKey>(queryClient: QueryClient, query: FetchQueryOptions<T, Error, T, K>): void {
  void queryClient.prefetchQuery({ ...query, meta: { toastErrors: false } });
}
