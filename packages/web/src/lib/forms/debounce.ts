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

export interface KeyedDebounce {
  /**
   * Starts the key's wait again; when it ends, runs task with a signal that aborts once the key is
   * scheduled again or cancelled, so a task still running (an async rule) can drop its late answer.
   */
  schedule(key: string, task: (signal: AbortSignal) => void): void;
  /** Stops the keys' tasks, waiting or running; all keys when none are given. */
  cancel(keys?: Iterable<string>): void;
}

/** One debounced task per key (e.g. per form field), each cancellable while it waits and while it runs. */
export function keyedDebounce(ms: number): KeyedDebounce {
  const waiting = new Map<string, ReturnType<typeof setTimeout>>();
  const running = new Map<string, AbortController>();
  const cancel = (keys: Iterable<string> = new Set([...waiting.keys(), ...running.keys()])) => {
    for (const key of keys) {
      clearTimeout(waiting.get(key));
      waiting.delete(key);
      running.get(key)?.abort();
      running.delete(key);
    }
  };
  const schedule = (key: string, task: (signal: AbortSignal) => void) => {
    cancel([key]);
    waiting.set(
      key,
      setTimeout(() => {
        waiting.delete(key);
        const controller = new AbortController();
        running.set(key, controller);
        task(controller.signal);
      }, ms),
    );
  };
  return { schedule, cancel };
}

/** A stable debounced callback that always calls the latest fn and is cancelled on unmount. */
export function useDebouncedCallback<A extends unknown[]>(fn: (...args: A) => void, ms: number): Debounced<A> {
  const latest = useRef(fn);
  latest.current = fn;
  const debounced = useMemo(() => debounce((...args: A) => latest.current(...args), ms), [ms]);
  useEffect(() => () => debounced.cancel(), [debounced]);
  return debounced;
}
