/** Where a list stands, read from its query (TanStack Query's result fits as is). */
export interface ListQuery {
  /** No data yet: the first load. */
  isPending: boolean;
  isFetching: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** The list's state for AppDataTable: loading (skeleton rows), failed (LoadFailed) or rows (empty text when none). */
export interface ListStatus {
  loading: boolean;
  fetching: boolean;
  error: unknown;
  onRetry: () => void;
}

export function listStatus(query: ListQuery): ListStatus {
  return {
    loading: query.isPending && !query.isError,
    fetching: query.isFetching,
    error: query.isError ? query.error : null,
    onRetry: () => void query.refetch(),
  };
}
