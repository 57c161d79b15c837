import { fileEndpoints } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api/callEndpoint.ts';
import { invalidateEndpoints } from '../../lib/api/endpointQuery.ts';

/**
 * Uploads a file for the help list (POST /Files?purpose=help), then adds it (POST /Help). When the
 * second call fails, the upload is removed again so that no orphan file stays behind.
 */
async function addHelpFile(file: File) {
  const body = new FormData();
  body.append('File', file);
  const uploaded = await callEndpoint(fileEndpoints.upload, { query: { purpose: 'help' }, body });
  try {
    return await callEndpoint(fileEndpoints.addHelp, { body: { fileId: uploaded.id } });
  } catch (error) {
    await callEndpoint(fileEndpoints.delete, { params: { id: uploaded.id } }).catch(() => undefined);
    throw error;
  }
}

export function useAddHelpFile() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addHelpFile, onSuccess: () => invalidateEndpoints(queryClient, [fileEndpoints.help]) });
}
