/**
 * Method, path and access of the calls the web client makes before any page's code has loaded
 * (sign in, the signed-in user, sign out, a download token), without their schemas: the client's
 * first route then needs no zod (decision 043). The definitions in account.ts and files.ts are built
 * from these, so a path or an access is still written once; `callOf` types one as its full definition.
 */
import type { EndpointDefinition } from './endpoint.ts';

export const firstRouteCalls = {
  // Signing in and out change no cached read: the web keys the user's reads by the session and clears them on logout.
  login: { method: 'POST', path: '/Account/Login', access: { public: true }, invalidates: [] },
  logout: { method: 'POST', path: '/Account/Logout', access: { level: 'None' }, invalidates: [] },
  currentUser: { method: 'GET', path: '/Account/CurrentUser', access: { level: 'None' } },
  downloadToken: { method: 'POST', path: '/Account/DownloadToken', access: { level: 'None' }, invalidates: [] },
} as const satisfies Record<string, FirstRouteCall>;

/** What the client reads of a definition at run time. */
type FirstRouteCall = Pick<EndpointDefinition, 'method' | 'path' | 'access' | 'invalidates'>;

/**
 * A call without its schemas, typed as its full definition (`callOf<typeof accountEndpoints.login>(
 * firstRouteCalls.login)`): the typed client reads only method, path, access and what a write refreshes at run time.
 */
export const callOf = <E extends EndpointDefinition>(
  call: Pick<E, 'method' | 'path' | 'access'> & Pick<EndpointDefinition, 'invalidates'>,
): E => call as E;
