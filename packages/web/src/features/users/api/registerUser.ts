import type { AdminUser, RegisterUserBody } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';

export const postRegisterUser = (body: RegisterUserBody) => api.post<AdminUser>('/Account/Register', body);

/** Adds a user by email (POST /Account/Register); the add field shows the failure itself. */
export function useRegisterUser() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { toastErrors: false },
    mutationFn: postRegisterUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users', 'list'] }),
  });
}
