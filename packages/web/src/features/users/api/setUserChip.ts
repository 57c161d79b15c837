import type { AdminUser } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';
import { userDetailQuery } from './userDetail.ts';

export const postUserChip = (userId: number, chipId: string) =>
  api.post<AdminUser>(`/Account/SetUserChip/${userId}/${encodeURIComponent(chipId)}`);

/** Gives the user a chip (POST /Account/SetUserChip/{userId}/{chipId}); the chip field shows failures. */
export function useSetUserChip(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { toastErrors: false },
    mutationFn: (chipId: string) => postUserChip(userId, chipId),
    onSuccess: (user) => {
      queryClient.setQueryData(userDetailQuery(userId).queryKey, (current) => current && { ...current, chipId: user.chipId });
      return queryClient.invalidateQueries({ queryKey: ['users', 'list'] });
    },
  });
}
