import { MutationCache, onlineManager, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api/ApiError.ts';
import { showErrorToast } from './notify.tsx';

declare module '@tanstack/react-query' {
  interface Register {
    /** `toastErrors: false` lets a screen show the error itself (e.g. under form fields). */
    queryMeta: { toastErrors?: boolean };
    mutationMeta: { toastErrors?: boolean };
  }
}

function shouldToast(error: unknown, meta: { toastErrors?: boolean } | undefined): boolean {
  // A 401 already sends the user to the login page; a toast on top would only confuse.
  if (isApiError(error) && error.status === 401) return false;
  return meta?.toastErrors !== false;
}

export function createQueryClient(): QueryClient {
  // TanStack assumes online until an 'offline' event: a page opened without a network (the offline
  // editor's reload) would try every read. Paused reads send nothing until the network returns.
  onlineManager.setOnline(globalThis.navigator?.onLine !== false);
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (shouldToast(error, query.meta)) showErrorToast(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        // A save's validation body belongs to its form: messages under the fields and one toast that
        // names them by label (useValidatedForm's showServerErrors), never a second toast with keys.
        if (isApiError(error) && error.hasFieldErrors) return;
        if (shouldToast(error, mutation.meta)) showErrorToast(error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Client errors (4xx) will not heal by retrying; an offline API or a 5xx may.
        retry: (failureCount, error) => failureCount < 1 && !(isApiError(error) && error.status >= 400 && error.status < 500),
      },
    },
  });
}
