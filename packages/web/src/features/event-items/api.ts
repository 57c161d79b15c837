import { eventItemEndpoints as e } from '@portal/contract';
import { useEndpoint } from '../../lib/api/endpointQuery.ts';
import { useEndpointMutation } from '../../lib/api/mutation.ts';

/*
 * Each write refreshes what its endpoint declares (contract event-items/endpoints.ts): an add, a status
 * or a flag changes the editor's rows, the event, the item's page, notifications, unlinked items, the
 * reports and the due list.
 */
export const useEventRows = (eventId: number) => useEndpoint(e.itemsForEdit, { params: { eventId } });
export const useEventHeader = (eventId: number) => useEndpoint(e.equipmentDetails, { params: { eventId } });
export const useAddItem = () => useEndpointMutation(e.add);
export const useAddSeries = () => useEndpointMutation(e.series);
export const useImportItems = () => useEndpointMutation(e.importItems);
export const useUpdateItem = () => useEndpointMutation(e.update);
export const useDeleteItem = () => useEndpointMutation(e.delete);
export const useSetStatusOnAll = () => useEndpointMutation(e.setStatusOnAll);

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
