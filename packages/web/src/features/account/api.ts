import { type accountEndpoints, callOf, firstRouteCalls, type LoginBody } from '@portal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { endpointKey, fetchEndpoint } from '../../lib/api/endpointQuery.ts';
import { useEndpointMutation, useWrite } from '../../lib/api/mutation.ts';
import { endSession, startSession, useToken } from '../../lib/session.ts';

/**
 * The calls of the first route, typed as their definitions but without their zod schemas (decision
 * 043): the login page and the frame load before any page's code, and zod is a third of that.
 */
const account = {
  login: callOf<typeof accountEndpoints.login>(firstRouteCalls.login),
  logout: callOf<typeof accountEndpoints.logout>(firstRouteCalls.logout),
  currentUser: callOf<typeof accountEndpoints.currentUser>(firstRouteCalls.currentUser),
};

/** The endpoint's key plus the token, so a new login never sees the previous user's data. */
export const currentUserQuery = (token: string | null) =>
  queryOptions({
    queryKey: [...endpointKey(account.currentUser), token],
    // Without a network, the user as last seen on this device, found by the token (features/offline,
    // decision 078). Always tried, not paused while offline, so that the offline editor can open.
    queryFn: ({ signal }) =>
      fetchEndpoint(account.currentUser, undefined, { signal }).catch(async (error) => {
        const user =
          token && error?.status === 0 && (await import('../offline/index.ts').then((m) => m.readOfflineUser(token)).catch(() => null));
        if (user) return user;
        throw error;
      }),
    networkMode: 'always',
    enabled: token !== null,
    staleTime: 5 * 60_000,
  });

/** The signed-in user; `user` is undefined while logged out or loading. */
export function useCurrentUser() {
  const token = useToken();
  const query = useQuery(currentUserQuery(token));
  return { token, user: token ? query.data : undefined, query };
}

/** Logs in, keeps the token and user name, and loads the current user before resolving. */
export function useLogin() {
  const queryClient = useQueryClient();
  const write = useWrite();
  return useMutation({
    meta: { toastErrors: false },
    mutationFn: async (body: LoginBody) => {
      // A wrong pair answers 401: that is the form's business, not the session's (login is public).
      const response = await write(account.login, { body });
      startSession(response.token, response.userName);
      return queryClient.fetchQuery(currentUserQuery(response.token));
    },
  });
}

/** Ends the session on the server, then locally whatever the server said, and returns to '/'. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useEndpointMutation(account.logout, {
    meta: { toastErrors: false },
    // Without a network it fails at once and the session ends here all the same; never paused till online.
    networkMode: 'always',
    onSettled: () => {
      endSession();
      queryClient.clear();
      navigate('/', { replace: true });
    },
  });
}
