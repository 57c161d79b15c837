import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** A lazily loaded component whose code can be fetched before it first renders. */
export type Preloadable<P> = LazyExoticComponent<ComponentType<P>> & { preload: () => Promise<unknown> };

/**
 * A screen of the route table whose code loads the first time it is shown, so that the login page
 * (and every other page) downloads only its own code. `name` is the component's export:
 *
 *   const EventsRoute = lazyPage(() => import('../features/events/routes/EventsRoute.tsx'), 'EventsRoute');
 *
 * While the code loads, PageGate shows the page skeleton inside the frame. `preload()` starts the
 * download early (firstLoad.ts) and is the same promise React then waits on.
 */
export function lazyPage<M extends Record<K, ComponentType<any>>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): Preloadable<M[K] extends ComponentType<infer P> ? P : never> {
  let loading: Promise<{ default: M[K] }> | undefined;
  const preload = () => {
    loading ??= load().then((module) => ({ default: module[name] }));
    return loading;
  };
  return Object.assign(lazy(preload), { preload }) as never;
}
