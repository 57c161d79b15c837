import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';

export const deleteUserById = (id: number) => api.delete<void>(`/Users/${id}`);

/** DELETE /Users/{id}; a failure is toasted with the server's message. */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUserById,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: ['users', 'detail', id] });
      return queryClient.invalidateQueries({ queryKey: ['users', 'list'] });
    },
  });
}
