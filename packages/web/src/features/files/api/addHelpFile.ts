import type { HelpFile } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';
import { helpKeys } from './keys.ts';
import { deleteFile, uploadFile } from './uploadFile.ts';

export const postHelpFile = (fileId: number) => api.post<HelpFile>('/Help', { fileId });

/**
 * Uploads a file for the help list (POST /Files?purpose=help), then adds it (POST /Help). When the
 * second call fails, the upload is removed again so that no orphan file stays behind.
 */
export async function addHelpFile(file: File): Promise<HelpFile> {
  const uploaded = await uploadFile(file, 'help');
  try {
    return await postHelpFile(uploaded.id);
  } catch (error) {
    await deleteFile(uploaded.id).catch(() => undefined);
    throw error;
  }
}

export function useAddHelpFile() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addHelpFile, onSuccess: () => queryClient.invalidateQueries({ queryKey: helpKeys.all }) });
}
