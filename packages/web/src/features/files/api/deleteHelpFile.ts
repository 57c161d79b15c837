import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';
import { helpKeys } from './keys.ts';

/** DELETE /Help?id: removes the entry and its file. */
export const deleteHelpFile = (id: number) => api.delete<void>('/Help', { query: { id } });

export function useDeleteHelpFile() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteHelpFile, onSuccess: () => queryClient.invalidateQueries({ queryKey: helpKeys.all }) });
}
