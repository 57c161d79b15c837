import type { Folder } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';
import { folderKeys, invalidateFolders } from './keys.ts';

/** PUT /Folders/{id}/enabled/{flag}: disabled folders leave the pick lists but stay on history. */
export const putFolderEnabled = ({ id, enabled }: { id: number; enabled: boolean }) => api.put<Folder>(`/Folders/${id}/enabled/${enabled}`);

/** The switch flips at once; a refusal toasts and the refetch puts it back. */
export function useSetFolderEnabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putFolderEnabled,
    onMutate: async ({ id, enabled }) => {
      await queryClient.cancelQueries({ queryKey: folderKeys.all });
      queryClient.setQueriesData<Folder[] | Folder>({ queryKey: folderKeys.all }, (data) =>
        Array.isArray(data) ? data.map((folder) => (folder.id === id ? { ...folder, enabled } : folder)) : data,
      );
    },
    onSettled: () => invalidateFolders(queryClient),
  });
}
