import type { UserDetail, UserEditBody } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';
import { userDetailQuery } from './userDetail.ts';

export const putUser = (id: number, body: UserEditBody) => api.put<UserDetail>(`/Users/${id}`, body);

/** Saves level, type, owners and alias (PUT /Users/{id}); the editor shows field errors itself. */
export function useSaveUser(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { toastErrors: false },
    mutationFn: (body: UserEditBody) => putUser(id, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(userDetailQuery(id).queryKey, saved);
      return queryClient.invalidateQueries({ queryKey: ['users', 'list'] });
    },
  });
}
