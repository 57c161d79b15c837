import { type Folder, folderEndpoints, meaningEndpoints } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type InvalidationTarget, invalidateEndpoints, invalidationKey, useEndpointMutation } from '../../lib/api/endpointQuery.ts';

/** Folders are read under /Folders and /Rigs; the events screens' pick lists and filters show them too. */
const folderReads = ['Folders', 'Rigs'] as const satisfies InvalidationTarget[];
const folderWrites = [...folderReads, 'Events'] as const satisfies InvalidationTarget[];

/** POST /Folders: an event type (kind 'eventType'), or a status or project under its parent. */
export const useCreateFolder = () => useEndpointMutation(folderEndpoints.create, { invalidates: folderWrites });
/** POST /Rigs: a new rig. */
export const useCreateRig = () => useEndpointMutation(folderEndpoints.createRig, { invalidates: folderWrites });
/** PUT /Folders/{id}: name, colour and default flag. */
export const useUpdateFolder = () => useEndpointMutation(folderEndpoints.update, { invalidates: folderWrites });
/** POST /Folders/MeaningReview/Confirm: the review list empties; the folder lists show the meanings. */
export const useConfirmMeanings = () => useEndpointMutation(meaningEndpoints.confirmMeanings, { invalidates: folderReads });
/** DELETE /Folders/{id}; the server refuses (409) while anything uses it, and its message is toasted. */
export const useDeleteFolder = () => useEndpointMutation(folderEndpoints.delete, { invalidates: folderWrites });

/**
 * PUT /Folders/{id}/enabled/{flag}: disabled folders leave the pick lists but stay on history.
 * The switch flips at once; a refusal toasts and the refetch puts it back.
 */
export function useSetFolderEnabled() {
  const queryClient = useQueryClient();
  const folderLists = folderReads.map((segment) => ({ queryKey: invalidationKey(segment) }));
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
    onSettled: () => invalidateEndpoints(queryClient, folderWrites),
  });
}
