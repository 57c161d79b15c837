import { type ComponentType, createElement, lazy, useState } from 'react';
import type { FirstLoad } from '../lib/firstRows.ts';

/**
 * A page component may carry `prefetch`: on a full load it starts the page's first read as soon as the
 * user and the page's code are in, beside the frame's render (firstLoad.ts), with the key the page's
 * query uses, so that the page renders its rows at once instead of a skeleton and then the rows.
 */
export type Prefetching = { prefetch?: (load: FirstLoad) => void };

/** A lazily loaded component whose code can be fetched before it first renders. */
export type Preloadable<P> = ComponentType<P> & {
  preload: () => Promise<unknown>;
  /** Loads the code, then runs the page's own `prefetch` (Prefetching), if it has one. */
  prefetch: (load: FirstLoad) => Promise<void>;
  /** Whether the code is in: a component mounted from then on renders without suspending. */
  loaded: () => boolean;
};

/**
 * A screen of the route table whose code loads the first time it is shown, so that the login page
 * (and every other page) downloads only its own code. `name` is the component's export:
 *
 *   const EventsRoute = lazyPage(() => import('../features/events/routes/EventsRoute.tsx'), 'EventsRoute');
 *
 * While the code loads, PageGate shows the page skeleton inside the frame. `preload()` starts the
 * download early (firstLoad.ts) and is the same promise React then waits on. Once the code is in, a
 * newly mounted page renders the component itself, without React.lazy: lazy suspends once even on a
 * settled promise, and React holds the commit that replaces a Suspense fallback until 300 ms after
 * that fallback showed (docs/ui.md "First rows on a phone"). Each mounted instance keeps the kind it
 * started with, so that a re-render never swaps the component type (which would remount the page).
 */
export function lazyPage<M extends Record<K, ComponentType<any>>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): Preloadable<M[K] extends ComponentType<infer P> ? P : never> {
  let loading: Promise<{ default: M[K] }> | undefined;
  let component: M[K] | undefined;
  const preload = () => {
    loading ??= load().then((module) => {
      component = module[name];
      return { default: module[name] };
    });
    return loading;
  };
  const Lazy = lazy(preload);
  // biome-ignore lint/correctness/noComponentHookFactories: one component per page of the route table, made once at start-up
  function LazyPage(props: object) {
    const [direct] = useState(() => component);
    return createElement((direct ?? Lazy) as ComponentType<object>, props);
  }
  const prefetch = (first: FirstLoad) => preload().then(() => (component as Prefetching | undefined)?.prefetch?.(first));
  return Object.assign(LazyPage, { preload, prefetch, loaded: () => component !== undefined }) as never;
}
