import { unlinkedEndpoints } from '@portal/contract';
import { useEndpointMutation } from '../../lib/api/mutation.ts';

export const useSaveUnlinked = () => useEndpointMutation(unlinkedEndpoints.update);
export const useDeleteUnlinked = () => useEndpointMutation(unlinkedEndpoints.delete);

/** Field keys of PUT /Unlinked/{id} as the user sees them, for the 'N Problems found' toast. */
export const fieldLabels = { length: 'Length', comment: 'Comment', certificateId: 'Certificate' };
