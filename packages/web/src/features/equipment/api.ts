import { chipEndpoints, type EquipmentDetail, equipmentEndpoints } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { endpointQuery } from '../../lib/api/endpointQuery.ts';
import { useEndpointMutation } from '../../lib/api/mutation.ts';

/** The page's cached detail (GET /Equipment/Item/{stampedId}: any stamped id, decision 040). */
export const detailKey = (stampedId: string) => endpointQuery(equipmentEndpoints.item, { params: { id: stampedId } }).queryKey;

/** PUT /Equipment/{stampedId}/hidden/{flag} answers the item: the page shows it at once, before the lists refresh. */
export function useSetHidden() {
  const queryClient = useQueryClient();
  return useEndpointMutation(equipmentEndpoints.setHidden, {
    onSuccess: (detail: EquipmentDetail) => queryClient.setQueryData(detailKey(detail.stampedId), detail),
  });
}

/** POST /Chips; the chip field shows a refusal under itself, so the query client does not toast it. */
export const useAddChip = () => useEndpointMutation(chipEndpoints.add, { meta: { toastErrors: false } });

/** DELETE /Chips/{chipId}; a failure is toasted with the server's message. */
export const useRemoveChip = () => useEndpointMutation(chipEndpoints.remove);
