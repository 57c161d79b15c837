import { eventItemEndpoints as e } from '@portal/contract';
import { useEndpoint, useEndpointMutation } from '../../lib/api/endpointQuery.ts';

/** Item writes change the event's rows, the notifications list, equipment pages and unlinked items. */
const changes = ['EventComponents', 'Notification', 'Equipment', 'Unlinked', 'Events'] as const;

export const useEventRows = (eventId: number) => useEndpoint(e.itemsForEdit, { params: { eventId } });
export const useEventHeader = (eventId: number) => useEndpoint(e.equipmentDetails, { params: { eventId } });
export const useAddItem = () => useEndpointMutation(e.add, { invalidates: changes });
export const useAddSeries = () => useEndpointMutation(e.series, { invalidates: changes });
export const useImportItems = () => useEndpointMutation(e.importItems, { invalidates: changes });
export const useValidateImport = () => useEndpointMutation(e.importAndValidate);
export const useUpdateItem = () => useEndpointMutation(e.update, { invalidates: changes });
export const useDeleteItem = () => useEndpointMutation(e.delete, { invalidates: changes });
export const useMoveItem = () => useEndpointMutation(e.move, { invalidates: ['EventComponents'] });
export const useSetStatusOnAll = () => useEndpointMutation(e.setStatusOnAll, { invalidates: changes });
export const useAddImage = () => useEndpointMutation(e.addImage, { invalidates: ['EventComponents'] });
export const useDeleteImage = () => useEndpointMutation(e.deleteImage, { invalidates: ['EventComponents'] });

/** Field keys as the user sees them, for the 'N Problems found' toast. */
export const fieldLabels = {
  stampedId: 'Stamped id',
  statusId: 'Status',
  comment: 'Comment',
  numberFrom: 'Number from',
  numberTo: 'Number to',
  prefix: 'Prefix',
  postFix: 'Postfix',
  stampedIds: 'Stamped ids',
  sequence: 'Position',
};
