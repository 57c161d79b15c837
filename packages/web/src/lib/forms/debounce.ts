import { useEffect, useMemo, useRef } from 'react';

export interface Debounced<A extends unknown[]> {
  (...args: A): void;
  /** Drops a pending call. */
  cancel(): void;
  /** Runs a pending call now (e.g. on save or close). */
  flush(): void;
  pending(): boolean;
}

/** Calls fn once, `ms` after the last call, with the last call's arguments. */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms: number): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastArgs: A | undefined;
  const run = () => {
    const args = lastArgs as A;
    timer = undefined;
    lastArgs = undefined;
    fn(...args);
  };
  const debounced = ((...args: A) => {
    lastArgs = args;
    clearTimeout(timer);
    timer = setTimeout(run, ms);
  }) as Debounced<A>;
  debounced.cancel = () => {
    clearTimeout(timer);
    timer = undefined;
    lastArgs = undefined;
  };
  debounced.flush = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    run();
  };
  debounced.pending = () => timer !== undefined;
  return debounced;
}

/** A stable debounced callback that always calls the latest fn and is cancelled on unmount. */
export function useDebouncedCallback<A extends unknown[]>(fn: (...args: A) => void, ms: number): Debounced<A> {
  const latest = useRef(fn);
  latest.current = fn;
  const debounced = useMemo(() => debounce((...args: A) => latest.current(...args), ms), [ms]);
  useEffect(() => () => debounced.cancel(), [debounced]);
  return debounced;
}
