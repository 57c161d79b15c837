import type { Folder, UpdateFolderBody } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';
import { invalidateFolders } from './keys.ts';

/** PUT /Folders/{id}: name, colour and default flag. */
export const putFolder = ({ id, body }: { id: number; body: UpdateFolderBody }) => api.put<Folder>(`/Folders/${id}`, body);

export function useUpdateFolder() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: putFolder, onSuccess: () => invalidateFolders(queryClient) });
}
