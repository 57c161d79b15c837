import { type Folder, folderEndpoints, meaningEndpoints } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { targetKey } from '../../lib/api/endpointQuery.ts';
import { useEndpointMutation } from '../../lib/api/mutation.ts';

/** POST /Folders: an event type (kind 'eventType'), or a status or project under its parent. */
export const useCreateFolder = () => useEndpointMutation(folderEndpoints.create);
/** POST /Rigs: a new rig. */
export const useCreateRig = () => useEndpointMutation(folderEndpoints.createRig);
/** PUT /Folders/{id}: name, colour and default flag. */
export const useUpdateFolder = () => useEndpointMutation(folderEndpoints.update);
/** POST /Folders/MeaningReview/Confirm: the review list empties. */
export const useConfirmMeanings = () => useEndpointMutation(meaningEndpoints.confirmMeanings);
/** DELETE /Folders/{id}; the server refuses (409) while anything uses it, and its message is toasted. */
export const useDeleteFolder = () => useEndpointMutation(folderEndpoints.delete);

/** The folder lists, read under /Folders and /Rigs. */
const folderLists = (['Folders', 'Rigs'] as const).map((area) => ({ queryKey: targetKey(area) }));

/**
 * PUT /Folders/{id}/enabled/{flag}: disabled folders leave the pick lists but stay on history.
 * The switch flips at once; a refusal toasts and the refresh after it puts it back.
 */
export function useSetFolderEnabled() {
  const queryClient = useQueryClient();
  return useEndpointMutation(folderEndpoints.setEnabled, {
    onMutate: async ({ params }) => {
      const enabled = params.flag === 'true';
      await Promise.all(folderLists.map((filters) => queryClient.cancelQueries(filters)));
      for (const filters of folderLists) {
        queryClient.setQueriesData<Folder[] | Folder>(filters, (data) =>
          Array.isArray(data) ? data.map((folder) => (folder.id === params.id ? { ...folder, enabled } : folder)) : data,
        );
      }
    },
  });
}
