import { type AdminUser, userEndpoints } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { endpointKey, endpointQuery } from '../../lib/api/endpointQuery.ts';
import { useEndpointMutation } from '../../lib/api/mutation.ts';

/**
 * User writes answer the changed user: the editor's cached detail (GET /Users/{id}) shows the answer at
 * once; the users' reads refresh as the contract declares.
 */
const detailKey = (id: number) => endpointQuery(userEndpoints.get, { params: { id } }).queryKey;

/** Saves level, type, owners and alias (PUT /Users/{id}); the editor shows field errors itself. */
export function useSaveUser() {
  const queryClient = useQueryClient();
  return useEndpointMutation(userEndpoints.update, {
    meta: { toastErrors: false },
    onSuccess: (saved) => queryClient.setQueryData(detailKey(saved.id), saved),
  });
}

function usePatchChip() {
  const queryClient = useQueryClient();
  return (user: AdminUser) => queryClient.setQueryData(detailKey(user.id), (current) => current && { ...current, chipId: user.chipId });
}

/** Gives the user a chip (POST /Account/SetUserChip/{userId}/{chipId}); the chip field shows failures. */
export function useSetUserChip() {
  const patchChip = usePatchChip();
  return useEndpointMutation(userEndpoints.setChip, { meta: { toastErrors: false }, onSuccess: patchChip });
}

/** POST /Account/{id}/RemoveChip; a failure is toasted with the server's message. */
export function useRemoveUserChip() {
  const patchChip = usePatchChip();
  return useEndpointMutation(userEndpoints.removeChip, { onSuccess: patchChip });
}

/** DELETE /Users/{id}; a failure is toasted with the server's message. */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useEndpointMutation(userEndpoints.delete, {
    onSuccess: (_result, { params }) => queryClient.removeQueries({ queryKey: endpointKey(userEndpoints.get, { params }) }),
  });
}
