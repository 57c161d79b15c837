import type { CreateFolderBody, Folder } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';
import { invalidateFolders } from './keys.ts';

/** POST /Folders: an event type (kind 'eventType'), or a status or project under its parent. */
export const postFolder = (body: CreateFolderBody) => api.post<Folder>('/Folders', body);

export function useCreateFolder() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: postFolder, onSuccess: () => invalidateFolders(queryClient) });
}
