import type { CreateRigBody, Folder } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';
import { invalidateFolders } from './keys.ts';

/** POST /Rigs: a new rig. */
export const postRig = (body: CreateRigBody) => api.post<Folder>('/Rigs', body);

export function useCreateRig() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: postRig, onSuccess: () => invalidateFolders(queryClient) });
}
