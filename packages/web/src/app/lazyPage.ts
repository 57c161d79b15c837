import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * A screen of the route table whose code loads the first time it is shown, so that the login page
 * (and every other page) downloads only its own code. `name` is the component's export:
 *
 *   const EventsRoute = lazyPage(() => import('../features/events/routes/EventsRoute.tsx'), 'EventsRoute');
 *
 * While the code loads, PageGate shows the page skeleton inside the frame.
 */
export function lazyPage<M extends Record<K, ComponentType>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: (await load())[name] }));
}
