import type { LoginBody, LoginResponse } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';
import { startSession } from '../../../lib/session.ts';
import { currentUserQuery } from './currentUser.ts';

export const postLogin = (body: LoginBody) =>
  // A wrong pair answers 401: that is the form's business, not the session's.
  api.post<LoginResponse>('/Account/Login', body, { skipUnauthorizedHandler: true });

/** Logs in, keeps the token and user name, and loads the current user before resolving. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { toastErrors: false },
    mutationFn: async (body: LoginBody) => {
      const response = await postLogin(body);
      startSession(response.token, response.userName);
      return queryClient.fetchQuery(currentUserQuery(response.token));
    },
  });
}
