import { fileEndpoints } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { useWrite } from '../../lib/api/mutation.ts';

/**
 * Uploads a file for the help list (POST /Files?purpose=help), then adds it (POST /Help). When the
 * second call fails, the upload is removed again so that no orphan file stays behind.
 */
export function useAddHelpFile() {
  const write = useWrite();
  return useMutation({
    mutationFn: async (file: File) => {
      const body = new FormData();
      body.append('File', file);
      const uploaded = await write(fileEndpoints.upload, { query: { purpose: 'help' }, body });
      try {
        return await write(fileEndpoints.addHelp, { body: { fileId: uploaded.id } });
      } catch (error) {
        await write(fileEndpoints.delete, { params: { id: uploaded.id } }).catch(() => undefined);
        throw error;
      }
    },
  });
}
