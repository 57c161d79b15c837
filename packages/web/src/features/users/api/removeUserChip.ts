import type { AdminUser } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';
import { userDetailQuery } from './userDetail.ts';

export const postRemoveUserChip = (userId: number) => api.post<AdminUser>(`/Account/${userId}/RemoveChip`);

/** POST /Account/{id}/RemoveChip; a failure is toasted with the server's message. */
export function useRemoveUserChip(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => postRemoveUserChip(userId),
    onSuccess: (user) => {
      queryClient.setQueryData(userDetailQuery(userId).queryKey, (current) => current && { ...current, chipId: user.chipId });
      return queryClient.invalidateQueries({ queryKey: ['users', 'list'] });
    },
  });
}
