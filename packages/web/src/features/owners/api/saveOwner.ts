import type { Owner, OwnerBody } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';
import { ownerKeys } from './keys.ts';

/** POST /Owners, or PUT /Owners/{id} when editing. */
export const saveOwner = ({ id, body }: { id?: number; body: OwnerBody }) =>
  id === undefined ? api.post<Owner>('/Owners', body) : api.put<Owner>(`/Owners/${id}`, body);

export function useSaveOwner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveOwner,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownerKeys.all }),
  });
}
