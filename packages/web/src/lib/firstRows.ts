import type { CurrentUser } from '@portal/contract';
import type { QueryClient } from '@tanstack/react-query';
import { startTransition, useEffect, useState } from 'react';
import type { Params } from 'react-router';

/** What a page's `prefetch` gets on a full load: the address, the signed-in user and the query cache. */
export interface FirstLoad {
  queryClient: QueryClient;
  user: CurrentUser;
  params: Params;
  pathname: string;
  search: URLSearchParams;
}

/**
 * "First rows first" (issue 26 part 2, docs/ui.md "First rows on a phone"): what a person does not need
 * to see the first record (the filter selects, the menus' popovers, the offline queue's code) waits
 * until a list has painted its first rows, or its empty or failed state. A page without a list lets
 * them in after WAIT_MS at most. They then mount in a transition: in slices, never blocking a tap.
 */
let shown = false;
const listeners = new Set<() => void>();
let fallback: ReturnType<typeof setTimeout> | undefined;

/** The longest the deferred parts wait for a list (ms), on a page that has none or a slow one. */
export const WAIT_MS = 1500;

function open() {
  if (shown) return;
  shown = true;
  clearTimeout(fallback);
  for (const listener of listeners) listener();
  listeners.clear();
}

/**
 * A list calls this once its first rows (or its empty or failed state) are committed: the deferred parts
 * follow after the browser has painted them (a frame, then a task).
 */
export function markFirstRows(): void {
  if (shown) return;
  if (typeof requestAnimationFrame === 'undefined') open();
  else requestAnimationFrame(() => setTimeout(open, 0));
}

/** Whether the first rows have shown; false until then, in a component that can wait. */
export function useAfterFirstRows(): boolean {
  const [ready, setReady] = useState(shown);
  useEffect(() => {
    if (ready) return;
    if (shown) {
      setReady(true);
      return;
    }
    const listener = () => startTransition(() => setReady(true));
    listeners.add(listener);
    fallback ??= setTimeout(open, WAIT_MS);
    return () => {
      listeners.delete(listener);
    };
  }, [ready]);
  return ready;
}

/** Runs `work` once the first rows have shown (or at once when they have). */
export function afterFirstRows(work: () => void): () => void {
  if (shown) {
    work();
    return () => {};
  }
  let live = true;
  const listener = () => {
    if (live) work();
  };
  listeners.add(listener);
  fallback ??= setTimeout(open, WAIT_MS);
  return () => {
    live = false;
    listeners.delete(listener);
  };
}
