import { accountEndpoints, type LoginBody } from '@portal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { callEndpoint } from '../../lib/api/callEndpoint.ts';
import { endpointKey, useEndpointMutation } from '../../lib/api/endpointQuery.ts';
import { endSession, startSession, useToken } from '../../lib/session.ts';

/** The endpoint's key plus the token, so a new login never sees the previous user's data. */
const currentUserQuery = (token: string | null) =>
  queryOptions({
    queryKey: [...endpointKey(accountEndpoints.currentUser), token],
    queryFn: ({ signal }) => callEndpoint(accountEndpoints.currentUser, undefined, { signal }),
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
  return useMutation({
    meta: { toastErrors: false },
    mutationFn: async (body: LoginBody) => {
      // A wrong pair answers 401: that is the form's business, not the session's (login is public).
      const response = await callEndpoint(accountEndpoints.login, { body });
      startSession(response.token, response.userName);
      return queryClient.fetchQuery(currentUserQuery(response.token));
    },
  });
}

/** Ends the session on the server, then locally whatever the server said, and returns to '/'. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useEndpointMutation(accountEndpoints.logout, {
    meta: { toastErrors: false },
    onSettled: () => {
      endSession();
      queryClient.clear();
      navigate('/', { replace: true });
    },
  });
}
