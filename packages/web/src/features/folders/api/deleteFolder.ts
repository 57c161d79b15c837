import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';
import { invalidateFolders } from './keys.ts';

/** DELETE /Folders/{id}; the server refuses (409) while anything uses it, and its message is toasted. */
export const deleteFolderById = (id: number) => api.delete<void>(`/Folders/${id}`);

export function useDeleteFolder() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteFolderById, onSuccess: () => invalidateFolders(queryClient) });
}
